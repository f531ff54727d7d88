import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignRows, campaigns, categories, products } from '../../db/schema';

/** The back office's reads and writes of campaigns and their price lists (SPEC §7): one statement each. */

export type CampaignValues = Pick<
  typeof campaigns.$inferInsert,
  'title' | 'description' | 'categoryId' | 'startDate' | 'endDate' | 'inHome' | 'isFeatured'
>;

/** `text` matched anywhere, literally: LIKE's `%`, `_` and PostgreSQL's default escape `\` escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const rowsCount = sql<number>`(select count(*) from ${campaignRows} where ${campaignRows.campaignId} = ${campaigns.id})::integer`;

const adminColumns = {
  id: campaigns.id,
  title: campaigns.title,
  description: campaigns.description,
  categoryId: campaigns.categoryId,
  category: categories.code,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  inHome: campaigns.inHome,
  isFeatured: campaigns.isFeatured,
  rowsCount,
};

const sortColumns = {
  title: campaigns.title,
  start_date: campaigns.startDate,
  end_date: campaigns.endDate,
  rows_count: rowsCount,
} as const;

/** A page of campaigns whose title contains `q`, in the given order (then by id), and their total. */
export async function listAdminCampaigns(
  db: Db,
  query: {
    q?: string | undefined;
    sort: keyof typeof sortColumns;
    dir: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  const where = query.q ? ilike(campaigns.title, contains(query.q)) : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(adminColumns)
      .from(campaigns)
      .leftJoin(categories, eq(categories.id, campaigns.categoryId))
      .where(where)
      .orderBy(order(sortColumns[query.sort]), order(campaigns.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminCampaign(db: Db, id: number) {
  const [row] = await db
    .select(adminColumns)
    .from(campaigns)
    .leftJoin(categories, eq(categories.id, campaigns.categoryId))
    .where(eq(campaigns.id, id));
  return row;
}

export const insertCampaign = async (db: Db, values: CampaignValues) =>
  (await db.insert(campaigns).values(values).returning({ id: campaigns.id }))[0]!.id;

export const updateCampaign = async (db: Db, id: number, values: CampaignValues) =>
  (await db.update(campaigns).set(values).where(eq(campaigns.id, id)).returning({ id: campaigns.id }))[0];

/** Locks the campaign row, so its price list is written by one request at a time. */
export async function lockCampaign(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('update');
  return row !== undefined;
}

export const categoryExists = async (db: Db, id: number) =>
  (await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))).length > 0;

/** Products (or variants) by SKU or id, as { id, sku }. */
export function findProductsBySkuOrId(db: Db, skus: string[], ids: number[]) {
  const conditions: SQL[] = [];
  if (skus.length > 0) conditions.push(inArray(products.sku, skus));
  if (ids.length > 0) conditions.push(inArray(products.id, ids));
  if (conditions.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(or(...conditions));
}

/** The products of `productIds` that already have a row in the campaign. */
export async function listExistingRowProductIds(db: Db, campaignId: number, productIds: number[]) {
  const rows = await db
    .select({ productId: campaignRows.productId })
    .from(campaignRows)
    .where(and(eq(campaignRows.campaignId, campaignId), inArray(campaignRows.productId, productIds)));
  return rows.map((r) => r.productId);
}

/** Inserts the rows, or sets the price of the campaign's existing row of that product. */
export async function upsertCampaignRows(
  db: Db,
  campaignId: number,
  rows: { productId: number; price: number }[],
): Promise<number[]> {
  const written = await db
    .insert(campaignRows)
    .values(rows.map((r) => ({ campaignId, productId: r.productId, price: r.price })))
    .onConflictDoUpdate({
      target: [campaignRows.campaignId, campaignRows.productId],
      set: { price: sql`excluded.price`, updatedAt: new Date() },
    })
    .returning({ id: campaignRows.id });
  return written.map((r) => r.id);
}

const rowColumns = {
  id: campaignRows.id,
  campaignId: campaignRows.campaignId,
  productId: campaignRows.productId,
  sku: products.sku,
  description: products.description,
  listPrice: products.price,
  price: campaignRows.price,
};

/** Rows by id, by SKU. */
export function listCampaignRowsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(rowColumns)
    .from(campaignRows)
    .innerJoin(products, eq(products.id, campaignRows.productId))
    .where(inArray(campaignRows.id, ids))
    .orderBy(asc(products.sku));
}

/** A page of the campaign's rows whose SKU or title contains `q`, by SKU, and their total. */
export async function listCampaignRows(
  db: Db,
  campaignId: number,
  query: { q?: string | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(campaignRows.campaignId, campaignId),
    query.q
      ? or(ilike(products.sku, contains(query.q)), ilike(products.description, contains(query.q)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(campaignRows)
      .innerJoin(products, eq(products.id, campaignRows.productId))
      .where(where)
      .orderBy(asc(products.sku), asc(campaignRows.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(campaignRows)
      .innerJoin(products, eq(products.id, campaignRows.productId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const deleteCampaignRow = async (db: Db, id: number) =>
  (await db.delete(campaignRows).where(eq(campaignRows.id, id)).returning({ id: campaignRows.id })).length >
  0;
