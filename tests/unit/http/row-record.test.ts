import { describe, expect, it } from 'vitest';
import {
  FactorMigrationRecord,
  ImportRecord,
  OffsetProjectRecord,
  ProtocolEntryRecord,
  UnitRecord,
} from '../../../src/core/api';
import { sameText } from '../../../src/core/languages';
import { recordOfRow } from '../../../src/server/db/values';
import { changedColumns, columnValues } from '../../../src/server/http/column-values';

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

  it('takes a fallback for any column holding nothing, null or unreadable JSON', () => {
    const toImport = recordOfRow(ImportRecord, { mapping: () => ({}) });
    const row = {
      id: 1,
      mandant_id: 2,
      created_by: null,
      file_name: 'a.csv',
      template_id: 'print',
      template_version: '3',
      database_id: null,
      mapping: null,
      mode: 'valid_rows',
      status: 'queued',
      encoding: null,
      delimiter: ';',
      rows_total: 0,
      rows_ok: 0,
      rows_failed: 0,
      message: null,
      ...stamps,
      finished_at: null,
    };
    expect(toImport(row)).toEqual({ ...row, template_version: 3, mapping: {} });
    expect(toImport({ ...row, mapping: 'not json' }).mapping).toEqual({});
    expect(toImport({ ...row, mapping: { title: 'Titel', notes: null } }).mapping).toEqual({
      title: 'Titel',
      notes: null,
    });

    const toMigration = recordOfRow(FactorMigrationRecord, { kind: () => 'database' });
    expect(toMigration({ kind: null, filter: 'not json', summary: '{"count":2}' })).toMatchObject({
      kind: 'database',
      filter: null,
      summary: { count: 2 },
    });
  });

  it('leaves an optional property out when its column holds nothing, and keeps object columns as stored', () => {
    const toEntry = recordOfRow(ProtocolEntryRecord, { summary: () => ({}) });
    const row = {
      id: '12',
      at: stamps.created_at,
      mandant_id: null,
      user_id: 4,
      user_email: 'a@b.c',
      user_name: null,
      action: 'updated',
      resource: 'units',
      record_id: 9,
      record_label: null,
      summary: null,
      changes: '{"label":{"de":["A","B"]}}',
      ip: null,
    };
    const entry = toEntry(row);
    expect(entry).toEqual({ ...row, id: 12, record_id: '9', summary: {}, changes: { label: { de: ['A', 'B'] } } });
    expect(entry).not.toHaveProperty('refs');
    expect(toEntry({ ...row, summary: '{"de":"nur Deutsch"}' }).summary).toEqual({ de: 'nur Deutsch' });
  });
});

describe('bodies to column values', () => {
  const json = new Set(['label']);

  it('writes JSON columns as text, keeps null and leaves absent properties out', () => {
    expect(
      columnValues({ key: 'm', label: { de: 'Meter' }, singular: null }, ['key', 'label', 'singular', 'builtin'], json),
    ).toEqual({
      key: 'm',
      label: '{"de":"Meter"}',
      singular: null,
    });
  });

  it('leaves out what the record already holds', () => {
    const existing = { key: 'm', label: { de: 'Meter' }, singular: null };
    expect(changedColumns({ key: 'm', label: '{"de":"Meter"}', singular: null }, existing, json)).toEqual({});
    expect(changedColumns({ key: 'km', label: '{"de":"Kilometer"}' }, existing, json)).toEqual({
      key: 'km',
      label: '{"de":"Kilometer"}',
    });
  });
});
