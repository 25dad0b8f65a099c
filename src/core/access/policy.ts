/**
 * Who may do what: the ONE access policy. The server's route checks (`requireAccess` in
 * `server/auth/authenticate.ts`) and the client's screens (react-admin's `authProvider.canAccess`, `useCanAccess`,
 * `<CanAccess>`) both read this table, so a button is shown exactly when the server would accept its request.
 * Which rows a permitted user reaches (their mandant's) is the other half, decided in `server/http/tenant-scope.ts`.
 * Nothing outside this module compares role names.
 */
import {
  ORDER_TRANSITION_RULES,
  ORDER_TRANSITIONS,
  ROLES,
  type OrderStatus,
  type OrderTransition,
  type Role,
} from '../api/vocabulary';

export { ROLES, type Role };

/** The API's resources (the URL segment under `/api`, and react-admin's resource names). */
export const RESOURCES = [
  'calculations',
  'collections',
  'orders',
  'carbon-offset-projects',
  'databases',
  'factors',
  'machine-sets',
  'machines',
  'imports',
  'migrations',
  'migration-items',
  'templates',
  'units',
  'protocol',
  'statistics',
  'users',
  'invitations',
  'mandants',
  'storefronts',
] as const;
export type Resource = (typeof RESOURCES)[number];

/**
 * `list`…`delete` are the REST operations; `place`…`cancel` an order's transitions; `read_all` on `mandants`: to see
 * every mandant's records instead of one's own; `roll_out` on `databases`: to make a database every mandant's default;
 * `apply` on `migrations`: to apply a previewed migration or roll an applied one back.
 */
export const ACTIONS = [
  'list',
  'read',
  'create',
  'update',
  'delete',
  'place',
  'confirm',
  'complete',
  'cancel',
  'read_all',
  'roll_out',
  'apply',
] as const;
export type Action = (typeof ACTIONS)[number];

const EVERYONE: readonly Role[] = ROLES;
const PROVIDER: readonly Role[] = ['provider_admin'];
const ADMINS: readonly Role[] = ['provider_admin', 'mandant_admin'];
/** Everyone but viewers: those who change a mandant's data. */
const WRITERS: readonly Role[] = ['provider_admin', 'mandant_admin', 'editor'];
/** Orders are the mandant's own business: the provider confirms and completes them but does not place them. */
const MANDANT_WRITERS: readonly Role[] = ['mandant_admin', 'editor'];
const MANDANT_ADMINS: readonly Role[] = ['mandant_admin'];

const readBy = (roles: readonly Role[]) => ({ list: roles, read: roles });
const writeBy = (roles: readonly Role[]) => ({ create: roles, update: roles, delete: roles });

/** resource → action → the roles allowed; an action missing from a resource is allowed to nobody. */
export const POLICY: { readonly [R in Resource]: { readonly [A in Action]?: readonly Role[] } } = {
  calculations: { ...readBy(EVERYONE), ...writeBy(WRITERS) },
  collections: { ...readBy(EVERYONE), ...writeBy(WRITERS) },
  orders: {
    ...readBy(EVERYONE),
    ...writeBy(MANDANT_WRITERS),
    place: MANDANT_WRITERS,
    confirm: PROVIDER,
    complete: PROVIDER,
    cancel: WRITERS,
  },
  'carbon-offset-projects': { ...readBy(EVERYONE), ...writeBy(PROVIDER) },
  // Mandant admins derive their own databases from published ones; which ones they may change is per record.
  databases: { ...readBy(EVERYONE), ...writeBy(ADMINS), roll_out: PROVIDER },
  factors: readBy(EVERYONE),
  // A printer's production data is its own statement about its shop, which only its admins can vouch for: provider
  // admins read every mandant's (support) but do not write it.
  'machine-sets': { ...readBy(EVERYONE), ...writeBy(MANDANT_ADMINS) },
  machines: { ...readBy(EVERYONE), ...writeBy(MANDANT_ADMINS) },
  imports: { ...readBy(EVERYONE), ...writeBy(WRITERS) },
  // Editors prepare migrations (preview, discard); applying one, or rolling it back, changes the figures of every
  // calculation it covers across the shop (issue #35): the decision of the mandant's admins.
  migrations: { ...readBy(EVERYONE), ...writeBy(WRITERS), apply: ADMINS },
  'migration-items': readBy(EVERYONE),
  // Template authors may also calculate with drafts (see `usesDraftTemplates`).
  templates: { ...readBy(EVERYONE), ...writeBy(PROVIDER) },
  // The unit catalogue is global: everyone reads it (forms show units in their language), the provider keeps it.
  units: { ...readBy(EVERYONE), ...writeBy(PROVIDER) },
  protocol: readBy(EVERYONE),
  statistics: readBy(EVERYONE),
  users: { ...readBy(ADMINS), ...writeBy(ADMINS) },
  invitations: { ...readBy(ADMINS), ...writeBy(ADMINS) },
  // Every user reads their own mandant (name, settings); its admins keep its settings.
  mandants: { ...readBy(EVERYONE), create: PROVIDER, update: ADMINS, delete: PROVIDER, read_all: PROVIDER },
  // A storefront speaks for the shop to its customers: its admins set it up (the provider helps, as with users).
  storefronts: { ...readBy(ADMINS), ...writeBy(ADMINS) },
};

/** The role an invitation suggests: one who works with calculations without administering. */
export const SUGGESTED_ROLE: Role = 'editor';

export const isResource = (value: unknown): value is Resource => (RESOURCES as readonly unknown[]).includes(value);
export const isAction = (value: unknown): value is Action => (ACTIONS as readonly unknown[]).includes(value);

/** Whether `role` (null: nobody signed in) may do `action` on `resource`. */
export function can(role: Role | null | undefined, action: Action, resource: Resource): boolean {
  if (!role) return false;
  return POLICY[resource][action]?.includes(role) ?? false;
}

/**
 * Who may publish a report's or certificate's verification page, and revoke it: those who may change what it is about
 * (viewers see the published links).
 */
export const mayPublish = (
  role: Role | null | undefined,
  subject: 'calculations' | 'collections' | 'orders',
): boolean => can(role, 'update', subject);

/** Provider staff see and act on every mandant; everybody else only on their own. */
export const seesAllMandants = (role: Role | null | undefined): boolean => can(role, 'read_all', 'mandants');

/**
 * Moving calculations onto another machine set is the mandant admin's, who keeps the machine sets: an editor may
 * migrate factor databases and templates, but not decide which machines the shop's figures come from.
 */
export const migratesMachineSets = (role: Role | null | undefined): boolean => can(role, 'update', 'machine-sets');

/** Template authors see drafts in the lists and may calculate and import with them. */
export const usesDraftTemplates = (role: Role | null | undefined): boolean => can(role, 'update', 'templates');

/**
 * The roles `grantor` may give a user or invitee: only those who see every mandant grant that power. A role that sees
 * every mandant belongs to none (`mandant_id` null).
 */
export function assignableRoles(grantor: Role | null | undefined): readonly Role[] {
  if (!can(grantor, 'create', 'users')) return [];
  return seesAllMandants(grantor) ? ROLES : ROLES.filter((role) => !seesAllMandants(role));
}

/** The transitions `role` may apply to an order in `status`. */
export function allowedOrderTransitions(role: Role | null | undefined, status: OrderStatus): OrderTransition[] {
  return ORDER_TRANSITIONS.filter((t) => ORDER_TRANSITION_RULES[t].from.includes(status) && can(role, t, 'orders'));
}

/**
 * react-admin asks with its view names (`authProvider.canAccess`); each maps to the operation the view performs. The
 * edit view doubles as the record's detail page (viewers open a calculation or a database read only), so opening it
 * is `read`; saving is `update`, which the form asks separately.
 */
const VIEW_ACTIONS: Readonly<Record<string, Action>> = { show: 'read', edit: 'read', export: 'list', clone: 'create' };

/** Who asks: the signed-in user's role and mandant (a `SessionUser` will do). */
export interface Actor {
  role: Role;
  mandant_id: number | null;
}

/**
 * The one rule finer than the table: a factor database is changed by those who see every mandant, or by its own
 * mandant's admins (a derived database); shared ones are the provider's.
 */
export function mayChangeDatabase(actor: Actor | null | undefined, database: { mandant_id: number | null }): boolean {
  if (!actor || !can(actor.role, 'update', 'databases')) return false;
  return seesAllMandants(actor.role) || (database.mandant_id !== null && database.mandant_id === actor.mandant_id);
}

/**
 * The answer to react-admin's `canAccess({ action, resource, record })`: its view names or the policy's own actions;
 * with a record, the record-level rule where there is one.
 */
export function canAccessView(
  actor: Actor | null | undefined,
  action: string,
  resource: string | undefined,
  record?: unknown,
): boolean {
  const mapped = Object.hasOwn(VIEW_ACTIONS, action) ? VIEW_ACTIONS[action] : action;
  if (!isAction(mapped) || !isResource(resource) || !can(actor?.role, mapped, resource)) return false;
  const owner = (record as { mandant_id?: unknown } | null | undefined)?.mandant_id;
  if (
    resource === 'databases' &&
    (mapped === 'update' || mapped === 'delete') &&
    (typeof owner === 'number' || owner === null)
  ) {
    return mayChangeDatabase(actor, { mandant_id: owner });
  }
  return true;
}
