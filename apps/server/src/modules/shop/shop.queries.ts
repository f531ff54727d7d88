import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currencies, shippingMethods, shop, vats } from '../../db/schema';

export async function findShop(db: Db) {
  const [row] = await db.select().from(shop).orderBy(asc(shop.id)).limit(1);
  return row;
}

export const listVats = (db: Db) => db.select().from(vats).orderBy(asc(vats.id));
export const findVat = (db: Db, id: number) => db.query.vats.findFirst({ where: eq(vats.id, id) });
export const listCurrencies = (db: Db) => db.select().from(currencies).orderBy(asc(currencies.code));
export const findCurrency = (db: Db, id: number) =>
  db.query.currencies.findFirst({ where: eq(currencies.id, id) });
export const listShippingMethods = (db: Db) =>
  db.select().from(shippingMethods).orderBy(asc(shippingMethods.id));
export const findShippingMethod = (db: Db, id: number) =>
  db.query.shippingMethods.findFirst({ where: eq(shippingMethods.id, id) });
