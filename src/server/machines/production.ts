/** A machine set as a calculation reads it: the mandant's current one, or the one a calculation already uses. */
import type { Kysely } from 'kysely';
import type { MachineRecord, MachineSetRecord } from '../../core/api';
import { machineKeysByKind, siteFootprintOf, toProductionData, type ProductionData } from '../../core/production';
import type { DatabaseSchema } from '../db/schema';
import { rowsOfMandant } from '../http/tenant-scope';
import { toMachineRecord, toMachineSetRecord } from './resource';
// The machine tables' types (declaration merging into DatabaseSchema).
import './schema';

export interface ProductionSet {
  data: ProductionData;
  /** kind → machine keys, for validating machine fields. */
  keysByKind: Record<string, string[]>;
}

/** A machine set's records as stored: plain data, for a worker thread to build its ProductionSet from. */
export interface MachineSetData {
  set: MachineSetRecord;
  machines: MachineRecord[];
}

export const toProductionSet = ({ set, machines }: MachineSetData): ProductionSet => ({
  data: toProductionData(set, machines, siteFootprintOf(set)),
  keysByKind: machineKeysByKind(machines),
});

/** The records of the set with this id of this mandant (any status), or undefined. */
export async function loadMachineSetData(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
  setId: number,
): Promise<MachineSetData | undefined> {
  const row = await db.selectFrom('machine_sets').selectAll().where(rowsOfMandant(mandantId, setId)).executeTakeFirst();
  if (!row) return undefined;
  const machines = (
    await db.selectFrom('machines').selectAll().where('set_id', '=', setId).orderBy('key').execute()
  ).map(toMachineRecord);
  return { set: toMachineSetRecord(row), machines };
}

/** The set with this id of this mandant (any status: a calculation keeps the set it used), or undefined. */
export async function loadProductionSet(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
  setId: number,
): Promise<ProductionSet | undefined> {
  const data = await loadMachineSetData(db, mandantId, setId);
  return data && toProductionSet(data);
}

export async function currentMachineSetId(db: Kysely<DatabaseSchema>, mandantId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('machine_sets')
    .select('id')
    .where('mandant_id', '=', mandantId)
    .where('current', '=', true)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The production data a calculation is computed with: the set it used, else the mandant's current set. */
export async function resolveProductionSet(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
  keepId?: number | null,
): Promise<ProductionSet | undefined> {
  const id = keepId ?? (await currentMachineSetId(db, mandantId));
  return id === undefined ? undefined : loadProductionSet(db, mandantId, id);
}
