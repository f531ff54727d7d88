import { and, asc, count, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignRows, campaigns, categories, products } from '../../db/schema';

const campaignColumns = {
  id: campaigns.id,
  title: campaigns.title,
  description: campaigns.description,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  category: categories.code,
  inHome: campaigns.inHome,
  isFeatured: campaigns.isFeatured,
};

/** Campaigns running on `today`, optionally of one category, started since a date, or shown on home. */
export function listCurrentCampaigns(
  db: Db,
  today: string,
  filter: { categoryCode?: string; startedSince?: string; home?: boolean } = {},
) {
  const conditions: (SQL | undefined)[] = [lte(campaigns.startDate, today), gte(campaigns.endDate, today)];
  if (filter.categoryCode !== undefined) conditions.push(eq(categories.code, filter.categoryCode));
  if (filter.startedSince !== undefined) conditions.push(gte(campaigns.startDate, filter.startedSince));
  if (filter.home) conditions.push(or(eq(campaigns.inHome, true), eq(campaigns.isFeatured, true)));
  return db
    .select(campaignColumns)
    .from(campaigns)
    .leftJoin(categories, eq(categories.id, campaigns.categoryId))
    .where(and(...conditions))
    .orderBy(desc(campaigns.isFeatured), asc(campaigns.endDate), asc(campaigns.id));
}

export async function findCampaign(db: Db, id: number) {
  const [row] = await db
    .select(campaignColumns)
    .from(campaigns)
    .leftJoin(categories, eq(categories.id, campaigns.categoryId))
    .where(eq(campaigns.id, id));
  return row;
}

/** Campaign rows whose product is still sold. */
const listedRow = eq(products.available, true);

/** A page of the campaign's product ids (orderable ones), newest release first. */
export async function listCampaignProductIds(db: Db, campaignId: number, limit: number, offset: number) {
  const rows = await db
    .select({ id: products.id })
    .from(campaignRows)
    .innerJoin(products, eq(products.id, campaignRows.productId))
    .where(and(eq(campaignRows.campaignId, campaignId), listedRow))
    .orderBy(desc(products.releaseDate), desc(products.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

export async function countCampaignProducts(db: Db, campaignId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignRows)
    .innerJoin(products, eq(products.id, campaignRows.productId))
    .where(and(eq(campaignRows.campaignId, campaignId), listedRow));
  return row?.n ?? 0;
}
