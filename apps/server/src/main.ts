import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemo } from './db/seed/demo';
import { startJobs } from './lib/jobs';
import { startMetricsServer } from './lib/metrics';
import { writePidFile } from './lib/pid-file';
import { closeOnSignals, exitOnCrash } from './lib/process-lifecycle';
import { readyLine } from './lib/ready-line';
import { initErrorReporting, reportCrash } from './lib/sentry';
import { generateMissingEInvoices } from './modules/e-invoices/e-invoice-generation.service';
import { issueSetupToken } from './modules/setup/setup.service';

/** Where the lifecycle logs before the app's logger exists. */
const consoleLog = {
  fatal: (obj: object, msg: string) => console.error(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
  warn: (obj: object, msg: string) => console.warn(msg, obj),
  info: (obj: object, msg: string) => console.info(msg, obj),
};
let log: typeof consoleLog = consoleLog;
exitOnCrash(() => log, reportCrash);

/** Starts the shop: embedded PGlite in DATA_DIR unless DATABASE_URL points at PostgreSQL. */
async function main() {
  const config = loadConfig();
  // First, so that whatever fails from here on is reported (SPEC §9; on only with SENTRY_DSN).
  initErrorReporting(config);
  // The embedded database's files are this process's alone: npm run backup waits for it to stop.
  if (!config.databaseUrl) writePidFile(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'pg',
          url: config.databaseUrl,
          timeouts: config.database,
          replicaUrls: config.databaseReplicaUrls,
        }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  await database.migrate();
  const app = await buildApp({ config, database });
  log = app.log;
  // The embedded database is one process's files: nothing can replicate it.
  if (!config.databaseUrl && config.databaseReplicaUrls.length > 0) {
    app.log.warn('DATABASE_REPLICA_URLS ignored: read replicas need DATABASE_URL (PostgreSQL)');
  }

  if (config.mode.demo && (await isDatabaseEmpty(database.db))) {
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
  if (config.metrics.port !== undefined) {
    await startMetricsServer(app.deps.metrics, config.metrics.port, config.metrics.host);
    app.log.info(`metrics at http://${config.metrics.host}:${config.metrics.port}/metrics`);
  }
  app.log.info(readyLine(config));

  // Issue 21: the invoices and credit notes issued before e-invoices existed (or by the demo data) get
  // their FatturaPA files in the background; documents issued from now on get theirs when issued.
  generateMissingEInvoices({ db: database.db }).then(
    (written) => written > 0 && app.log.info(`${written} e-invoices generated for earlier documents`),
    (error: unknown) => app.log.error({ err: error }, 'e-invoices of earlier documents not generated'),
  );

  // No administrator yet (issue 18): the /setup screen opens to whoever holds this logged token.
  const setupToken = await issueSetupToken(app.deps);
  if (setupToken) {
    app.log.warn(
      `No administrator yet: open ${config.appUrl}/setup?token=${setupToken} to set the shop up (or run npm run setup)`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
