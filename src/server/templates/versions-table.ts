/**
 * The `template_versions` table (app-created template versions) and the queries the registry and
 * the editor routes share. Definitions are stored as checked JSON; they are re-read on demand.
 */
import type { Generated, Kysely } from 'kysely';
import type { TemplateSource, TemplateVersionStatus } from '../../core/api';
import type { Template } from '../../core/template';
import type { DatabaseSchema, DbJson } from '../db/schema';
import { parseJson, toCount } from '../db/values';

export interface TemplateVersionsTable {
  id: Generated<number>;
  template_id: string;
  version: number;
  status: TemplateVersionStatus;
  definition: DbJson;
  source: TemplateSource;
  created_by: number | null;
  created_at: string;
  published_at: string | null;
  updated_at: string;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    template_versions: TemplateVersionsTable;
  }
}

/** One app-created version as the registry keeps it. */
export interface StoredTemplateVersion {
  rowId: number;
  template: Template;
  status: TemplateVersionStatus;
  createdBy: number | null;
  createdAt: string;
  publishedAt: string | null;
}

/** Changes whenever a version is added, published or deleted: count, newest id and newest change. */
export async function versionsFingerprint(db: Kysely<DatabaseSchema>): Promise<string> {
  const row = await db
    .selectFrom('template_versions')
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.max('id').as('last_id'),
      eb.fn.max('updated_at').as('last_change'),
    ])
    .executeTakeFirst();
  return `${toCount(row?.n)}|${String(row?.last_id ?? '')}|${String(row?.last_change ?? '')}`;
}

export async function readStoredVersions(db: Kysely<DatabaseSchema>): Promise<StoredTemplateVersion[]> {
  const rows = await db.selectFrom('template_versions').selectAll().orderBy('template_id').orderBy('version').execute();
  return rows.map((row) => ({
    rowId: row.id,
    template: { ...parseJson<Template>(row.definition, {} as Template), id: row.template_id, version: row.version },
    status: row.status,
    createdBy: row.created_by,
    createdAt: row.created_at,
    publishedAt: row.published_at,
  }));
}

export const versionKey = (id: string, version: number) => `${id}@${version}`;
