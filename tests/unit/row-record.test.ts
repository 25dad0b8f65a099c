import { describe, expect, it } from 'vitest';
import { OffsetProjectRecord, UnitRecord } from '../../src/core/api';
import { changedColumns, columnValues, recordOfRow, sameText } from '../../src/server/http/row-record';

const stamps = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z', version: 3 };

describe('rows to records from the record schema', () => {
  const toProject = recordOfRow(OffsetProjectRecord);
  const row = {
    id: 7,
    name: '{"de":"Wald","en":"Forest"}',
    description: null,
    country: 'DE',
    project_type: 'forest',
    standard: 'VCS',
    registry_id: null,
    registry_url: null,
    vintage: 2024,
    price_per_tonne_minor: 1500,
    currency: 'EUR',
    tonnes_available_kg: '1000000000000',
    sdgs: '[13,15]',
    image_url: '/img/forest.png',
    active: 1,
    ...stamps,
  };

  it('reads SQLite and PostgreSQL values alike: 0/1 booleans, JSON as text, bigint counts as strings', () => {
    expect(toProject(row)).toEqual({
      ...row,
      name: { de: 'Wald', en: 'Forest', fr: 'Wald', it: 'Wald', es: 'Wald' },
      description: sameText(''),
      registry_id: '',
      tonnes_available_kg: 1_000_000_000_000,
      sdgs: [13, 15],
      active: true,
    });
    expect(toProject({ ...row, active: true, sdgs: [1] })).toMatchObject({ active: true, sdgs: [1] });
  });

  it('keeps null where the schema admits it and takes the fallback text where it does not', () => {
    const toUnit = recordOfRow(UnitRecord, { label: (unit) => sameText(String(unit.key)) });
    expect(toUnit({ id: 1, key: 'sheet', label: null, singular: null, builtin: 0, ...stamps })).toEqual({
      id: 1,
      key: 'sheet',
      label: sameText('sheet'),
      singular: null,
      builtin: false,
      ...stamps,
    });
  });
});

describe('bodies to column values', () => {
  const json = new Set(['label']);

  it('writes JSON columns as text, keeps null and leaves absent properties out', () => {
    expect(columnValues({ key: 'm', label: { de: 'Meter' }, singular: null }, ['key', 'label', 'singular', 'builtin'], json)).toEqual({
      key: 'm',
      label: '{"de":"Meter"}',
      singular: null,
    });
  });

  it('leaves out what the record already holds', () => {
    const existing = { key: 'm', label: { de: 'Meter' }, singular: null };
    expect(changedColumns({ key: 'm', label: '{"de":"Meter"}', singular: null }, existing, json)).toEqual({});
    expect(changedColumns({ key: 'km', label: '{"de":"Kilometer"}' }, existing, json)).toEqual({ key: 'km', label: '{"de":"Kilometer"}' });
  });
});
