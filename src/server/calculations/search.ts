/**
 * The calculations list's `q`: the text anywhere in number, title or customer, in any case — answered
 * from the search index of migration 0024 instead of reading every row of the mandant.
 * SQLite's FTS5 trigram index and PostgreSQL's pg_trgm index both need three characters to look
 * anything up; a shorter text falls back to the list engine's `lower(…) like` over the same columns,
 * which gives the same rows, only slower. On a PostgreSQL without pg_trgm the joined expression is
 * scanned instead of looked up: the same rows again.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database';
import { likePattern, searchCondition } from '../http/list-sql';
import { CALCULATION_SEARCHABLE } from './list';

const INDEXED_MIN_LENGTH = 3;
/** The separator the PostgreSQL index joins the columns with (migration 0024); no search text contains it. */
const UNIT_SEPARATOR = '\u001f';

const scanned = (text: string) =>
  searchCondition(
    text,
    CALCULATION_SEARCHABLE.map((column) => sql.ref(column)),
  );

/** FTS5 phrase syntax: the text in double quotes, its own quotes doubled. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

export function calculationSearch(dialect: Dialect): (text: string) => Expression<SqlBool> {
  return (text) => {
    if ([...text].length < INDEXED_MIN_LENGTH || text.includes(UNIT_SEPARATOR)) return scanned(text);
    if (dialect === 'sqlite') {
      return sql<SqlBool>`calculations.id in (select rowid from calculations_search where calculations_search match ${ftsPhrase(text)})`;
    }
    // Written exactly as the index expression, so the planner uses it.
    return sql<SqlBool>`lower(number || chr(31) || title || chr(31) || coalesce(customer, '')) like ${likePattern(text)} escape '\\'`;
  };
}
