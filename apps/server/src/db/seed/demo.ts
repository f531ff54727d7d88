import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../lib/crypto';
import type { Db } from '../client';
import * as schema from '../schema';
import {
  campaignRows,
  campaigns,
  coupons,
  customerAddresses,
  customers,
  documentRows,
  documentSequences,
  documents,
  images,
  orderRows,
  orderStatusChanges,
  orders,
  productAttributes,
  products,
  stocks,
  users,
  warehouseTransactions,
} from '../schema';
import {
  productAttributes as attributesOf,
  generateProducts,
  type ProductSeed,
  productRow,
  sellable,
} from './catalog';
import { romeDate } from './codes';
import { COVER_SIZE, coverPath, writeCovers } from './covers';
import { ACCOUNTS, type CustomerSeed, DEMO_PASSWORD, generateCustomers } from './customers';
import { bulkInsert, chunks } from './insert';
import { type Actor, generateOrders } from './orders';
import { generateCampaigns, generateCoupons } from './promotions';
import { insertReferenceData } from './reference';

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

export { ACCOUNTS, DEMO_PASSWORD };

const PRODUCT_CHUNK = 1000;
const ROW_CHUNK = 5000;

/** True when no user exists yet: the signal to load the demo data on first start. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/** Empties every table of the schema in one TRUNCATE … RESTART IDENTITY CASCADE. */
export async function resetDatabase(db: Db): Promise<void> {
  const names = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`TRUNCATE TABLE ${names.join(', ')} RESTART IDENTITY CASCADE`));
}

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

    for (const chunk of chunks(catalog, PRODUCT_CHUNK)) {
      const inserted = await bulkInsert<typeof products, { id: number; sku: string }>(
        tx,
        products,
        chunk.map((s) => productRow(s, refs, null)),
        { chunkSize: PRODUCT_CHUNK, returning: ['id', 'sku'] },
      );
      assignIds(chunk, inserted);
      const variants = chunk.flatMap((s) => s.variants);
      if (variants.length > 0) {
        const insertedVariants = await bulkInsert<typeof products, { id: number; sku: string }>(
          tx,
          products,
          variants.map((v) => productRow(v, refs, v.parent!.id)),
          { chunkSize: PRODUCT_CHUNK, returning: ['id', 'sku'] },
        );
        assignIds(variants, insertedVariants);
      }
    }
    lap('products');

    let attributes: (typeof productAttributes.$inferInsert)[] = [];
    let attributeCount = 0;
    for (const seed of catalog) {
      for (const s of [seed, ...seed.variants]) {
        for (const a of attributesOf(s)) attributes.push({ productId: s.id, ...a });
      }
      if (attributes.length >= ROW_CHUNK) {
        attributeCount += attributes.length;
        await bulkInsert(tx, productAttributes, attributes, { chunkSize: ROW_CHUNK });
        attributes = [];
      }
    }
    await bulkInsert(tx, productAttributes, attributes, { chunkSize: ROW_CHUNK });
    attributeCount += attributes.length;
    await bulkInsert(
      tx,
      images,
      catalog.map((s) => ({
        productId: s.id,
        path: coverPath(s.sku),
        mimeType: 'image/svg+xml',
        width: COVER_SIZE,
        height: COVER_SIZE,
        position: 0,
        isCover: true,
      })),
      { chunkSize: ROW_CHUNK },
    );
    lap(`${attributeCount} attributes, ${catalog.length} images`);

    // Customers, their addresses and users.
    const insertedCustomers = await tx
      .insert(customers)
      .values(
        customerSeeds.map((c) => ({
          type: c.type,
          company: c.company,
          firstname: c.firstname,
          lastname: c.lastname,
          email: c.email,
          sdiCode: c.sdiCode,
          pec: c.pec,
          birthday: c.birthday,
          job: c.job,
          vatId: c.vatId,
          taxNumber: c.taxNumber,
          discount: c.discount,
          currency: c.currency,
          taxRule: c.taxRule,
          preorderDays: c.preorderDays,
          newsletter: c.newsletter,
          newsletterOption: c.newsletter ? 'all' : null,
          newsletterDate: c.newsletter ? c.createdAt : null,
          customerGroupId: c.group ? refs.groupIdByCode.get(c.group)! : null,
          erpCode: c.erpCode,
          erpConnected: c.erpConnected,
          externalErpCode: c.erpConnected && c.erpCode ? c.erpCode.replace('C', '00') : null,
          country: c.country,
          availableFrom: romeDate(c.createdAt),
          extraCee: c.extraCee,
          createdAt: c.createdAt,
          updatedAt: c.createdAt,
        })),
      )
      .returning({ id: customers.id, email: customers.email });
    const customerIds = new Map(insertedCustomers.map((c) => [c.email, c.id]));
    for (const c of customerSeeds) c.id = customerIds.get(c.email)!;
    await tx.insert(customerAddresses).values(
      customerSeeds.flatMap((c) =>
        c.addresses.map((a) => ({
          customerId: c.id,
          ...a,
          createdAt: c.createdAt,
          updatedAt: c.createdAt,
        })),
      ),
    );
    const insertedUsers = await tx
      .insert(users)
      .values([
        {
          email: ACCOUNTS.admin,
          passwordHash,
          isSuperAdmin: true,
          customerId: null,
          createdAt: now,
          updatedAt: now,
        },
        ...customerSeeds.map((c) => ({
          email: c.email,
          passwordHash,
          isSuperAdmin: false,
          customerId: c.id,
          createdAt: c.createdAt,
          updatedAt: c.createdAt,
        })),
      ])
      .returning({ id: users.id, email: users.email });
    const userIds = new Map(insertedUsers.map((u) => [u.email, u.id]));
    const adminId = userIds.get(ACCOUNTS.admin)!;
    for (const c of customerSeeds) c.userId = userIds.get(c.email)!;

    const customerByEmail = new Map(customerSeeds.map((c) => [c.email, c]));
    const usedAt = orderSeeds.find((o) => o.couponCode)?.date ?? null;
    await tx.insert(coupons).values(
      couponSeeds.map((c) => ({
        code: c.code,
        value: c.value,
        customerId: c.customerEmail ? customerByEmail.get(c.customerEmail)!.id : null,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        usedAt: c.used ? usedAt : null,
      })),
    );

    for (const c of campaignSeeds) {
      const [row] = await tx
        .insert(campaigns)
        .values({
          title: c.title,
          description: c.description,
          categoryId: refs.categoryIdByCode.get(c.category)!,
          startDate: c.startDate,
          endDate: c.endDate,
          inHome: c.inHome,
          isFeatured: c.isFeatured,
        })
        .returning({ id: campaigns.id });
      if (c.rows.length > 0) {
        await tx
          .insert(campaignRows)
          .values(c.rows.map((r) => ({ campaignId: row!.id, productId: r.product.id, price: r.price })));
      }
    }
    lap(`${customerSeeds.length} customers, ${campaignSeeds.length} campaigns`);

    // Stock: every sellable row in MAIN, some in EXT, each load written as a warehouse transaction.
    const mainId = refs.warehouseIdByCode.get('MAIN')!;
    const extId = refs.warehouseIdByCode.get('EXT')!;
    const year = today.slice(0, 4);
    const stockRows: (typeof stocks.$inferInsert)[] = [];
    const loads: (typeof warehouseTransactions.$inferInsert)[] = [];
    const load = (s: ProductSeed, warehouseId: number, documentNumber: string, quantity: number) => {
      if (quantity <= 0) return;
      loads.push({
        warehouseId,
        productId: s.id,
        sku: s.sku,
        variantCode: s.size,
        operation: 'load',
        documentDate: today,
        documentNumber,
        quantity,
        previousStock: 0,
        resultStock: quantity,
        userId: adminId,
        createdAt: now,
        updatedAt: now,
      });
    };
    for (const s of items) {
      const st = s.stock!;
      stockRows.push({
        productId: s.id,
        warehouseId: mainId,
        onHand: st.main,
        onOrder: st.mainOnOrder,
        ordered: st.ordered,
      });
      load(s, mainId, `CAR-${year}-0001`, st.main);
      if (st.ext !== null) {
        stockRows.push({
          productId: s.id,
          warehouseId: extId,
          onHand: st.ext,
          onOrder: st.extOnOrder,
          ordered: 0,
        });
        load(s, extId, `CAR-${year}-0002`, st.ext);
      }
    }
    await bulkInsert(tx, stocks, stockRows, { chunkSize: ROW_CHUNK });
    await bulkInsert(tx, warehouseTransactions, loads, { chunkSize: ROW_CHUNK });
    lap(`${stockRows.length} stock rows`);

    // Orders, rows, status trails and documents.
    const actor = (by: Actor, c: CustomerSeed) =>
      by === 'admin' ? adminId : by === 'customer' ? c.userId : null;
    const insertedOrders = await bulkInsert<typeof orders, { id: number; orderNo: string }>(
      tx,
      orders,
      orderSeeds.map((o) => ({
        orderNo: o.orderNo,
        erpOrderNo: o.erpOrderNo,
        channel: o.channel,
        customerId: o.customer.id,
        placedByUserId: actor(o.placedBy, o.customer),
        billingCompany: o.billingCompany,
        date: o.date,
        status: o.status,
        paymentMethod: o.paymentMethod,
        shippingMethodId: refs.shippingMethodIdBySlug.get(o.shippingSlug)!,
        shippingAddress: o.shippingAddress,
        billingAddress: o.billingAddress,
        shippingCosts: o.shippingCosts,
        paymentFee: o.paymentFee,
        couponCode: o.couponCode,
        vat: o.vat,
        total: o.total,
        totalWithoutTaxes: o.totalWithoutTaxes,
        customerReference: o.customerReference,
        customerReferenceDate: o.customerReferenceDate,
        paidAt: o.paidAt,
        createdAt: o.date,
        updatedAt: o.updatedAt,
      })),
      { chunkSize: PRODUCT_CHUNK, returning: ['id', 'orderNo'] },
    );
    const orderIds = new Map(insertedOrders.map((r) => [r.orderNo, r.id]));
    for (const o of orderSeeds) o.id = orderIds.get(o.orderNo)!;

    const allRows = orderSeeds.flatMap((o) => o.rows.map((r) => ({ order: o, row: r })));
    const insertedRows = await bulkInsert<
      typeof orderRows,
      { id: number; orderId: number; productId: number }
    >(
      tx,
      orderRows,
      allRows.map(({ order, row }) => ({
        orderId: order.id,
        productId: row.product.id,
        productSku: row.product.sku,
        description: row.description,
        orderedQty: row.orderedQty,
        shippedQty: row.shippedQty,
        cancelledQty: row.cancelledQty,
        readyQty: row.readyQty,
        discount: row.discount,
        price: row.price,
        vatRate: row.vatRate,
        subtotal: row.subtotal,
        status: row.status,
        isPreorder: row.isPreorder,
        note: row.note,
        createdAt: order.date,
        updatedAt: order.updatedAt,
      })),
      { chunkSize: ROW_CHUNK, returning: ['id', 'orderId', 'productId'] },
    );
    const rowIds = new Map(insertedRows.map((r) => [`${r.orderId}:${r.productId}`, r.id]));
    for (const { order, row } of allRows) row.id = rowIds.get(`${order.id}:${row.product.id}`)!;
    await bulkInsert(
      tx,
      orderStatusChanges,
      orderSeeds.flatMap((o) =>
        o.changes.map((c) => ({
          orderId: o.id,
          fromStatus: c.from,
          toStatus: c.to,
          userId: actor(c.by, o.customer),
          createdAt: c.at,
          updatedAt: c.at,
        })),
      ),
      { chunkSize: ROW_CHUNK },
    );

    const insertedDocuments = await bulkInsert<typeof documents, { id: number; number: string }>(
      tx,
      documents,
      documentSeeds.map((d) => ({
        type: d.type,
        number: d.number,
        year: d.year,
        customerId: d.customer.id,
        orderId: d.order.id,
        date: d.date,
        quantity: d.quantity,
        amount: d.amount,
        vat: d.vat,
        createdAt: d.at,
        updatedAt: d.at,
      })),
      { chunkSize: PRODUCT_CHUNK, returning: ['id', 'number'] },
    );
    const documentIds = new Map(insertedDocuments.map((r) => [r.number, r.id]));
    await bulkInsert(
      tx,
      documentRows,
      documentSeeds.flatMap((d) =>
        d.rows.map((r) => ({
          documentId: documentIds.get(d.number)!,
          orderRowId: r.row?.id ?? null,
          productSku: r.productSku,
          description: r.description,
          quantity: r.quantity,
          price: r.price,
          vatRate: r.vatRate,
          amount: r.amount,
          createdAt: d.at,
          updatedAt: d.at,
        })),
      ),
      { chunkSize: ROW_CHUNK },
    );
    if (sequences.length > 0) {
      await tx
        .insert(documentSequences)
        .values(sequences.map((s) => ({ ...s, createdAt: now, updatedAt: now })));
    }
    lap(`${orderSeeds.length} orders, ${documentSeeds.length} documents`);

    if (covers) {
      const written = await covers;
      lap(`${written} covers written`);
    }
  });

  log(`demo data loaded in ${Math.round(performance.now() - started)} ms`);
  return { products: catalog.length, customers: customerSeeds.length, orders: orderSeeds.length };
}

function assignIds(seeds: ProductSeed[], inserted: { id: number; sku: string }[]) {
  const ids = new Map(inserted.map((r) => [r.sku, r.id]));
  for (const s of seeds) s.id = ids.get(s.sku)!;
}
