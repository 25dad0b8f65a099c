/**
 * The contract's plain values: roles, order statuses and transitions, the password rule. No TypeBox here: the access
 * policy and the sign-in pages read them, and importing a schema module would put every schema (and TypeBox) into the
 * login page's chunk (issue #22). The schema modules use and re-export them.
 */
export const ROLES = ['provider_admin', 'mandant_admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const MIN_PASSWORD_LENGTH = 10;

export const ORDER_STATUSES = ['draft', 'placed', 'confirmed', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_TRANSITIONS = ['place', 'confirm', 'complete', 'cancel'] as const;
export type OrderTransition = (typeof ORDER_TRANSITIONS)[number];

/** From which status each transition moves an order where; who may apply it is the access policy's (`core/access/policy.ts`). */
export const ORDER_TRANSITION_RULES: Record<OrderTransition, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  place: { from: ['draft'], to: 'placed' },
  confirm: { from: ['placed'], to: 'confirmed' },
  complete: { from: ['confirmed'], to: 'completed' },
  cancel: { from: ['draft', 'placed'], to: 'cancelled' },
};
