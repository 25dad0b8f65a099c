/**
 * `npm run seed` — migrates the configured database and seeds the demo data if it is empty.
 * `npm run seed -- --reset` drops everything first and seeds afresh.
 */
import { loadConfig } from '../config';
import { createDatabase, migrateToLatest } from '../db/database';
import { dropEverything } from '../db/reset';
import { DEMO_ACCOUNTS, formatDemoAccounts, isDatabaseEmpty, seedDemo } from './seed';

async function main(): Promise<void> {
  const reset = process.argv.includes('--reset');
  const config = loadConfig();
  const database = createDatabase(config);
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  try {
    if (reset) {
      await dropEverything(database.db, database.dialect);
      console.log(`Dropped all tables in ${where}.`);
    }
    await migrateToLatest(database.db);
    if (await isDatabaseEmpty(database.db)) {
      await seedDemo(database.db, config);
      console.log(`Seeded demo data into ${where}.`);
    } else {
      console.log(`${where} already has data; nothing seeded (use --reset to start over).`);
    }
    console.log(formatDemoAccounts(DEMO_ACCOUNTS, config.demoPassword));
  } finally {
    await database.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
