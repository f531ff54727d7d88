import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currencies, shippingMethods, shop, systemSettings, users, vats, warehouses } from '../../db/schema';

/** An arbitrary constant: the advisory lock that lets one setup at a time check and write. */
const SETUP_LOCK = 180_002;

/** Held until the transaction ends: two setups racing run one after the other. */
export async function lockSetup(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
}

export async function hasShop(db: Db): Promise<boolean> {
  return (await db.select({ id: shop.id }).from(shop).limit(1)).length > 0;
}

export async function hasSuperAdmin(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isSuperAdmin, true)).limit(1);
  return rows.length > 0;
}

export async function insertShop(db: Db, values: typeof shop.$inferInsert) {
  const [row] = await db.insert(shop).values(values).returning();
  return row!;
}

export function insertVats(db: Db, values: (typeof vats.$inferInsert)[]) {
  return db.insert(vats).values(values).returning();
}

export function insertCurrency(db: Db, values: typeof currencies.$inferInsert) {
  return db.insert(currencies).values(values);
}

export function insertShippingMethods(db: Db, values: (typeof shippingMethods.$inferInsert)[]) {
  return db.insert(shippingMethods).values(values);
}

export function insertWarehouse(db: Db, values: typeof warehouses.$inferInsert) {
  return db.insert(warehouses).values(values);
}

/** Setup tokens are kept one row each, `setup-token:<sha256>`: every instance's logged token works. */
const TOKEN_PREFIX = 'setup-token:';

export function insertSetupToken(db: Db, tokenHash: string) {
  return db
    .insert(systemSettings)
    .values({ key: `${TOKEN_PREFIX}${tokenHash}`, value: tokenHash })
    .onConflictDoNothing();
}

export async function setupTokenExists(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: systemSettings.id })
    .from(systemSettings)
    .where(eq(systemSettings.key, `${TOKEN_PREFIX}${tokenHash}`))
    .limit(1);
  return rows.length > 0;
}

export function deleteSetupTokens(db: Db) {
  return db.delete(systemSettings).where(like(systemSettings.key, `${TOKEN_PREFIX}%`));
}
