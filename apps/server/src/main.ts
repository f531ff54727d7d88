import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemo } from './db/seed/demo';
import { startJobs } from './lib/jobs';
import { closeOnSignals, exitOnCrash } from './lib/process-lifecycle';

/** Where the lifecycle logs before the app's logger exists. */
const consoleLog = {
  fatal: (obj: object, msg: string) => console.error(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
  warn: (obj: object, msg: string) => console.warn(msg, obj),
  info: (obj: object, msg: string) => console.info(msg, obj),
};
let log: typeof consoleLog = consoleLog;
exitOnCrash(() => log);

/** Starts the shop: embedded PGlite in DATA_DIR unless DATABASE_URL points at PostgreSQL. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'pg', url: config.databaseUrl, timeouts: config.database }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  await database.migrate();
  const app = await buildApp({ config, database });
  log = app.log;

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

  // Requests in flight and running jobs drain together; the database closes last, so the embedded
  // data directory is left consistent. The jobs get most of the deadline, the rest is for the close.
  closeOnSignals(
    async () => {
      await Promise.all([app.close(), jobs?.stop(Math.max(1_000, config.shutdownTimeoutMs - 2_000))]);
      await database.close();
    },
    config.shutdownTimeoutMs,
    () => log,
  );

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`shop ready at ${config.appUrl} (database: ${database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
