import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL faults for tests of the real server process (issue 15), through a superuser connection to
 * TEST_DATABASE_URL's server: a scratch database a server can be pointed at by URL, its connections
 * terminated (the stand-in for a restart of the shared server), or refused for a while.
 */
export type ScratchDatabase = {
  name: string;
  url: string;
  /** Terminates every connection to the database; returns their application names. */
  terminateConnections(): Promise<string[]>;
  /** With `false`, PostgreSQL refuses new connections to the database (existing ones stay). */
  acceptConnections(accept: boolean): Promise<void>;
  /** Holds `lock table stocks in access exclusive mode` in its own transaction until released. */
  lockStocks(): Promise<{ release(): Promise<void> }>;
  /** Application names of the connections open to the database now. */
  connections(): Promise<string[]>;
  drop(): Promise<void>;
};

export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => {}); // surfaces on its next query
  await admin.connect();
  const name = `faults_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const names = async (sql: string) =>
    (await admin.query<{ app: string }>(sql, [name])).rows.map((r) => r.app);
  return {
    name,
    url: url.toString(),
    // Materialized: a plain WHERE lets PostgreSQL call pg_terminate_backend before filtering by database.
    terminateConnections: () =>
      names(`with victims as materialized (
          select pid, application_name from pg_stat_activity where datname = $1 and pid <> pg_backend_pid())
        select application_name as app from victims where pg_terminate_backend(pid)`),
    async acceptConnections(accept) {
      await admin.query(`alter database ${name} allow_connections ${accept}`);
    },
    async lockStocks() {
      const holder = new pg.Client({ connectionString: url.toString(), application_name: 'lock-holder' });
      holder.on('error', () => {});
      await holder.connect();
      await holder.query('begin');
      await holder.query('lock table stocks in access exclusive mode');
      return {
        async release() {
          await holder.query('rollback');
          await holder.end();
        },
      };
    },
    connections: () => names('select application_name as app from pg_stat_activity where datname = $1'),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
