import { describe, expect, it } from 'vitest';
import {
  defaultDatabaseId,
  newestPublished,
  rolledOutDatabase,
  type DatabaseChoice,
} from '../../../src/core/factor-database-default';

const db = (id: number, over: Partial<DatabaseChoice> = {}): DatabaseChoice => ({
  id,
  mandant_id: null,
  status: 'published',
  valid_from: `${2020 + id}-01-01`,
  rolled_out_at: null,
  ...over,
});

describe('the default factor database for new work', () => {
  it('is the newest published database when nothing is pinned or rolled out', () => {
    expect(defaultDatabaseId(undefined, [db(1), db(3), db(2), db(4, { status: 'draft' })])).toBe(3);
    // A database without validity date is older than any dated one (the same on every database engine).
    expect(newestPublished([db(1), db(2, { valid_from: null })])?.id).toBe(1);
  });

  it('is the database the provider admin rolled out last, even when a newer one is published', () => {
    const databases = [
      db(1, { rolled_out_at: '2026-01-01T00:00:00Z' }),
      db(2, { rolled_out_at: '2026-03-01T00:00:00Z' }),
      db(3),
    ];
    expect(defaultDatabaseId(null, databases)).toBe(2);
  });

  it('ignores roll-outs of archived and mandant-owned databases', () => {
    const databases = [
      db(1, { status: 'archived', rolled_out_at: '2026-05-01T00:00:00Z' }),
      db(2, { mandant_id: 7, rolled_out_at: '2026-05-01T00:00:00Z' }),
      db(3),
    ];
    expect(rolledOutDatabase(databases)).toBeUndefined();
    expect(defaultDatabaseId(undefined, databases)).toBe(3);
  });

  it('is the mandant\u2019s pinned database above everything else', () => {
    expect(defaultDatabaseId(1, [db(1), db(2, { rolled_out_at: '2026-01-01T00:00:00Z' })])).toBe(1);
    expect(defaultDatabaseId('1', [db(1), db(2)])).toBe(2);
  });

  it('is undefined without any published database', () => {
    expect(defaultDatabaseId(undefined, [db(1, { status: 'draft' })])).toBeUndefined();
  });
});
