/**
 * Named prepared statements for a PostgreSQL connection's hot queries. Kysely sends every query unnamed, so
 * PostgreSQL parses and plans it anew each time: for the short queries of a list request (session, count, page)
 * planning cost more of the backend's CPU than running them (issue #22, measured under 50 connections). A query
 * text this connection has run PREPARE_AFTER times is sent with a name from then on: parsed once per connection,
 * planned by PostgreSQL's plan cache (custom plans first, a generic one once it is no worse).
 *
 * Only outside transactions: reads (every list, the session lookup) are what repeats at a rate where planning
 * counts, while a transaction may change the schema (migrations run in one) and a statement prepared before a
 * change of its result's columns fails after it. Bounded: at most MAX_PREPARED names per connection (a pool
 * connection lives long; texts that differ only in the length of an IN list are distinct), and never a text that is
 * not a plain string (the COPY streams of imports).
 */
import type pg from 'pg';

const PREPARE_AFTER = 3;
const MAX_PREPARED = 200;
/** How many not-yet-hot texts a connection keeps counting before it stops looking for new hot ones. */
const MAX_COUNTED = 2000;

type Query = (...args: unknown[]) => unknown;
/** How Kysely's PostgreSQL driver opens and ends a transaction (a savepoint's rollback ends none). */
const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback)\s*;?\s*$/i;

export function prepareHotStatements(client: pg.PoolClient): void {
  const uses = new Map<string, number>();
  const names = new Map<string, string>();
  const query = client.query.bind(client) as Query;
  let inTransaction = false;
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || (values !== undefined && !Array.isArray(values)) || rest.length > 0)
      return query(text, values, ...rest);
    if (TRANSACTION_START.test(text)) inTransaction = true;
    else if (TRANSACTION_END.test(text)) inTransaction = false;
    if (inTransaction) return query(text, values);
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      const count = (uses.get(text) ?? 0) + 1;
      if (count >= PREPARE_AFTER) {
        name = `kontor_${names.size + 1}`;
        names.set(text, name);
        uses.delete(text);
      } else if (uses.size < MAX_COUNTED || uses.has(text)) uses.set(text, count);
    }
    return name === undefined ? query(text, values) : query({ name, text, values });
  }) as typeof client.query;
}
