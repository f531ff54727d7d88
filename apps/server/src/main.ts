import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemo } from './db/seed/demo';
import { startJobs } from './lib/jobs';

/** Starts the shop: embedded PGlite in DATA_DIR unless DATABASE_URL points at PostgreSQL. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'pg', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  await database.migrate();
  const app = await buildApp({ config, database });

  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    app.log.info('empty database: loading demo data');
    const summary = await seedDemo(database.db, {
      uploadsDir: path.join(config.dataDir, 'uploads'),
      log: (msg) => app.log.info(msg),
    });
    app.log.info(summary, 'demo data loaded: sign in as admin@example.com / Password1!');
  }

  // After the demo data: the jobs work on a complete database.
  const jobs = config.jobs ? await startJobs(app.deps, database, app.log) : null;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await jobs?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`shop ready at ${config.appUrl} (database: ${database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
