/**
 * The server's answers follow the access policy's table: for each role and a representative route of each resource
 * and action, a denied request answers 403 before its body is even looked at, an allowed one anything but 401/403
 * (and never a 500). Bodies are left empty on purpose: an allowed write then fails validation (400) or finds nothing
 * (404), which is enough to tell it passed the access check.
 */
import { beforeAll, expect, it } from 'vitest';
import { can, ROLES, type Action, type Resource, type Role } from '../../../src/core/access/policy';
import { describeEachDatabase } from '../harness';

const ACCOUNTS: Record<Role, string> = {
  provider_admin: 'admin@kontor.example',
  mandant_admin: 'admin@muster.example',
  editor: 'editor@muster.example',
  viewer: 'viewer@muster.example',
};

const MISSING = 999_999;

/** method, path, the policy's (action, resource) the route is guarded by, and a body for writes. */
const ROUTES: Array<{ method: string; url: string; action: Action; resource: Resource; body?: unknown }> = [
  { method: 'GET', url: '/api/calculations', action: 'list', resource: 'calculations' },
  { method: 'POST', url: '/api/calculations', action: 'create', resource: 'calculations', body: {} },
  { method: 'DELETE', url: `/api/calculations/${MISSING}`, action: 'delete', resource: 'calculations' },
  { method: 'GET', url: '/api/collections', action: 'list', resource: 'collections' },
  { method: 'PUT', url: `/api/collections/${MISSING}`, action: 'update', resource: 'collections', body: {} },
  { method: 'GET', url: '/api/orders', action: 'list', resource: 'orders' },
  { method: 'POST', url: '/api/orders', action: 'create', resource: 'orders', body: {} },
  { method: 'POST', url: `/api/orders/${MISSING}/cancel`, action: 'cancel', resource: 'orders' },
  { method: 'GET', url: '/api/carbon-offset-projects', action: 'list', resource: 'carbon-offset-projects' },
  {
    method: 'POST',
    url: '/api/carbon-offset-projects',
    action: 'create',
    resource: 'carbon-offset-projects',
    body: {},
  },
  { method: 'GET', url: '/api/databases', action: 'list', resource: 'databases' },
  { method: 'POST', url: '/api/databases', action: 'create', resource: 'databases', body: {} },
  { method: 'DELETE', url: `/api/databases/${MISSING}`, action: 'delete', resource: 'databases' },
  { method: 'GET', url: '/api/factors', action: 'list', resource: 'factors' },
  { method: 'GET', url: '/api/imports', action: 'list', resource: 'imports' },
  { method: 'POST', url: `/api/imports/${MISSING}/cancel`, action: 'update', resource: 'imports' },
  { method: 'GET', url: '/api/migrations', action: 'list', resource: 'migrations' },
  { method: 'POST', url: '/api/migrations', action: 'create', resource: 'migrations', body: {} },
  { method: 'GET', url: '/api/templates', action: 'list', resource: 'templates' },
  { method: 'POST', url: '/api/templates', action: 'update', resource: 'templates', body: {} },
  { method: 'GET', url: '/api/protocol', action: 'list', resource: 'protocol' },
  { method: 'GET', url: '/api/statistics', action: 'read', resource: 'statistics' },
  { method: 'GET', url: '/api/users', action: 'list', resource: 'users' },
  { method: 'PUT', url: `/api/users/${MISSING}`, action: 'update', resource: 'users', body: {} },
  { method: 'GET', url: '/api/invitations', action: 'list', resource: 'invitations' },
  { method: 'POST', url: '/api/invitations', action: 'create', resource: 'invitations', body: {} },
  { method: 'GET', url: '/api/mandants', action: 'list', resource: 'mandants' },
  { method: 'POST', url: '/api/mandants', action: 'create', resource: 'mandants', body: {} },
  { method: 'DELETE', url: `/api/mandants/${MISSING}`, action: 'delete', resource: 'mandants' },
  { method: 'GET', url: '/api/storefronts', action: 'list', resource: 'storefronts' },
  { method: 'POST', url: '/api/storefronts', action: 'create', resource: 'storefronts', body: {} },
  { method: 'PUT', url: `/api/storefronts/${MISSING}`, action: 'update', resource: 'storefronts', body: {} },
  { method: 'GET', url: `/api/storefronts/${MISSING}/webhook-deliveries`, action: 'read', resource: 'storefronts' },
  {
    method: 'POST',
    url: `/api/storefronts/${MISSING}/webhooks`,
    action: 'update',
    resource: 'storefronts',
    body: { url: 'https://shop.example/hook' },
  },
  {
    method: 'POST',
    url: `/api/storefronts/${MISSING}/webhook-deliveries/${MISSING}/resend`,
    action: 'update',
    resource: 'storefronts',
  },
];

describeEachDatabase('access policy on the server', (ctx) => {
  const tokens = {} as Record<Role, string>;
  beforeAll(async () => {
    for (const role of ROLES) tokens[role] = await ctx.login(ACCOUNTS[role]);
  });

  it('answers every route for every role as the policy table says', async () => {
    const mismatches: string[] = [];
    for (const route of ROUTES) {
      for (const role of ROLES) {
        const response = await ctx.request(route.method, route.url, { token: tokens[role], body: route.body });
        const allowed = can(role, route.action, route.resource);
        const ok = allowed
          ? response.status !== 401 && response.status !== 403 && response.status < 500
          : response.status === 403;
        if (!ok)
          mismatches.push(
            `${role} ${route.method} ${route.url}: ${response.status} (policy: ${allowed ? 'allowed' : 'denied'})`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lets each role apply exactly the order transitions the policy gives it', async () => {
    // A transition the role may not apply is refused after the order is found (403 with the reason), one it may is
    // checked against the order's status next (409 here: a missing order is 404 for everyone who passed the gate).
    const mandant = await ctx.mandantId('muster');
    const project = await ctx.db.selectFrom('offset_projects').select('id').executeTakeFirst();
    if (!project) throw new Error('The seed has no offset project.');
    const row = await ctx.db
      .insertInto('orders')
      .values({
        mandant_id: mandant,
        number: 'T-POLICY-1',
        status: 'completed',
        project_id: project.id,
        calculation_ids: '[]',
        co2e_kg: 1000,
        issued_to: 'Muster',
        tonnes_kg: 1000,
        price_per_tonne_minor: 0,
        total_minor: 0,
        currency: 'EUR',
        created_by: await ctx.userId(ACCOUNTS.editor),
        created_at: '2020-01-01T00:00:00.000Z',
        updated_at: '2020-01-01T00:00:00.000Z',
        version: 1,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const role of ROLES) {
      for (const transition of ['place', 'confirm', 'complete', 'cancel'] as const) {
        const response = await ctx.request('POST', `/api/orders/${row.id}/${transition}`, { token: tokens[role] });
        expect(response.status, `${role} ${transition}`).toBe(can(role, transition, 'orders') ? 409 : 403);
      }
    }
  });
});
