/**
 * The unit catalogue (issue #20): word units a template may name, with their labels in the five languages, kept by
 * provider admins in the browser. Global, like the offset catalogue: no mandant column. The built-in words are
 * written here as they were when the table came (migrations are frozen in time; `core/template/units.ts` keeps them
 * as the default the display falls back on) and marked `builtin`: shipped templates use them, so they stay.
 */
import { sql } from 'kysely';
import { jsonType, type MigrationDb } from './columns';
import { createIdTable, editableRecordTail } from './building-blocks';

const BUILT_IN: Record<string, Record<'de' | 'en' | 'fr' | 'it' | 'es', string>> = {
  pcs: { de: 'Stk.', en: 'pcs', fr: 'pcs', it: 'pz.', es: 'uds.' },
  sheets: { de: 'Bogen', en: 'sheets', fr: 'feuilles', it: 'fogli', es: 'pliegos' },
  pages: { de: 'Seiten', en: 'pages', fr: 'pages', it: 'pagine', es: 'páginas' },
  designs: { de: 'Motive', en: 'designs', fr: 'motifs', it: 'soggetti', es: 'diseños' },
  blanks: { de: 'Zuschnitte', en: 'blanks', fr: 'flans', it: 'fustellati', es: 'troqueles' },
};

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'units')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', jsonType(db), (c) => c.notNull())
    .addColumn('singular', jsonType(db))
    .addColumn('builtin', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .$call(editableRecordTail)
    .execute();
  await db.schema.createIndex('units_key_uq').on('units').column('key').unique().execute();
  const now = new Date().toISOString();
  await db
    .insertInto('units')
    .values(
      Object.entries(BUILT_IN).map(([key, label]) => ({
        key,
        label: JSON.stringify(label),
        singular: null,
        builtin: sql`true`,
        created_at: now,
        updated_at: now,
        version: 1,
      })),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('units').execute();
}
