/** The unit catalogue as the template checker needs it: the built-in words overlaid by the `units` table. */
import type { Kysely } from 'kysely';
import { unitCatalog, type UnitCatalog, type UnitEntry } from '../../core/template';
import type { DatabaseSchema } from '../db/schema';
import { toUnitRecord } from './resource';

export async function loadUnitCatalog(db: Kysely<DatabaseSchema>): Promise<UnitCatalog> {
  const rows = await db.selectFrom('units').selectAll().execute();
  return unitCatalog(rows.map((row): UnitEntry => toUnitRecord(row)));
}
