/** `npm start`: load the configuration, build the app, listen, and shut down gracefully. */
import { performance } from 'node:perf_hooks';
import { loadConfig } from './config';
import { buildApp } from './app';
import { formatDemoAccounts } from './db/seed';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const app = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const { dialect, seededAccounts } = app.kontor;
  const where = config.database.kind === 'sqlite' ? `SQLite (${config.database.file})` : 'PostgreSQL';
  console.log(`Kontor listening on http://localhost:${port} (public URL ${config.publicUrl})`);
  console.log(`Database: ${dialect === 'sqlite' ? where : 'PostgreSQL'}`);
  if (seededAccounts.length > 0) console.log(formatDemoAccounts(seededAccounts, config.demoPassword));
  console.log(`Started in ${Math.round(performance.now() - started)} ms.`);

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

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
