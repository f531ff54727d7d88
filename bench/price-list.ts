import pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import { postHeaders, type Stocked, stockedProducts } from './orders';
import type { Scenario } from './scenarios';

/**
 * Issue 20 target: cart quote p99 ≤ 15 ms on PostgreSQL at 1,000,000 products with a 50,000-row
 * contract price list active for the customer. The list takes products spread over the whole
 * catalogue (ids ≡ 0 mod 20 first), so the in-stock products the scenario finds include some of it.
 */
const LIST = 'Bench contract, 50,000 rows';
const CUSTOMER = 'company@example.com';

/** The price list, its 50,000 rows (10% off the list price) and the bench customer; idempotent (`--reuse`). */
export async function seedPriceList(db: Db) {
  // Constant names, so plain SQL strings (drizzle-orm's `sql` is the server's dependency, not the bench's).
  await db.execute(`insert into price_lists (name) values ('${LIST}') on conflict (name) do nothing`);
  await db.execute(`insert into price_list_customers (price_list_id, customer_id)
    select l.id, c.id from price_lists l, customers c where l.name = '${LIST}' and c.email = '${CUSTOMER}'
    on conflict do nothing`);
  await db.execute(`insert into price_list_rows (price_list_id, product_id, price)
    select l.id, p.id, p.price * 9 / 10 from price_lists l, products p
    where l.name = '${LIST}' and p.parent_id is null
    order by p.id % 20, p.id limit 50000
    on conflict do nothing`);
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the contract-price subquery of the cart quote (cart.queries.ts
 * volumeColumns) for five listed products: prints the plan, fails if it reads price_list_rows whole.
 */
export async function explainContractPrices(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('analyze price_list_rows');
    const plan = await client.query(
      `explain (analyze, buffers)
      select p.id, (select json_agg(json_build_object('priceListId', r.price_list_id,
          'minQuantity', r.min_quantity, 'price', r.price))
        from price_list_rows r join price_lists l on l.id = r.price_list_id
        where r.product_id in (p.id, p.parent_id)
          and (l.valid_from is null or l.valid_from <= current_date)
          and (l.valid_until is null or l.valid_until >= current_date)
          and (exists (select 1 from price_list_customers lc
              where lc.price_list_id = l.id and lc.customer_id = $1::integer)
            or exists (select 1 from price_list_customer_groups lg join customers c
              on c.customer_group_id = lg.customer_group_id
              where lg.price_list_id = l.id and c.id = $1::integer))) as contract_prices
      from products p
      where p.id = any(array(select r.product_id from price_list_rows r order by r.id desc limit 5))`,
      [(await client.query('select id from customers where email = $1', [CUSTOMER])).rows[0].id],
    );
    const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
    console.log(`contract prices plan:\n${lines.join('\n')}`);
    if (lines.some((l) => /Seq Scan on price_list_rows/.test(l)))
      throw new Error('bench: the contract-price query reads price_list_rows whole');
  } finally {
    await client.end();
  }
}

/** Five in-stock products the customer's contract list prices, found by quoting candidates. */
async function listedLines(baseUrl: string, headers: Record<string, string>, pool: Stocked[]) {
  const candidates = pool.filter((p) => p.id % 20 === 0).slice(0, 500);
  const res = await fetch(`${baseUrl}/api/cart/quote`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ products: candidates.map((p) => ({ id: p.id, isVariant: false, quantity: 1 })) }),
  });
  const quote = (await res.json()) as { products: { id: number; contract_price: number | null }[] };
  const listed = quote.products.filter((p) => p.contract_price !== null).slice(0, 5);
  if (listed.length < 5) throw new Error('bench: fewer than 5 in-stock products in the contract list');
  return listed.map((p) => ({ id: p.id, isVariant: false, quantity: 1 }));
}

export const priceListScenarios: Scenario[] = [
  {
    name: 'POST /api/cart/quote (5 lines, 50,000-row contract price list)',
    method: 'POST',
    path: '/api/cart/quote',
    setup: async (baseUrl) => {
      const headers = await postHeaders(baseUrl, CUSTOMER);
      const products = await listedLines(baseUrl, headers, await stockedProducts(baseUrl, headers));
      return { headers, body: JSON.stringify({ products, payment_method: 'cash_on_delivery' }) };
    },
  },
];
