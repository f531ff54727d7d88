/**
 * Replaces the database's content with the demo data (DESIGN §10).
 *
 *   npm run seed:demo                    # 2,000 products
 *   npm run seed:demo -- --products 500
 *
 * Uses DATABASE_URL when set, else the embedded PGlite in DATA_DIR/pgdata; covers go to DATA_DIR/uploads.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { ACCOUNTS, DEMO_PASSWORD, resetDatabase, seedDemo } from '../src/db/seed/demo';

async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string' } }, allowPositionals: false });
  const productCount = values.products === undefined ? undefined : Number(values.products);
  if (productCount !== undefined && (!Number.isInteger(productCount) || productCount < 50)) {
    throw new Error('--products must be an integer of at least 50');
  }

  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'pg', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  try {
    console.log(`database: ${database.kind === 'pg' ? 'PostgreSQL' : path.join(config.dataDir, 'pgdata')}`);
    await database.migrate();
    await resetDatabase(database.db);
    const summary = await seedDemo(database.db, {
      ...(productCount ? { productCount } : {}),
      uploadsDir: path.join(config.dataDir, 'uploads'),
      log: console.log,
    });
    console.log(
      `\nLoaded ${summary.products} products, ${summary.customers} customers, ${summary.orders} orders.\n`,
    );
    console.log(`Accounts (password ${DEMO_PASSWORD}):`);
    console.log(`  ${ACCOUNTS.admin.padEnd(22)} super admin`);
    console.log(`  ${ACCOUNTS.company.padEnd(22)} company in Italy (group RIVENDITORI)`);
    console.log(`  ${ACCOUNTS.private.padEnd(22)} private person in Italy`);
    console.log(`  ${ACCOUNTS.extra.padEnd(22)} company in Switzerland, VAT exempt`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
