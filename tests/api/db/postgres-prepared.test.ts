import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareHotStatements } from '../../../src/server/db/postgres-prepared';
import { describeOnPostgres, TEST_DATABASE_URL } from '../harness';

/**
 * The pool's statement cache (db/postgres-prepared.ts): a query text becomes a named prepared statement on its third
 * run outside a transaction, answers exactly as before, and is never prepared inside one (migrations change the schema
 * there). Read through the connection's own pg_prepared_statements.
 */
describeOnPostgres('PostgreSQL prepared statements', () => {
  let pool: pg.Pool;
  let client: pg.PoolClient;
  const prepared = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by name')).rows.map(
      (row) => row.statement,
    );

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    pool.on('connect', prepareHotStatements);
    client = await pool.connect();
  });
  afterAll(async () => {
    client.release();
    await pool.end();
  });

  it('prepares a text on its third run and answers the same from then on', async () => {
    const text = 'select $1::integer + 1 as next';
    const answers: number[] = [];
    for (let run = 1; run <= 4; run++) {
      answers.push((await client.query<{ next: number }>(text, [run])).rows[0]!.next);
      expect((await prepared()).includes(text)).toBe(run >= 3);
    }
    expect(answers).toEqual([2, 3, 4, 5]);
  });

  it('prepares nothing inside a transaction, and again after it ends', async () => {
    const text = 'select $1::text as word';
    await client.query('begin');
    for (let run = 0; run < 4; run++) await client.query(text, ['in']);
    expect(await prepared()).not.toContain(text);
    await client.query('rollback');
    for (let run = 0; run < 3; run++) await client.query(text, ['out']);
    expect(await prepared()).toContain(text);
  });
});
