import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customerGroups,
  customers,
  priceListCustomerGroups,
  priceListCustomers,
  priceListRows,
  priceLists,
  productPriceTiers,
  products,
} from '../../db/schema';

/** The back office's reads and writes of price lists, their rows and products' volume tiers. */

export type PriceListValues = Pick<
  typeof priceLists.$inferInsert,
  'name' | 'currency' | 'validFrom' | 'validUntil'
>;

/** `text` matched anywhere, literally: LIKE's `%`, `_` and the escape `\` escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const rowsCount = sql<number>`(select count(*) from price_list_rows r where r.price_list_id = "price_lists"."id")::integer`;

const listColumns = {
  id: priceLists.id,
  name: priceLists.name,
  currency: priceLists.currency,
  validFrom: priceLists.validFrom,
  validUntil: priceLists.validUntil,
  rowsCount,
};

const sortColumns = {
  name: priceLists.name,
  valid_from: priceLists.validFrom,
  valid_until: priceLists.validUntil,
  rows_count: rowsCount,
} as const;

/** A page of price lists whose name contains `q`, in the given order (then by id), and their total. */
export async function listPriceLists(
  db: Db,
  query: {
    q?: string | undefined;
    sort: keyof typeof sortColumns;
    dir: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  const where = query.q ? ilike(priceLists.name, contains(query.q)) : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(priceLists)
      .where(where)
      .orderBy(order(sortColumns[query.sort]), order(priceLists.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(priceLists).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPriceList(db: Db, id: number) {
  const [row] = await db.select(listColumns).from(priceLists).where(eq(priceLists.id, id));
  return row;
}

/** The groups and customers of these lists, named (group code, customer company or e-mail). */
export async function listPriceListTargets(db: Db, ids: number[]) {
  if (ids.length === 0) return { groups: [], customers: [] };
  const [groups, people] = await Promise.all([
    db
      .select({
        priceListId: priceListCustomerGroups.priceListId,
        id: customerGroups.id,
        name: customerGroups.code,
      })
      .from(priceListCustomerGroups)
      .innerJoin(customerGroups, eq(customerGroups.id, priceListCustomerGroups.customerGroupId))
      .where(inArray(priceListCustomerGroups.priceListId, ids))
      .orderBy(asc(customerGroups.code)),
    db
      .select({
        priceListId: priceListCustomers.priceListId,
        id: customers.id,
        name: sql<string>`coalesce(${customers.company}, ${customers.email})`,
      })
      .from(priceListCustomers)
      .innerJoin(customers, eq(customers.id, priceListCustomers.customerId))
      .where(inArray(priceListCustomers.priceListId, ids))
      .orderBy(asc(customers.email)),
  ]);
  return { groups, customers: people };
}

export async function findPriceListIdByName(db: Db, name: string, lock = false) {
  const query = db.select({ id: priceLists.id }).from(priceLists).where(eq(priceLists.name, name));
  const [row] = await (lock ? query.for('update') : query);
  return row?.id;
}

export async function insertPriceList(db: Db, values: PriceListValues): Promise<number> {
  const [row] = await db.insert(priceLists).values(values).returning({ id: priceLists.id });
  return row!.id;
}

export async function updatePriceList(db: Db, id: number, values: PriceListValues) {
  await db
    .update(priceLists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(priceLists.id, id));
}

/** Locks the list's row so its rows and targets change one writer at a time. */
export async function lockPriceList(db: Db, id: number): Promise<boolean> {
  return (
    (await db.select({ id: priceLists.id }).from(priceLists).where(eq(priceLists.id, id)).for('update'))
      .length > 0
  );
}

export const deletePriceList = async (db: Db, id: number) =>
  (await db.delete(priceLists).where(eq(priceLists.id, id)).returning({ id: priceLists.id })).length > 0;

/** Replaces the groups and customers the list applies to. */
export async function setPriceListTargets(db: Db, id: number, groupIds: number[], customerIds: number[]) {
  await db.delete(priceListCustomerGroups).where(eq(priceListCustomerGroups.priceListId, id));
  await db.delete(priceListCustomers).where(eq(priceListCustomers.priceListId, id));
  if (groupIds.length > 0)
    await db
      .insert(priceListCustomerGroups)
      .values(groupIds.map((customerGroupId) => ({ priceListId: id, customerGroupId })));
  if (customerIds.length > 0)
    await db
      .insert(priceListCustomers)
      .values(customerIds.map((customerId) => ({ priceListId: id, customerId })));
}

/** Products (or variants) by SKU: a row on a product covers its variants (DESIGN §6 rule 17). */
export function findProductsBySku(db: Db, skus: string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, sku: products.sku, price: products.price })
    .from(products)
    .where(inArray(products.sku, skus));
}

const rowColumns = {
  id: priceListRows.id,
  priceListId: priceListRows.priceListId,
  productId: priceListRows.productId,
  sku: products.sku,
  description: products.description,
  listPrice: products.price,
  price: priceListRows.price,
  minQuantity: priceListRows.minQuantity,
};

/** A page of the list's rows whose SKU or title contains `q`, by SKU then quantity, and their total. */
export async function listPriceListRows(
  db: Db,
  priceListId: number,
  query: { q?: string | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(priceListRows.priceListId, priceListId),
    query.q
      ? or(ilike(products.sku, contains(query.q)), ilike(products.description, contains(query.q)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(priceListRows)
      .innerJoin(products, eq(products.id, priceListRows.productId))
      .where(where)
      .orderBy(asc(products.sku), asc(priceListRows.minQuantity))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(priceListRows)
      .innerJoin(products, eq(products.id, priceListRows.productId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPriceListRow(db: Db, id: number) {
  const [row] = await db
    .select(rowColumns)
    .from(priceListRows)
    .innerJoin(products, eq(products.id, priceListRows.productId))
    .where(eq(priceListRows.id, id));
  return row;
}

/** The row of the list for that product from that quantity, if any (for the duplicate check). */
export async function findRowId(db: Db, priceListId: number, productId: number, minQuantity: number) {
  const [row] = await db
    .select({ id: priceListRows.id })
    .from(priceListRows)
    .where(
      and(
        eq(priceListRows.priceListId, priceListId),
        eq(priceListRows.productId, productId),
        eq(priceListRows.minQuantity, minQuantity),
      ),
    );
  return row?.id;
}

export type PriceListRowValues = { productId: number; price: number; minQuantity: number };

export async function insertPriceListRow(db: Db, priceListId: number, values: PriceListRowValues) {
  const [row] = await db
    .insert(priceListRows)
    .values({ priceListId, ...values })
    .returning({ id: priceListRows.id });
  return row!.id;
}

export async function updatePriceListRow(db: Db, id: number, values: PriceListRowValues) {
  await db
    .update(priceListRows)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(priceListRows.id, id));
}

export const deletePriceListRow = async (db: Db, id: number) =>
  (await db.delete(priceListRows).where(eq(priceListRows.id, id)).returning({ id: priceListRows.id }))
    .length > 0;

export function findProductForTiers(db: Db, id: number, lock = false) {
  const query = db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(eq(products.id, id));
  return (lock ? query.for('update') : query).then((rows) => rows[0]);
}

export function listPriceTiers(db: Db, productId: number) {
  return db
    .select({ minQuantity: productPriceTiers.minQuantity, price: productPriceTiers.price })
    .from(productPriceTiers)
    .where(eq(productPriceTiers.productId, productId))
    .orderBy(asc(productPriceTiers.minQuantity));
}

export async function replacePriceTiers(
  db: Db,
  productId: number,
  tiers: { minQuantity: number; price: number }[],
) {
  await db.delete(productPriceTiers).where(eq(productPriceTiers.productId, productId));
  if (tiers.length > 0) await db.insert(productPriceTiers).values(tiers.map((t) => ({ productId, ...t })));
}
