import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/crypto';
import type { Db } from '../client';
import { generateProducts, sellable } from './catalog';
import { romeDate } from './codes';
import { writeCovers } from './covers';
import { ACCOUNTS, DEMO_PASSWORD, generateCustomers } from './customers';
import { insertAttributes, insertCoverImages, insertProducts } from './insert-catalog';
import { insertCustomers } from './insert-customers';
import { insertDocuments, insertOrders } from './insert-orders';
import { insertCampaigns, insertCoupons, linkCouponOrders } from './insert-promotions';
import { insertReferenceData } from './insert-reference';
import { insertStock } from './insert-stock';
import { generateOrders } from './orders';
import { generateCampaigns, generateCoupons } from './promotions';

/** Demo data loader (DESIGN §10): the shop, ~2,000 products, customers, orders in every status. */

export type SeedOptions = {
  /** Products to generate (merchandise variants come on top). Default 2000. */
  productCount?: number;
  /** The day the demo is built around (release dates, order dates, campaigns). Default now. */
  today?: Date;
  /** Where the SVG covers go (`<uploadsDir>/covers/<sku>.svg`); no files are written without it. */
  uploadsDir?: string;
  log?: (msg: string) => void;
};

export type SeedSummary = { products: number; customers: number; orders: number };

export { isDatabaseEmpty, resetDatabase } from './database-state';
// The entry points (main.ts, scripts/seed-demo.ts, bench/run.ts) import the whole loader API from here.
export { ACCOUNTS, DEMO_PASSWORD };

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const log = options.log ?? (() => {});
  const productCount = options.productCount ?? 2000;
  if (!Number.isInteger(productCount) || productCount < 50) {
    throw new RangeError('productCount must be an integer of at least 50');
  }
  const now = options.today ?? new Date();
  const today = romeDate(now);
  const started = performance.now();
  const lap = (what: string) => log(`demo data: ${what} (${Math.round(performance.now() - started)} ms)`);

  // Everything is generated in memory first, deterministically; then written in bulk.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const catalog = generateProducts(productCount, today);
  const customerSeeds = generateCustomers(today);
  const couponSeeds = generateCoupons(today);
  const campaignSeeds = generateCampaigns(catalog, today);
  const {
    orders: orderSeeds,
    documents: documentSeeds,
    sequences,
  } = generateOrders(catalog, customerSeeds, now);
  const items = sellable(catalog);
  const variantCount = catalog.reduce((n, s) => n + s.variants.length, 0);
  lap(`generated ${catalog.length} products, ${variantCount} variants, ${orderSeeds.length} orders`);

  // Covers are written alongside the inserts, a few files at a time.
  const covers = options.uploadsDir ? writeCovers(options.uploadsDir, catalog) : null;
  covers?.catch(() => {});

  await db.transaction(async (tx) => {
    const refs = await insertReferenceData(tx, now);

    await insertProducts(tx, catalog, refs);
    lap('products');

    const attributeCount = await insertAttributes(tx, catalog);
    await insertCoverImages(tx, catalog);
    lap(`${attributeCount} attributes, ${catalog.length} images`);

    // Customers, their addresses and users.
    const adminId = await insertCustomers(tx, customerSeeds, refs, passwordHash, now);
    await insertCoupons(tx, couponSeeds, customerSeeds);
    await insertCampaigns(tx, campaignSeeds, refs);
    lap(`${customerSeeds.length} customers, ${campaignSeeds.length} campaigns`);

    const stockCount = await insertStock(tx, items, refs, adminId, today, now);
    lap(`${stockCount} stock rows`);

    // Orders, rows, status trails and documents.
    await insertOrders(tx, orderSeeds, refs, adminId);
    await linkCouponOrders(tx);
    await insertDocuments(tx, documentSeeds, sequences, now);
    lap(`${orderSeeds.length} orders, ${documentSeeds.length} documents`);

    if (covers) {
      const written = await covers;
      lap(`${written} covers written`);
    }
  });

  // Fresh statistics after a bulk load: without them the planner guesses (PGlite runs no autovacuum,
  // and PostgreSQL's may not have run yet), e.g. parallel bitmap scans for a one-product lookup.
  await db.execute(sql`analyze`);
  lap('statistics');

  log(`demo data loaded in ${Math.round(performance.now() - started)} ms`);
  return { products: catalog.length, customers: customerSeeds.length, orders: orderSeeds.length };
}
