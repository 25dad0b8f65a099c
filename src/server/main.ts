/**
 * `npm start`: load the configuration, build the app, listen, and shut down gracefully. With WEB_CONCURRENCY=n
 * (n > 1) this process prepares the database and runs n server processes on the same port (process-group.ts).
 */
import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { loadConfig, type Config } from './config';
import { buildApp, prepareDatabase } from './app';
import { createDatabase } from './db/database';
import { formatDemoAccounts } from './seed/seed';
import { failInterruptedImports } from './imports/recovery';
import { runPrimary, SINGLE_PROCESS, workerProcessGroup } from './process-group';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) return primary(config, started);
  const worker = cluster.isWorker;
  const app = await buildApp({ config, processGroup: worker ? workerProcessGroup() : SINGLE_PROCESS });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const { dialect, seededAccounts } = app.kontor;
  if (worker) {
    console.log(`Kontor process ${process.pid} listening (started in ${Math.round(performance.now() - started)} ms).`);
  } else {
    const where = config.database.kind === 'sqlite' ? `SQLite (${config.database.file})` : 'PostgreSQL';
    console.log(`Kontor listening on http://localhost:${port} (public URL ${config.publicUrl})`);
    console.log(`Database: ${dialect === 'sqlite' ? where : 'PostgreSQL'}`);
    if (seededAccounts.length > 0) console.log(formatDemoAccounts(seededAccounts, config.demoPassword));
    console.log(`Started in ${Math.round(performance.now() - started)} ms.`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** The primary of several processes: the start-up work once, then the workers; it serves no request itself. */
async function primary(config: Config, started: number): Promise<void> {
  const { db, destroy } = createDatabase(config);
  const { seededAccounts } = await prepareDatabase(db, config);
  // No worker runs yet: every import still running was left so by a stopped server.
  const failed = await failInterruptedImports(db);
  const where = config.database.kind === 'sqlite' ? `SQLite (${config.database.file})` : 'PostgreSQL';
  console.log(
    `Kontor: ${config.webConcurrency} server processes on http://localhost:${config.port} (public URL ${config.publicUrl})`,
  );
  console.log(`Database: ${where}`);
  if (failed > 0) console.log(`${failed} import(s) interrupted by a stop were marked as failed.`);
  if (seededAccounts.length > 0) console.log(formatDemoAccounts(seededAccounts, config.demoPassword));
  console.log(`Prepared in ${Math.round(performance.now() - started)} ms.`);
  await runPrimary({
    workers: config.webConcurrency,
    db,
    closeImports: failInterruptedImports,
    log: (line) => console.log(line),
  });
  await destroy();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
