/** The production data functions of the formula language: `machine(field, 'figure')` and `energy('electricity')`. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CalculationError, computeResults, fromStoredResults, toStoredResults } from '../../../src/core/formula';
import { toProductionData } from '../../../src/core/production';
import type { MachineRecord, MachineSetRecord } from '../../../src/core/api';
import { loadTemplates, type Template } from '../../../src/core/template';
import { compileTemplate } from '../../../src/core/template/compile';
import { validateInputs } from '../../../src/core/rules';
import { NO_MARKET_OR_SITE } from '../../support/machine-set';

const FIXTURE = path.resolve('tests/fixtures/templates-machines/press-job.json');
const template = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Template;
const noFactors = () => undefined;

const set: MachineSetRecord = {
  id: 7,
  mandant_id: 1,
  name: 'Shop',
  version_label: '2026',
  status: 'published',
  based_on_id: null,
  current: true,
  electricity_factor: 0.25,
  electricity_supplier: 'Stadtwerke',
  electricity_source: 'Contract 2026',
  electricity_year: 2026,
  electricity_region: 'DE',
  ...NO_MARKET_OR_SITE,
  published_at: null,
  created_at: '',
  updated_at: '',
  version: 1,
};
const press: Pick<MachineRecord, 'key' | 'kind' | 'name' | 'figures'> = {
  key: 'sm-102',
  kind: 'press',
  name: 'Speedmaster',
  figures: {
    power_kw: { value: 80, source: 'Meter 2025', year: 2025 },
    speed_sheets_per_hour: { value: 10000, source: 'Data sheet', year: 2024 },
    makeready_minutes: { value: 30, source: 'Own timing', year: 2025 },
  },
};
const folder: Pick<MachineRecord, 'key' | 'kind' | 'name' | 'figures'> = {
  key: 'folder',
  kind: 'finishing',
  name: 'Folder',
  figures: { power_kw: { value: 5, source: 'x', year: null } },
};
const production = toProductionData(set, [press, folder]);

function failure(run: () => unknown): CalculationError {
  try {
    run();
  } catch (error) {
    if (error instanceof CalculationError) return error;
    throw error;
  }
  throw new Error('no CalculationError');
}

describe('machine() and energy()', () => {
  it('loads the fixture template with a machine field', () => {
    const loaded = loadTemplates([{ fileName: 'press-job.json', text: fs.readFileSync(FIXTURE, 'utf8') }]);
    expect(loaded.errors).toEqual([]);
  });

  it('computes with the chosen machine and the energy contract, citing every figure it read', () => {
    const computed = computeResults(template, { title: 'Job', sheets: 20000, press: 'sm-102' }, noFactors, production);
    // (20000 / 10000 + 30 / 60) h × 80 kW = 200 kWh; × 0.25 kg/kWh = 50 kg.
    expect(computed.results).toEqual({ energy_kwh: 200, total: 50 });
    expect(computed.breakdown[0]!.production!.map((use) => use.ref)).toEqual([
      'machine:sm-102:speed_sheets_per_hour',
      'machine:sm-102:makeready_minutes',
      'machine:sm-102:power_kw',
    ]);
    expect(computed.breakdown[1]!.production).toEqual([
      {
        ref: 'energy:electricity',
        name: 'Stadtwerke',
        figure: 'electricity',
        value: 0.25,
        unit: 'kg CO2e/kWh',
        source: 'Contract 2026',
        year: 2026,
        region: 'DE',
      },
    ]);
    expect(computed.production.find((use) => use.figure === 'power_kw')).toMatchObject({
      machine: 'sm-102',
      name: 'Speedmaster',
      value: 80,
      unit: 'kW',
      source: 'Meter 2025',
      year: 2025,
      // Where the machine runs: its set's region, not "unknown" (issue #35 item 6).
      region: 'DE',
    });
  });

  it('keeps the cited figures through the stored form', () => {
    const computed = computeResults(template, { title: 'Job', sheets: 20000, press: 'sm-102' }, noFactors, production);
    const results = {
      values: computed.results,
      primary: computed.primaryName,
      breakdown: computed.breakdown,
      factors: computed.factors,
      database: { id: 1, name: 'D', version_label: '1' },
      production: computed.production,
      machine_set: production.set,
    };
    const back = fromStoredResults(JSON.parse(JSON.stringify(toStoredResults(results))), template);
    expect(back.production).toEqual(computed.production);
    expect(back.machine_set).toEqual({ id: 7, name: 'Shop', version_label: '2026' });
    expect(back.breakdown.map((entry) => entry.production)).toEqual(
      computed.breakdown.map((entry) => entry.production),
    );
  });

  it('names an unknown machine, a machine of another kind and a missing figure clearly', () => {
    const unknown = failure(() =>
      computeResults(template, { title: 'J', sheets: 1, press: 'nope' }, noFactors, production),
    );
    expect(unknown.code).toBe('unknown_machine');
    expect(unknown.machine).toBe('nope');
    expect(unknown.field).toBe('press');
    expect(unknown.message).toBe("the machine set 'Shop 2026' has no press machine 'nope'");
    expect(
      failure(() => computeResults(template, { title: 'J', sheets: 1, press: 'folder' }, noFactors, production)).code,
    ).toBe('unknown_machine');
    const lacking = toProductionData(set, [{ ...press, figures: { power_kw: press.figures.power_kw } }]);
    const missing = failure(() =>
      computeResults(template, { title: 'J', sheets: 1, press: 'sm-102' }, noFactors, lacking),
    );
    expect(missing.code).toBe('unknown_figure');
    expect(missing.message).toBe("the machine 'Speedmaster' has no figure 'speed_sheets_per_hour'");
    const noContract = toProductionData({ ...set, electricity_factor: null }, [press]);
    expect(
      failure(() => computeResults(template, { title: 'J', sheets: 1, press: 'sm-102' }, noFactors, noContract))
        .message,
    ).toBe("the machine set 'Shop 2026' records no electricity factor");
    expect(failure(() => computeResults(template, { title: 'J', sheets: 1, press: 'sm-102' }, noFactors)).code).toBe(
      'no_production_data',
    );
  });

  it('refuses unknown figures, non-machine fields and a non-literal figure when the template loads', () => {
    const withFormula = (formula: string): Template => ({
      ...template,
      results: [{ ...template.results[1]!, formula }],
    });
    const messages = (formula: string) => compileTemplate(withFormula(formula)).errors.map((error) => error.message);
    expect(messages("machine(press, 'power')")).toEqual([
      "machine() needs a machine figure in quotes (power_kw, speed_sheets_per_hour, makeready_minutes, makeready_sheets), got 'power'",
    ]);
    expect(messages("machine(sheets, 'power_kw')")).toEqual(["machine() needs a machine field, got 'sheets'"]);
    expect(messages('machine(press, title)')[0]).toMatch(/^machine\(\) needs a machine figure in quotes/);
    expect(messages("energy('gas')")).toEqual(["energy() needs 'electricity', got 'gas'"]);
    expect(messages('energy()')[0]).toMatch(/^energy\(\) takes 1 argument/);
  });

  it('validates a machine field against the machines of its kind', () => {
    const machineKeys = { press: ['sm-102'], finishing: ['folder'] };
    expect(validateInputs(template, { title: 'J', sheets: 1, press: 'sm-102' }, 'en', { machineKeys })).toEqual({});
    expect(validateInputs(template, { title: 'J', sheets: 1, press: 'folder' }, 'en', { machineKeys })).toEqual({
      press: 'Please choose a machine from the list for Press.',
    });
  });
});
