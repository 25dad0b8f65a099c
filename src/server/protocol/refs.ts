/**
 * The names behind the ids in protocol entries (who applied, which factor database, which mandant), looked
 * up when the entries are read and only where the READER may see the record: users of the reader's mandant
 * (and the provider's own staff), factor databases visible to it, its own mandant. Anything else stays an
 * id, so no entry ever names another mandant's object.
 */
import type { Kysely } from 'kysely';
import type { ProtocolEntryRecord, ProtocolRefs, SessionUser } from '../../core/api';
import { databaseLabel, REF_KINDS, refKindOf } from '../../core/protocol/describe';
import type { DatabaseSchema } from '../db/schema';
import { databaseVisibleTo } from '../factors/visibility';
import { ownOrSharedRows, scopeToMandant, seesAllMandants } from '../http/tenant-scope';
import { MAX_INT32 } from '../http/record-id';

type Kind = keyof ProtocolRefs;

function idsOf(entry: ProtocolEntryRecord): Map<Kind, Set<number>> {
  const out = new Map<Kind, Set<number>>();
  const add = (kind: Kind, value: unknown) => {
    const id =
      typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : null;
    if (id === null || !Number.isSafeInteger(id) || id < 1 || id > MAX_INT32) return;
    if (!out.has(kind)) out.set(kind, new Set());
    out.get(kind)!.add(id);
  };
  if (entry.mandant_id !== null) add('mandants', entry.mandant_id);
  for (const [field, change] of Object.entries(entry.changes ?? {})) {
    const kind = refKindOf(entry.resource, field);
    if (kind) {
      for (const side of [change.old, change.new]) {
        if (Array.isArray(side)) for (const item of side) add(kind, item);
        else add(kind, side);
      }
    }
  }
  return out;
}

async function names(
  db: Kysely<DatabaseSchema>,
  reader: SessionUser,
  kind: Kind,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const all = seesAllMandants(reader);
  if (kind === 'users') {
    let q = db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids);
    // The reader's colleagues and the provider's staff (who act on every mandant's records).
    if (!all) q = q.where(ownOrSharedRows(reader.mandant_id));
    return new Map((await q.execute()).map((row) => [Number(row.id), row.name]));
  }
  if (kind === 'databases') {
    let q = db.selectFrom('factor_databases').select(['id', 'name', 'version_label']).where('id', 'in', ids);
    if (!all) q = q.where(databaseVisibleTo(reader.mandant_id));
    return new Map((await q.execute()).map((row) => [Number(row.id), databaseLabel(row.name, row.version_label)]));
  }
  if (kind === 'calculations') {
    // By number, the name people look a calculation up by: ids are the database's business.
    const q = scopeToMandant(db.selectFrom('calculations').select(['id', 'number']), reader, 'mandant_id');
    return new Map((await q.where('id', 'in', ids).execute()).map((row) => [Number(row.id), row.number]));
  }
  if (kind === 'collections') {
    const q = scopeToMandant(db.selectFrom('collections').select(['id', 'name']), reader, 'mandant_id');
    return new Map((await q.where('id', 'in', ids).execute()).map((row) => [Number(row.id), row.name]));
  }
  if (kind === 'machine_sets') {
    const q = scopeToMandant(
      db.selectFrom('machine_sets').select(['id', 'name', 'version_label']),
      reader,
      'mandant_id',
    );
    return new Map(
      (await q.where('id', 'in', ids).execute()).map((row) => [
        Number(row.id),
        databaseLabel(row.name, row.version_label),
      ]),
    );
  }
  const q = scopeToMandant(db.selectFrom('mandants').select(['id', 'name']).where('id', 'in', ids), reader, 'id');
  return new Map((await q.execute()).map((row) => [Number(row.id), row.name]));
}

/** `entries` with `refs`: each entry the names of the ids it mentions, as far as `reader` may see them. */
export async function withRefs(
  db: Kysely<DatabaseSchema>,
  reader: SessionUser,
  entries: ProtocolEntryRecord[],
): Promise<ProtocolEntryRecord[]> {
  const wanted = entries.map(idsOf);
  const lookups = new Map<Kind, Map<number, string>>();
  for (const kind of REF_KINDS) {
    const ids = new Set<number>();
    for (const entry of wanted) for (const id of entry.get(kind) ?? []) ids.add(id);
    lookups.set(kind, await names(db, reader, kind, [...ids]));
  }
  return entries.map((entry, index) => {
    const refs: ProtocolRefs = {};
    for (const [kind, ids] of wanted[index]!) {
      const found = [...ids].flatMap((id) => {
        const name = lookups.get(kind)!.get(id);
        return name === undefined ? [] : [[String(id), name] as const];
      });
      if (found.length > 0) refs[kind] = Object.fromEntries(found);
    }
    return { ...entry, refs };
  });
}
