import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { products, stocks } from '../../db/schema';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';

/** Test data of the money path: the demo shop (customers, rules, coupons, shipping) plus products made to measure. */

export type Who = 'company' | 'private' | 'extra' | 'admin';
export type Shop = {
  t: TestApp;
  clients: Record<Who, TestClient>;
  ids: Record<Exclude<Who, 'admin'>, number>;
};

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A fresh app with the demo data (50 products) and the four demo accounts signed in. */
export async function openShop(env: Record<string, string> = {}): Promise<Shop> {
  const t = await createTestApp(env);
  await seedDemo(t.db, { productCount: 50, today: t.clock.now });
  const clients = {} as Record<Who, TestClient>;
  for (const who of ['company', 'private', 'extra', 'admin'] as const) {
    clients[who] = t.client();
    expect((await clients[who].login(ACCOUNTS[who], DEMO_PASSWORD)).statusCode).toBe(200);
  }
  const customers = await rowsOf<{ email: string; id: number }>(
    t.db,
    sql`select email, id from customers where email in (${ACCOUNTS.company}, ${ACCOUNTS.private}, ${ACCOUNTS.extra})`,
  );
  const idOf = (email: string) => customers.find((c) => c.email === email)!.id;
  return {
    t,
    clients,
    ids: { company: idOf(ACCOUNTS.company), private: idOf(ACCOUNTS.private), extra: idOf(ACCOUNTS.extra) },
  };
}

let seq = 0;
export type ProductSpec = {
  price?: number;
  /** Units on hand in the MAIN warehouse (and EXT when `ext` is given). */
  stock?: number;
  ext?: number;
  vatRate?: 2200 | 1000 | 400;
  category?: 'MUSICA' | 'HOME_VIDEO' | 'HI_FI' | 'MERCHANDISE' | 'EDITORIA';
  preorder?: boolean;
  onRequest?: boolean;
  minQuantity?: number;
  maxQuantity?: number | null;
  shippingPrice?: number | null;
  ean13?: string | null;
};

/** A product with exactly the price and stock a test needs; its SKU is TST-<n>. */
export async function addProduct(db: Db, spec: ProductSpec = {}) {
  seq += 1;
  const [refs] = await rowsOf<{ category: number; vat: number; main: number; ext: number }>(
    db,
    sql`select (select id from categories where code = ${spec.category ?? 'MUSICA'}) as category,
      (select id from vats where rate = ${spec.vatRate ?? 2200}) as vat,
      (select id from warehouses where code = 'MAIN') as main, (select id from warehouses where code = 'EXT') as ext`,
  );
  const sku = `TST-${String(seq).padStart(4, '0')}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const [product] = await db
    .insert(products)
    .values({
      sku,
      description: `Test product ${seq}`,
      categoryId: refs!.category,
      vatId: refs!.vat,
      price: spec.price ?? 1290,
      shippingPrice: spec.shippingPrice ?? null,
      ean13: spec.ean13 ?? null,
      releaseDate: spec.preorder ? '2027-03-01' : '2024-01-01',
      availableForPreorders: spec.preorder ?? false,
      availableOnRequest: spec.onRequest ?? false,
      minQuantity: spec.minQuantity ?? 1,
      maxQuantity: spec.maxQuantity ?? null,
    })
    .returning({ id: products.id, sku: products.sku, description: products.description });
  const rows = [
    ...(spec.stock !== undefined
      ? [{ productId: product!.id, warehouseId: refs!.main, onHand: spec.stock }]
      : []),
    ...(spec.ext !== undefined ? [{ productId: product!.id, warehouseId: refs!.ext, onHand: spec.ext }] : []),
  ];
  if (rows.length > 0) await db.insert(stocks).values(rows);
  return product!;
}

/** Units available now (Σ on hand − ordered) and reserved, from the stock rows themselves. */
export async function stockOf(db: Db, productId: number) {
  const [row] = await rowsOf<{ available: number; ordered: number; listed: number }>(
    db,
    sql`select coalesce(sum(s.on_hand - s.ordered), 0)::integer as available,
      coalesce(sum(s.ordered), 0)::integer as ordered,
      (select available_qty from products where id = ${productId}) as listed
      from stocks s where s.product_id = ${productId}`,
  );
  return row!;
}

export const line = (id: number, quantity = 1, isVariant = false) => ({ id, isVariant, quantity });

let key = 0;
/** A new Idempotency-Key each call. */
export const newKey = () => ({ 'idempotency-key': `test-${Date.now()}-${++key}` });

/** The customer's default billing and shipping address ids, as checkout sends them. */
export async function addressesOf(shop: Shop, who: Exclude<Who, 'admin'>) {
  const rows = await rowsOf<{ id: number; type: 'B' | 'S' }>(
    shop.t.db,
    sql`select id, type from customer_addresses where customer_id = ${shop.ids[who]} and is_default`,
  );
  return {
    billing: { address_id: rows.find((r) => r.type === 'B')!.id },
    shipping: { address_id: rows.find((r) => r.type === 'S')!.id },
  };
}

/** POST /api/orders as `who` (cash on delivery to their default addresses unless the body says otherwise). */
export async function postOrder(
  shop: Shop,
  who: Who,
  body: Record<string, unknown>,
  headers: Record<string, string> = newKey(),
) {
  const addresses = who === 'admin' ? {} : await addressesOf(shop, who);
  return shop.clients[who].post(
    '/api/orders',
    { payment_method: 'cash_on_delivery', ...addresses, ...body },
    headers,
  );
}

/** How many orders and order rows exist: a refusal leaves both as they were. */
export async function writtenRows(db: Db) {
  const [row] = await rowsOf<{ orders: number; rows: number }>(
    db,
    sql`select (select count(*) from orders)::integer as orders, (select count(*) from order_rows)::integer as rows`,
  );
  return row!;
}
