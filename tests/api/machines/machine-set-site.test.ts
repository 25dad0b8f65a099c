/**
 * Issue 33, item 3 through the machine set API: the annual site footprint with its allocation key, and the energy
 * contract's guarantee-of-origin share, residual mix and grid factor. Bad input answers 400 naming the field (never
 * 500), a published set keeps them fixed, a new version copies them, the protocol records them, and another mandant's
 * set answers like a missing one.
 */
import { beforeAll, expect, it } from 'vitest';
import type { MachineSetRecord, ProtocolEntryRecord } from '../../../src/core/api';
import { describeEachDatabase } from '../harness';

const MISSING = 2_000_000_000;

describeEachDatabase('machine sets: site footprint and market-based electricity', (ctx) => {
  const tokens: Record<string, string> = {};
  const as = <T>(email: string, method: string, url: string, body?: unknown) =>
    ctx.request<T>(method, url, { token: tokens[email]!, body });
  const ADMIN = 'admin@muster.example';
  const OTHER = 'admin@printco.example';
  type Fault = { message: string; errors?: Record<string, string> };

  beforeAll(async () => {
    for (const email of [ADMIN, OTHER]) tokens[email] = await ctx.login(email);
  });

  const site = {
    site_kg_co2e: 52000,
    site_allocation_key: 'sheets',
    site_annual_amount: 2_600_000,
    site_source: 'Unternehmensbilanz 2025, Scope 1 und 2 ohne Maschinen',
    site_year: 2025,
  };
  const contract = {
    electricity_factor: 0.02,
    electricity_go_share: 0.6,
    electricity_residual_factor: 0.7,
    electricity_residual_source: 'AIB European Residual Mixes 2024, Germany',
    electricity_location_factor: 0.427,
    electricity_location_source: 'UBA Climate Change 13/2025',
  };

  it('records the site footprint and the contract on a draft, keeps them when published and copies them into a new version', async () => {
    const created = await as<MachineSetRecord>(ADMIN, 'POST', '/api/machine-sets', {
      name: 'Werk Nord',
      version_label: '2026',
      ...site,
      ...contract,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...site, ...contract });

    const changed = await as<MachineSetRecord>(ADMIN, 'PUT', `/api/machine-sets/${created.body.id}`, {
      site_allocation_key: 'machine_hours',
      site_annual_amount: 3800,
      version: created.body.version,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ site_allocation_key: 'machine_hours', site_annual_amount: 3800 });

    const published = await as<MachineSetRecord>(ADMIN, 'PUT', `/api/machine-sets/${created.body.id}`, {
      status: 'published',
      version: changed.body.version,
    });
    expect(published.status).toBe(200);
    const fixed = await as<Fault>(ADMIN, 'PUT', `/api/machine-sets/${created.body.id}`, { site_kg_co2e: 1 });
    expect(fixed.status).toBe(409);

    const next = await as<MachineSetRecord>(ADMIN, 'POST', '/api/machine-sets', {
      name: 'Werk Nord',
      version_label: '2027',
      based_on_id: created.body.id,
    });
    expect(next.status).toBe(201);
    expect(next.body).toMatchObject({ ...contract, site_kg_co2e: 52000, site_allocation_key: 'machine_hours' });

    const protocol = await as<ProtocolEntryRecord[]>(
      ADMIN,
      'GET',
      `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ resource: 'machine-sets' }))}`,
    );
    const changedFields = protocol.body
      .filter((entry) => entry.action === 'updated' && entry.record_id === String(created.body.id))
      .flatMap((entry) => Object.keys(entry.changes ?? {}));
    expect(changedFields).toEqual(expect.arrayContaining(['site_allocation_key', 'site_annual_amount']));
  });

  it('answers bad input with 400 and the field, never 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ site_kg_co2e: -1 }, 'site_kg_co2e'],
      [{ site_kg_co2e: 'viel' }, 'site_kg_co2e'],
      [{ site_allocation_key: 'm2' }, 'site_allocation_key'],
      [{ ...site, site_annual_amount: 0 }, 'site_annual_amount'],
      [{ site_year: 1200 }, 'site_year'],
      [{ site_source: 'x'.repeat(2001) }, 'site_source'],
      [{ electricity_go_share: 1.5 }, 'electricity_go_share'],
      [{ electricity_residual_factor: -0.1 }, 'electricity_residual_factor'],
      [{ electricity_location_factor: 11 }, 'electricity_location_factor'],
      // Whole-contract rules: a footprint without its key or amount, a partial GO share without the residual mix.
      [{ site_kg_co2e: 1000 }, 'site_allocation_key'],
      [{ site_kg_co2e: 1000, site_allocation_key: 'kg' }, 'site_annual_amount'],
      [{ site_allocation_key: 'kg', site_annual_amount: 10 }, 'site_kg_co2e'],
      [{ electricity_factor: 0.02, electricity_go_share: 0.5 }, 'electricity_residual_factor'],
      [{ electricity_go_share: 1 }, 'electricity_factor'],
    ];
    for (const [fields, field] of cases) {
      const res = await as<Fault>(ADMIN, 'POST', '/api/machine-sets', {
        name: 'Falsch',
        version_label: '1',
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(fields)).toContain(field);
    }
    // The rules in words, in German by default.
    const incomplete = await as<Fault>(ADMIN, 'POST', '/api/machine-sets', {
      name: 'Falsch',
      version_label: '1',
      site_kg_co2e: 1000,
    });
    expect(incomplete.body.errors?.site_allocation_key).toMatch(/Umlageschlüssel/);
    // A full GO share needs no residual mix; removing a key from a whole footprint on a draft is refused.
    const green = await as<MachineSetRecord>(ADMIN, 'POST', '/api/machine-sets', {
      name: 'Grün',
      version_label: '1',
      electricity_factor: 0.03,
      electricity_go_share: 1,
      ...site,
    });
    expect(green.status, JSON.stringify(green.body)).toBe(201);
    const emptied = await as<Fault>(ADMIN, 'PUT', `/api/machine-sets/${green.body.id}`, {
      site_allocation_key: null,
      version: green.body.version,
    });
    expect(emptied.status).toBe(400);
    expect(Object.keys(emptied.body.errors ?? {})).toContain('site_allocation_key');
    // Clearing all of it is fine: no site footprint.
    const cleared = await as<MachineSetRecord>(ADMIN, 'PUT', `/api/machine-sets/${green.body.id}`, {
      site_kg_co2e: null,
      site_allocation_key: null,
      site_annual_amount: null,
      version: green.body.version,
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.site_kg_co2e).toBeNull();
  });

  it("treats another mandant's set as missing", async () => {
    const mine = await as<MachineSetRecord>(ADMIN, 'POST', '/api/machine-sets', {
      name: 'Eigen',
      version_label: '1',
      ...site,
    });
    const foreign = await as<Fault>(OTHER, 'PUT', `/api/machine-sets/${mine.body.id}`, { site_kg_co2e: 1 });
    const missing = await as<Fault>(OTHER, 'PUT', `/api/machine-sets/${MISSING}`, { site_kg_co2e: 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message.replace(String(mine.body.id), 'N')).toBe(
      missing.body.message.replace(String(MISSING), 'N'),
    );
    const copied = await as<Fault>(OTHER, 'POST', '/api/machine-sets', {
      name: 'Kopie',
      version_label: '1',
      based_on_id: mine.body.id,
    });
    expect(copied.status).toBe(400);
    expect((await as<MachineSetRecord>(ADMIN, 'GET', `/api/machine-sets/${mine.body.id}`)).body.site_kg_co2e).toBe(
      52000,
    );
  });
});
