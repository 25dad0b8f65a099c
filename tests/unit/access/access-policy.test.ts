/**
 * The access policy, written out once more by hand: every role × action × resource. A change of who may do what has
 * to change this table too, on purpose. Columns: P provider_admin, M mandant_admin, E editor, V viewer; `-` denied.
 */
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  POLICY,
  RESOURCES,
  ROLES,
  allowedOrderTransitions,
  assignableRoles,
  can,
  canAccessView,
  mayChangeDatabase,
  seesAllMandants,
  usesDraftTemplates,
  type Action,
  type Resource,
  type Role,
} from '../../../src/core/access/policy';

const ALL = 'PMEV';
const READ = { list: ALL, read: ALL };
const EXPECTED: Record<Resource, Partial<Record<Action, string>>> = {
  calculations: { ...READ, create: 'PME-', update: 'PME-', delete: 'PME-' },
  collections: { ...READ, create: 'PME-', update: 'PME-', delete: 'PME-' },
  orders: {
    ...READ,
    create: '-ME-',
    update: '-ME-',
    delete: '-ME-',
    place: '-ME-',
    confirm: 'P---',
    complete: 'P---',
    cancel: 'PME-',
  },
  'carbon-offset-projects': { ...READ, create: 'P---', update: 'P---', delete: 'P---' },
  databases: { ...READ, create: 'PM--', update: 'PM--', delete: 'PM--', roll_out: 'P---' },
  factors: READ,
  'machine-sets': { ...READ, create: '-M--', update: '-M--', delete: '-M--' },
  machines: { ...READ, create: '-M--', update: '-M--', delete: '-M--' },
  imports: { ...READ, create: 'PME-', update: 'PME-', delete: 'PME-' },
  migrations: { ...READ, create: 'PME-', update: 'PME-', delete: 'PME-', apply: 'PM--' },
  'migration-items': READ,
  templates: { ...READ, create: 'P---', update: 'P---', delete: 'P---' },
  units: { ...READ, create: 'P---', update: 'P---', delete: 'P---' },
  protocol: READ,
  statistics: READ,
  users: { list: 'PM--', read: 'PM--', create: 'PM--', update: 'PM--', delete: 'PM--' },
  invitations: { list: 'PM--', read: 'PM--', create: 'PM--', update: 'PM--', delete: 'PM--' },
  mandants: { ...READ, create: 'P---', update: 'PM--', delete: 'P---', read_all: 'P---' },
  storefronts: { list: 'PM--', read: 'PM--', create: 'PM--', update: 'PM--', delete: 'PM--' },
};

const allowedIn = (row: string | undefined, role: Role) => (row ?? '----')[ROLES.indexOf(role)] !== '-';

describe('access policy', () => {
  it('names the four roles in their order (the table columns)', () => {
    expect(ROLES).toEqual(['provider_admin', 'mandant_admin', 'editor', 'viewer']);
  });

  it('answers every role × action × resource as the table says', () => {
    const mismatches: string[] = [];
    for (const resource of RESOURCES) {
      for (const action of ACTIONS) {
        for (const role of ROLES) {
          const expected = allowedIn(EXPECTED[resource][action], role);
          if (can(role, action, resource) !== expected)
            mismatches.push(`${role} ${action} ${resource}: expected ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('has no resource or action the table above does not list', () => {
    expect(Object.keys(POLICY).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const resource of RESOURCES)
      expect(Object.keys(POLICY[resource]).sort()).toEqual(Object.keys(EXPECTED[resource]).sort());
  });

  it('denies everything to nobody signed in', () => {
    for (const resource of RESOURCES) for (const action of ACTIONS) expect(can(null, action, resource)).toBe(false);
  });

  it('derives its helpers from the table', () => {
    expect(ROLES.filter((role) => seesAllMandants(role))).toEqual(['provider_admin']);
    expect(ROLES.filter((role) => usesDraftTemplates(role))).toEqual(['provider_admin']);
    expect(assignableRoles('provider_admin')).toEqual(ROLES);
    expect(assignableRoles('mandant_admin')).toEqual(['mandant_admin', 'editor', 'viewer']);
    expect(assignableRoles('editor')).toEqual([]);
    expect(assignableRoles(null)).toEqual([]);
  });

  it('offers each role the order transitions the table allows from each status', () => {
    expect(allowedOrderTransitions('editor', 'draft')).toEqual(['place', 'cancel']);
    expect(allowedOrderTransitions('provider_admin', 'draft')).toEqual(['cancel']);
    expect(allowedOrderTransitions('provider_admin', 'placed')).toEqual(['confirm', 'cancel']);
    expect(allowedOrderTransitions('provider_admin', 'confirmed')).toEqual(['complete']);
    expect(allowedOrderTransitions('viewer', 'draft')).toEqual([]);
    expect(allowedOrderTransitions('mandant_admin', 'completed')).toEqual([]);
  });

  it('lets mandant admins change their own databases only, provider admins every one', () => {
    const own = { mandant_id: 1 };
    const other = { mandant_id: 2 };
    const shared = { mandant_id: null };
    const admin = { role: 'mandant_admin' as const, mandant_id: 1 };
    const provider = { role: 'provider_admin' as const, mandant_id: null };
    expect([own, other, shared].map((db) => mayChangeDatabase(admin, db))).toEqual([true, false, false]);
    expect([own, other, shared].map((db) => mayChangeDatabase(provider, db))).toEqual([true, true, true]);
    expect(mayChangeDatabase({ role: 'editor', mandant_id: 1 }, own)).toBe(false);
  });

  it("answers react-admin's view names through the same table", () => {
    const actor = (role: Role) => ({ role, mandant_id: 1 });
    // The edit view is also the detail page: viewers open it, saving is `update`.
    expect(canAccessView(actor('viewer'), 'edit', 'calculations')).toBe(true);
    expect(canAccessView(actor('viewer'), 'update', 'calculations')).toBe(false);
    expect(canAccessView(actor('viewer'), 'show', 'databases')).toBe(true);
    expect(canAccessView(actor('editor'), 'create', 'databases')).toBe(false);
    expect(canAccessView(actor('mandant_admin'), 'create', 'databases')).toBe(true);
    expect(canAccessView(actor('editor'), 'list', 'users')).toBe(false);
    expect(canAccessView(actor('editor'), 'export', 'calculations')).toBe(true);
    expect(canAccessView(actor('mandant_admin'), 'update', 'databases', { mandant_id: 2 })).toBe(false);
    expect(canAccessView(actor('mandant_admin'), 'update', 'databases', { mandant_id: 1 })).toBe(true);
    // Unknown names are denied rather than guessed.
    expect(canAccessView(actor('provider_admin'), 'frobnicate', 'calculations')).toBe(false);
    expect(canAccessView(actor('provider_admin'), 'list', 'constructor')).toBe(false);
    expect(canAccessView(actor('provider_admin'), 'constructor', 'users')).toBe(false);
    expect(canAccessView(null, 'list', 'calculations')).toBe(false);
  });
});
