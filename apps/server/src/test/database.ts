import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped on close), so the same suite runs on both.
 */
export type TestDatabase = Database & {
  /** A second, independent connection pool to the same database, as another server instance has. */
  openAnother(): Promise<Database>;
};

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    // PGlite is one in-process connection: "another instance" can only share it.
    return { ...database, openAnother: async () => ({ ...database, close: async () => {} }) };
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'pg', url: dbUrl.toString(), poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    openAnother: () => openDatabase({ kind: 'pg', url: dbUrl.toString(), poolSize: 2 }),
    async close() {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
