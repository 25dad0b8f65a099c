/**
 * Demo data for a fresh database: one provider admin and two mandants with an admin, an editor
 * and a viewer each, all with DEMO_PASSWORD. Later features add their demo rows in `seedDemo`.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/password';
import type { Config } from '../config';
import type { DemoAccount } from '../services';
import type { DatabaseSchema } from '../db/schema';
import { isoNow, toCount } from '../db/values';
import { seedDemoFactorsAndCalculations } from '../calculations/demo';
import { seedDemoCollections } from '../collections/demo';
import { seedDemoOffsetProjects } from '../offsets/demo';
import { seedDemoMachines } from '../machines/demo';
import { seedDemoStorefront } from '../storefronts/demo';

export const DEMO_MANDANTS = [
  { slug: 'muster', name: 'Druckerei Muster', settings: { provider_name: 'Kontor Demo', offset_rounding_t: 0.1 } },
  { slug: 'printco', name: 'Print & Co', settings: { provider_name: 'Kontor Demo', offset_rounding_t: 1 } },
] as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@kontor.example', name: 'Katrin Vogel', role: 'provider_admin', language: 'de', mandant: null },
  { email: 'admin@muster.example', name: 'Markus Muster', role: 'mandant_admin', language: 'de', mandant: 'muster' },
  { email: 'editor@muster.example', name: 'Eva Schneider', role: 'editor', language: 'de', mandant: 'muster' },
  { email: 'viewer@muster.example', name: 'Jonas Weber', role: 'viewer', language: 'de', mandant: 'muster' },
  { email: 'admin@printco.example', name: 'Paula Richter', role: 'mandant_admin', language: 'de', mandant: 'printco' },
  { email: 'editor@printco.example', name: 'Oliver Brown', role: 'editor', language: 'en', mandant: 'printco' },
  { email: 'viewer@printco.example', name: 'Sophie Keller', role: 'viewer', language: 'de', mandant: 'printco' },
];

export async function isDatabaseEmpty(db: Kysely<DatabaseSchema>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return toCount(row?.n) === 0;
}

/** Inserts the demo data in one transaction; answers the accounts created. */
export async function seedDemo(
  db: Kysely<DatabaseSchema>,
  config: Pick<Config, 'demoPassword'> & Partial<Pick<Config, 'templatesDir'>>,
): Promise<DemoAccount[]> {
  // One hash for all accounts: scrypt is deliberately slow, and each account still gets a valid salted hash.
  const passwordHash = await hashPassword(config.demoPassword);
  const now = isoNow();
  await db.transaction().execute(async (trx) => {
    const mandantIds = new Map<string, number>();
    for (const mandant of DEMO_MANDANTS) {
      const row = await trx
        .insertInto('mandants')
        .values({
          name: mandant.name,
          slug: mandant.slug,
          active: true,
          settings: JSON.stringify(mandant.settings),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      mandantIds.set(mandant.slug, row.id);
    }
    await trx
      .insertInto('users')
      .values(
        DEMO_ACCOUNTS.map((account) => ({
          email: account.email,
          name: account.name,
          role: account.role,
          language: account.language,
          mandant_id: account.mandant === null ? null : mandantIds.get(account.mandant)!,
          password_hash: passwordHash,
          active: true,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    // Demo factor databases, each mandant's default database and demo calculations.
    await seedDemoFactorsAndCalculations(trx, config.templatesDir ?? path.resolve('schemas/templates'), [
      ...mandantIds.values(),
    ]);
    await seedDemoCollections(trx, [...mandantIds.values()]);
    await seedDemoOffsetProjects(trx);
    await seedDemoMachines(trx, [...mandantIds.values()]);
    await seedDemoStorefront(trx, mandantIds.get('muster'));
  });
  return [...DEMO_ACCOUNTS];
}

export function formatDemoAccounts(accounts: readonly DemoAccount[], password: string): string {
  const width = Math.max(...accounts.map((a) => a.email.length));
  const lines = accounts.map((a) => `  ${a.email.padEnd(width)}  ${a.role.padEnd(14)} ${a.mandant ?? '(provider)'}`);
  return `Demo accounts (password: ${password}):\n${lines.join('\n')}`;
}
