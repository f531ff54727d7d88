import { sql } from 'drizzle-orm';
import { type DatabaseOptions, openDatabase } from '../db/client';
import { ACCOUNTS, seedDemo } from '../db/seed/demo';
import { addProduct, rowsOf } from '../modules/orders/checkout.fixtures';
import type { httpClient } from './server-process';

/**
 * The shop a fault test loads (issue 15): the demo data plus two products with stock for thousands of
 * checkouts, each checkout one unit of both; and the checks that every order came out whole.
 */
export type LoadShop = {
  products: { id: number; sku: string }[];
  order: Record<string, unknown>;
};

/** A PostgreSQL URL, or the options of the embedded database a server process runs on. */
type Target = string | DatabaseOptions;
const open = (target: Target) =>
  openDatabase(typeof target === 'string' ? { kind: 'pg', url: target, poolSize: 2 } : target);

export async function prepareLoadShop(target: Target): Promise<LoadShop> {
  const database = await open(target);
  try {
    await database.migrate();
    await seedDemo(database.db, { productCount: 50 });
    const products = [
      await addProduct(database.db, { stock: 100_000, price: 1290 }),
      await addProduct(database.db, { stock: 100_000, price: 2490 }),
    ];
    const addresses = await rowsOf<{ id: number; type: 'B' | 'S' }>(
      database.db,
      sql`select a.id, a.type from customer_addresses a join customers c on c.id = a.customer_id
        where c.email = ${ACCOUNTS.company} and a.is_default`,
    );
    const address = (type: 'B' | 'S') => ({ address_id: addresses.find((a) => a.type === type)!.id });
    return {
      products,
      order: {
        products: products.map((p) => ({ id: p.id, isVariant: false, quantity: 1 })),
        payment_method: 'cash_on_delivery',
        billing: address('B'),
        shipping: address('S'),
      },
    };
  } finally {
    await database.close();
  }
}

export type Outcome = { what: string; status: number; message?: string; ms: number };

/** One request, its status (0 when the server could not be reached), its error message and duration. */
export async function timed(what: string, send: () => Promise<Response>): Promise<Outcome> {
  const started = Date.now();
  try {
    const response = await send();
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    return { what, status: response.status, message: body.message, ms: Date.now() - started };
  } catch {
    return { what, status: 0, ms: Date.now() - started };
  }
}

type Client = ReturnType<typeof httpClient>;

/** The storefront reads of a signed-in customer, in turn: the shop, a product page, the user. */
export function reads(client: Client, shop: LoadShop): (() => Promise<Outcome>)[] {
  return [
    () => timed('GET /api/shop', () => client.get('/api/shop')),
    () => timed('GET /api/products/:sku', () => client.get(`/api/products/${shop.products[0]!.sku}`)),
    () => timed('GET /api/user', () => client.get('/api/user')),
  ];
}

/** Idempotency-Keys of the load's checkouts start with this: the checks look at those orders only. */
const KEY_PREFIX = 'fault-';

export function checkout(client: Client, shop: LoadShop, key: string): Promise<Outcome> {
  return timed('POST /api/orders', () =>
    client.post('/api/orders', shop.order, { 'idempotency-key': `${KEY_PREFIX}${key}` }),
  );
}

export type Wholeness = {
  orders: number;
  /** Orders missing a row, with a row's quantity other than 1, or totals that do not add up. */
  halfWritten: string[];
  /** Per product: units reserved on its stock rows and the open residual of its order rows. */
  reservations: { productId: number; ordered: number; residual: number }[];
};

/** Every order of the load is whole, and reserved stock equals the order rows' residual quantities. */
export async function wholeness(target: Target, shop: LoadShop): Promise<Wholeness> {
  const database = await open(target);
  const ids = shop.products.map((p) => p.id);
  try {
    const orders = await rowsOf<{ order_no: string; rows: number; units: number; adds_up: boolean }>(
      database.db,
      sql`select o.order_no, count(r.id)::integer as rows, coalesce(sum(r.ordered_qty), 0)::integer as units,
          o.total = o.total_without_taxes + o.vat and o.total > 0 as adds_up
        from orders o left join order_rows r on r.order_id = o.id
        where o.idempotency_key like ${`${KEY_PREFIX}%`}
        group by o.id`,
    );
    const reservations = await rowsOf<{ productId: number; ordered: number; residual: number }>(
      database.db,
      sql`select p.id as "productId",
          (select coalesce(sum(s.ordered), 0)::integer from stocks s where s.product_id = p.id) as ordered,
          (select coalesce(sum(r.ordered_qty - r.shipped_qty - r.cancelled_qty), 0)::integer
            from order_rows r where r.product_id = p.id) as residual
        from products p where p.id in ${ids} order by p.id`,
    );
    return {
      orders: orders.length,
      halfWritten: orders
        .filter((o) => o.rows !== ids.length || o.units !== ids.length || !o.adds_up)
        .map((o) => o.order_no),
      reservations,
    };
  } finally {
    await database.close();
  }
}
