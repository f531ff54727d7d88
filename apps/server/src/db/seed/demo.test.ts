import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CustomerType, checkTaxNumber, checkVatNumber, ORDER_STATUSES } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/crypto';
import { type Database, openDatabase } from '../client';
import { generateProducts } from './catalog';
import { isValidEan13 } from './codes';
import { coverSvg, writeCovers } from './covers';
import { isDatabaseEmpty, resetDatabase, seedDemo } from './demo';

const today = new Date('2026-11-21T10:00:00Z');
const PRODUCTS = 300;

let database: Database;

/** Rows of a raw query (column names as in the database, snake_case). */
async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  expect(await isDatabaseEmpty(database.db)).toBe(true);
  await seedDemo(database.db, { productCount: PRODUCTS, today });
});

afterAll(async () => {
  await database?.close();
});

describe('demo data (DESIGN §10)', () => {
  it('is no longer empty and has the requested products', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from products where parent_id is null`,
    );
    expect(count!.n).toBe(PRODUCTS);
    const categories = await rows<{ code: string; n: number }>(
      sql`select c.code, count(p.id)::int as n from categories c left join products p on p.category_id = c.id and p.parent_id is null group by c.code`,
    );
    expect(Object.fromEntries(categories.map((c) => [c.code, c.n]))).toMatchObject({
      MUSICA: expect.any(Number),
      HOME_VIDEO: 60,
      HI_FI: 24,
      MERCHANDISE: 27,
      EDITORIA: 24,
    });
  });

  it('gives every customer a VAT id and a tax number the profile checks accept', async () => {
    const customers = await rows<{
      type: CustomerType;
      country: string;
      vat_id: string | null;
      tax_number: string | null;
    }>(sql`select type, country, vat_id, tax_number from customers`);
    const refused = customers.filter(
      (c) =>
        (c.vat_id !== null && checkVatNumber(c.vat_id, c.country).status === 'invalid') ||
        ['invalid', 'not_person', 'required'].includes(checkTaxNumber(c.tax_number, c)),
    );
    expect(refused).toEqual([]);
  });

  it('has the four accounts with password Password1!', async () => {
    const accounts = await rows<{
      email: string;
      password_hash: string;
      is_super_admin: boolean;
      customer_id: number | null;
      type: string | null;
      company: string | null;
      country: string | null;
      extra_cee: boolean | null;
      tax_rule: string | null;
      discount: number | null;
      preorder_days: number | null;
      tax_number: string | null;
      group_code: string | null;
    }>(sql`
      select u.email, u.password_hash, u.is_super_admin, u.customer_id, c.type, c.company, c.country, c.extra_cee,
             c.tax_rule, c.discount, c.preorder_days, c.tax_number, g.code as group_code
      from users u
      left join customers c on c.id = u.customer_id
      left join customer_groups g on g.id = c.customer_group_id
      where u.email in ('admin@example.com', 'company@example.com', 'private@example.com', 'extra@example.com')`);
    const by = Object.fromEntries(accounts.map((a) => [a.email, a]));
    expect(by['admin@example.com']).toMatchObject({ is_super_admin: true, customer_id: null });
    expect(by['company@example.com']).toMatchObject({
      is_super_admin: false,
      type: 'G',
      company: 'Dischi Rossi S.r.l.',
      country: 'IT',
      group_code: 'RIVENDITORI',
      discount: 200,
      preorder_days: 30,
      tax_rule: 'standard',
    });
    expect(by['private@example.com']).toMatchObject({ type: 'P', country: 'IT', group_code: null });
    expect(by['private@example.com']!.tax_number).toMatch(/^[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]$/);
    expect(by['extra@example.com']).toMatchObject({
      type: 'G',
      company: 'Alpen Musik AG',
      country: 'CH',
      extra_cee: true,
      tax_rule: 'exempt',
    });
    for (const account of accounts)
      expect(await verifyPassword(account.password_hash, 'Password1!')).toBe(true);

    // Issue 20: staff granted 'as per agreement' to the two companies the journeys order for; the rest keep the default.
    const granted = await rows<{ email: string }>(sql`
      select c.email from customers c
      left join customer_groups g on g.id = c.customer_group_id
      where coalesce(c.payment_methods, g.payment_methods) ? 'as_agreed' order by c.email`);
    expect(granted.map((c) => c.email)).toEqual(['company@example.com', 'extra@example.com']);

    // Issue 19 point 6: company@example.com is the admin of a team with a buyer and a viewer.
    const team = await rows<{ email: string; customer_role: string; order_limit: number | null }>(sql`
      select u.email, u.customer_role, u.order_limit from users u join customers c on c.id = u.customer_id
      where c.email = 'company@example.com' order by u.email`);
    expect(team).toEqual([
      { email: 'accounts@example.com', customer_role: 'viewer', order_limit: null },
      { email: 'buyer@example.com', customer_role: 'buyer', order_limit: 50_000 },
      { email: 'company@example.com', customer_role: 'admin', order_limit: null },
    ]);
    const [roleless] = await rows<{ n: number }>(
      sql`select count(*)::int as n from users where customer_id is not null and customer_role is null`,
    );
    expect(roleless!.n).toBe(0);

    const [others] = await rows<{ n: number }>(
      sql`select count(*)::int as n from users where customer_id is not null`,
    );
    expect(others!.n).toBeGreaterThanOrEqual(28);
  });

  it('gives every customer a default billing and shipping address', async () => {
    const missing = await rows(sql`
      select c.email from customers c
      where not exists (select 1 from customer_addresses a where a.customer_id = c.id and a.type = 'B' and a.is_default)
         or not exists (select 1 from customer_addresses a where a.customer_id = c.id and a.type = 'S' and a.is_default)`);
    expect(missing).toEqual([]);
    const [company] = await rows<{ n: number }>(sql`
      select count(*)::int as n from customer_addresses a join customers c on c.id = a.customer_id
      where c.email = 'company@example.com' and a.type = 'S'`);
    expect(company!.n).toBe(2);
  });

  it('has orders in every status, the pending ones 2 and 10 days old', async () => {
    const statuses = await rows<{ status: string }>(sql`select distinct status from orders`);
    // Waiting for approval is reached live, by buyer@example.com passing his limit (issue 19).
    const seeded = ORDER_STATUSES.filter((s) => s !== 'awaiting_approval');
    expect(statuses.map((s) => s.status).sort()).toEqual([...seeded].sort());
    const pending = await rows<{ days: number }>(sql`
      select floor(extract(epoch from (${today.toISOString()}::timestamptz - date)) / 86400)::int as days
      from orders o join customers c on c.id = o.customer_id
      where o.status = 'pending' and c.email = 'private@example.com' order by days`);
    expect(pending.map((p) => p.days)).toEqual([2, 10]);
    const perCustomer = await rows<{ email: string; n: number }>(sql`
      select c.email, count(*)::int as n from orders o join customers c on c.id = o.customer_id
      where c.email in ('company@example.com', 'private@example.com') group by c.email`);
    for (const c of perCustomer) expect(c.n).toBeGreaterThanOrEqual(5);
    const addresses = await rows(sql`
      select o.order_no from orders o join customers c on c.id = o.customer_id
      join customer_addresses a on a.customer_id = c.id and a.type = 'S' and a.is_default
      join shipping_methods m on m.id = o.shipping_method_id
      where o.shipping_address->>'country' is distinct from a.country
         or o.shipping_address->>'address' is distinct from a.address
         or o.billing_address->>'city' is null
         or m.slug <> case when a.country = 'IT' then 'national' else 'international' end`);
    expect(addresses).toEqual([]);
    const [orderCount] = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(orderCount!.n).toBeGreaterThanOrEqual(55);
    const trails = await rows(sql`
      select o.order_no from orders o
      where o.status <> (select s.to_status from order_status_changes s where s.order_id = o.id order by s.created_at desc, s.id desc limit 1)
         or not exists (select 1 from order_status_changes s where s.order_id = o.id and s.from_status is null)`);
    expect(trails).toEqual([]);
  });

  it('reserves in stocks.ordered exactly the residual of the open rows', async () => {
    const mismatches = await rows(sql`
      with reserved as (
        select r.product_id, sum(r.ordered_qty - r.shipped_qty - r.cancelled_qty)::int as qty
        from order_rows r join orders o on o.id = r.order_id
        where o.status not in ('cancelled', 'closed') and r.status <> 'cancelled'
        group by r.product_id),
      stock as (select product_id, sum(ordered)::int as ordered from stocks group by product_id)
      select p.sku, reserved.qty, stock.ordered from products p
      left join reserved on reserved.product_id = p.id
      left join stock on stock.product_id = p.id
      where coalesce(reserved.qty, 0) <> coalesce(stock.ordered, 0)`);
    expect(mismatches).toEqual([]);
    const [reserved] = await rows<{ n: number }>(sql`select sum(ordered)::int as n from stocks`);
    expect(reserved!.n).toBeGreaterThan(0);
  });

  it('never reserves more than on hand for products that are not pre-order or on request', async () => {
    const over = await rows(sql`
      select p.sku from products p join stocks s on s.product_id = p.id
      where not p.available_for_preorders and not p.available_on_request
      group by p.sku having sum(s.ordered) > sum(s.on_hand)`);
    expect(over).toEqual([]);
    const ready = await rows(sql`
      select r.product_id from order_rows r join orders o on o.id = r.order_id
      where o.status not in ('cancelled', 'closed')
      group by r.product_id
      having sum(r.ready_qty) > (select coalesce(sum(on_hand), 0) from stocks s where s.product_id = r.product_id)`);
    expect(ready).toEqual([]);
  });

  it('has a stock row in MAIN for every sellable product and a load transaction per stocked row', async () => {
    const missing = await rows(sql`
      select p.sku from products p where not p.has_variants and not exists (
        select 1 from stocks s join warehouses w on w.id = s.warehouse_id where s.product_id = p.id and w.code = 'MAIN')`);
    expect(missing).toEqual([]);
    const [counts] = await rows<{ stocked: number; loads: number; bad: number }>(sql`
      select (select count(*)::int from stocks where on_hand > 0) as stocked,
             (select count(*)::int from warehouse_transactions where operation = 'load') as loads,
             (select count(*)::int from warehouse_transactions t join stocks s
                on s.product_id = t.product_id and s.warehouse_id = t.warehouse_id
              where t.result_stock <> s.on_hand or t.previous_stock <> 0) as bad`);
    expect(counts!.loads).toBe(counts!.stocked);
    expect(counts!.bad).toBe(0);
  });

  it('adds up the order totals', async () => {
    const badRows = await rows(sql`select id from order_rows where subtotal <> price * ordered_qty`);
    expect(badRows).toEqual([]);
    const badOrders = await rows(sql`
      select o.order_no from orders o
      where o.total <> o.total_without_taxes + o.vat
         or o.total_without_taxes <> (select sum(subtotal) from order_rows r where r.order_id = o.id) + o.shipping_costs + o.payment_fee
         or o.vat < (select sum(round(subtotal * vat_rate / 10000.0)) from order_rows r where r.order_id = o.id)`);
    expect(badOrders).toEqual([]);
    const exempt = await rows(sql`
      select o.order_no from orders o join customers c on c.id = o.customer_id
      where c.tax_rule = 'exempt' and o.vat <> 0`);
    expect(exempt).toEqual([]);
  });

  it('keeps row quantities consistent with the order status', async () => {
    const bad = await rows(sql`
      select o.order_no, o.status, r.status as row_status from orders o join order_rows r on r.order_id = o.id
      where (o.status in ('shipped', 'delivered', 'closed') and (r.shipped_qty <> r.ordered_qty or r.status <> 'shipped'))
         or (o.status = 'cancelled' and (r.cancelled_qty <> r.ordered_qty or r.status <> 'cancelled'))
         or (o.status in ('registered', 'pending', 'failed_payment', 'confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship')
             and (r.shipped_qty <> 0 or r.cancelled_qty <> 0))
         or r.ready_qty > r.ordered_qty - r.shipped_qty - r.cancelled_qty
         or r.ready_qty < 0`);
    expect(bad).toEqual([]);
    const [partial] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders o join order_rows r on r.order_id = o.id
      where o.status = 'partially_shipped' and r.shipped_qty > 0 and r.shipped_qty < r.ordered_qty`);
    expect(partial!.n).toBeGreaterThan(0);
    const preorders = await rows(sql`
      select r.id from order_rows r join products p on p.id = r.product_id
      where r.is_preorder <> p.available_for_preorders`);
    expect(preorders).toEqual([]);
  });

  it('gives the company ready rows and backorder rows across several open orders', async () => {
    const [company] = await rows<{ ready_orders: number; backorder_orders: number }>(sql`
      select count(distinct o.id) filter (where r.ready_qty > 0)::int as ready_orders,
             count(distinct o.id) filter (where r.ready_qty = 0 and r.ordered_qty - r.shipped_qty - r.cancelled_qty > 0)::int as backorder_orders
      from orders o join customers c on c.id = o.customer_id join order_rows r on r.order_id = o.id
      where c.email = 'company@example.com' and o.status not in ('cancelled', 'closed', 'shipped', 'delivered')`);
    expect(company!.ready_orders).toBeGreaterThanOrEqual(2);
    expect(company!.backorder_orders).toBeGreaterThanOrEqual(2);
  });

  it('uses EAN-13 and ISBN-13 codes with valid check digits', async () => {
    const codes = await rows<{ ean13: string | null; isbn: string | null; has_variants: boolean }>(
      sql`select ean13, isbn, has_variants from products`,
    );
    for (const c of codes) {
      if (!c.has_variants) expect(c.ean13 && isValidEan13(c.ean13), `EAN ${c.ean13}`).toBeTruthy();
      if (c.isbn) expect(isValidEan13(c.isbn) && c.isbn.startsWith('978'), `ISBN ${c.isbn}`).toBe(true);
    }
    const [books] = await rows<{ n: number; without: number }>(sql`
      select count(*)::int as n, count(*) filter (where p.isbn is null)::int as without
      from products p join subcategories s on s.id = p.subcategory_id where s.code = 'LIBRI'`);
    expect(books!.n).toBeGreaterThan(0);
    expect(books!.without).toBe(0);
  });

  it('has merchandise variants with one default each and a TAGLIA attribute', async () => {
    const parents = await rows<{ sku: string; variants: number; defaults: number; sizes: string }>(sql`
      select p.sku, count(v.id)::int as variants, count(v.id) filter (where v.is_default_variant)::int as defaults,
             string_agg(a.value, ',' order by v.variant_value) as sizes
      from products p join products v on v.parent_id = p.id
      left join product_attributes a on a.product_id = v.id and a.code = 'TAGLIA'
      where p.has_variants group by p.sku`);
    expect(parents.length).toBeGreaterThan(0);
    for (const p of parents) expect(p).toMatchObject({ variants: 4, defaults: 1, sizes: 'S,M,L,XL' });
    const [orphans] = await rows<{ n: number }>(
      sql`select count(*)::int as n from products p where p.has_variants and not exists (select 1 from products v where v.parent_id = p.id)`,
    );
    expect(orphans!.n).toBe(0);
  });

  it('gives every product a cover image and music products their attributes', async () => {
    const [covers] = await rows<{ missing: number }>(sql`
      select count(*)::int as missing from products p
      where p.parent_id is null and not exists (
        select 1 from images i where i.product_id = p.id and i.is_cover and i.path = 'covers/' || p.sku || '.svg'
          and i.mime_type = 'image/svg+xml')`);
    expect(covers!.missing).toBe(0);
    const [music] = await rows<{ missing: number }>(sql`
      select count(*)::int as missing from products p join categories c on c.id = p.category_id
      where c.code = 'MUSICA' and (
        select count(*) from product_attributes a where a.product_id = p.id
          and a.code in ('AUTORE', 'ETICHETTA', 'CATALOGO', 'GENERE', 'TRACKLIST', 'NOTE_PRODOTTO', 'NOTE_PRODOTTO_EN')) <> 7`);
    expect(music!.missing).toBe(0);
  });

  it('numbers documents per type and year, with matching sequences and amounts', async () => {
    const docs = await rows<{
      id: number;
      type: string;
      number: string;
      year: number;
      amount: number;
      vat: number;
    }>(sql`select id, type, number, year, amount, vat from documents order by id`);
    expect(docs.some((d) => d.type === 'delivery_note')).toBe(true);
    expect(docs.some((d) => d.type === 'invoice')).toBe(true);
    expect(docs.filter((d) => d.type === 'credit_note')).toHaveLength(1);
    const prefix: Record<string, string> = { delivery_note: 'DDT', invoice: 'INV', credit_note: 'CN' };
    const numbers = new Map<string, number[]>();
    for (const d of docs) {
      const match = /^(DDT|INV|CN)-(\d{4})-(\d{6})$/.exec(d.number);
      expect(match, d.number).not.toBeNull();
      expect(match![1]).toBe(prefix[d.type]);
      expect(Number(match![2])).toBe(d.year);
      const key = `${d.type}:${d.year}`;
      numbers.set(key, [...(numbers.get(key) ?? []), Number(match![3])]);
    }
    const sequences = await rows<{ type: string; year: number; last_number: number }>(
      sql`select type, year, last_number from document_sequences`,
    );
    expect(sequences.map((s) => `${s.type}:${s.year}`).sort()).toEqual([...numbers.keys()].sort());
    for (const s of sequences) {
      const used = numbers.get(`${s.type}:${s.year}`)!.sort((a, b) => a - b);
      expect(used).toEqual(Array.from({ length: used.length }, (_, i) => i + 1));
      expect(s.last_number).toBe(used.length);
    }
    const badAmounts = await rows(sql`
      select d.number from documents d
      where d.amount <> (select sum(amount) from document_rows r where r.document_id = d.id)
         or d.vat <> (select sum(vat) from document_rows r where r.document_id = d.id)`);
    expect(badAmounts).toEqual([]);
    // Every shipped quantity is on a delivery note, and each delivery note has its invoice.
    const unshipped = await rows(sql`
      select r.id from order_rows r
      where r.shipped_qty <> coalesce((select sum(dr.quantity) from document_rows dr join documents d on d.id = dr.document_id
                                       where dr.order_row_id = r.id and d.type = 'delivery_note'), 0)`);
    expect(unshipped).toEqual([]);
    expect(docs.filter((d) => d.type === 'invoice')).toHaveLength(
      docs.filter((d) => d.type === 'delivery_note').length,
    );
  });

  it('has the shop, VAT rates, shipping methods, discount rules, coupons and campaigns', async () => {
    const [shop] = await rows<{ name: string; country: string }>(sql`select name, country from shop`);
    expect(shop).toEqual({ name: 'Sonora', country: 'IT' });
    const vats = await rows<{ rate: number }>(sql`select rate from vats order by rate`);
    expect(vats.map((v) => v.rate)).toEqual([0, 400, 1000, 2200]);
    const methods = await rows(
      sql`select slug, code, price, free_shipping from shipping_methods order by id`,
    );
    expect(methods).toEqual([
      { slug: 'national', code: 'IT-STD', price: 690, free_shipping: 15000 },
      { slug: 'international', code: 'INT-STD', price: 1990, free_shipping: 30000 },
    ]);
    const [rules] = await rows<{ n: number; blocking: number }>(
      sql`select count(*)::int as n, count(*) filter (where block_others)::int as blocking from discount_rules`,
    );
    expect(rules).toEqual({ n: 5, blocking: 1 });
    const couponCodes = await rows<{ code: string }>(sql`select code from coupons order by code`);
    expect(couponCodes.map((c) => c.code)).toEqual(expect.arrayContaining(['BENVENUTO10', 'ESTATE5']));
    // Issue 20 point 5: a customer's coupon is restricted to him, once; its demo order names it.
    const managed = await rows(sql`
      select c.code, c.kind, c.value, c.min_order, c.usage_limit, c.per_customer_limit,
        (select count(*)::int from coupon_customers cc where cc.coupon_id = c.id) as customers,
        (select count(*)::int from orders o where o.coupon_id = c.id) as orders
      from coupons c where c.code in ('GRAZIE20', 'DISCHIROSSI15', 'WELCOME10', 'PRIMI100') order by c.code`);
    expect(managed).toEqual([
      {
        code: 'DISCHIROSSI15',
        kind: 'percent',
        value: 1500,
        min_order: null,
        usage_limit: 1,
        per_customer_limit: null,
        customers: 1,
        orders: 0,
      },
      {
        code: 'GRAZIE20',
        kind: 'percent',
        value: 2000,
        min_order: null,
        usage_limit: 1,
        per_customer_limit: null,
        customers: 1,
        orders: 1,
      },
      {
        code: 'PRIMI100',
        kind: 'percent',
        value: 500,
        min_order: null,
        usage_limit: 100,
        per_customer_limit: null,
        customers: 0,
        orders: 0,
      },
      {
        code: 'WELCOME10',
        kind: 'fixed',
        value: 1000,
        min_order: 5000,
        usage_limit: null,
        per_customer_limit: 1,
        customers: 0,
        orders: 0,
      },
    ]);
    const campaignRows = await rows<{ title: string; n: number; cheaper: boolean }>(sql`
      select c.title, count(r.id)::int as n, bool_and(r.price < p.price) as cheaper
      from campaigns c join campaign_rows r on r.campaign_id = c.id join products p on p.id = r.product_id
      group by c.title`);
    expect(campaignRows.length).toBeGreaterThanOrEqual(3);
    for (const c of campaignRows) expect(c.cheaper).toBe(true);
  });

  it('writes escaped SVG covers with bounded concurrency', async () => {
    const seeds = generateProducts(60, '2026-11-21').slice(0, 20);
    seeds[0]!.title = `R&B <Live> "Tour"`;
    seeds[0]!.author = `Rock 'n' Roll & Co.`;
    const svg = coverSvg(seeds[0]!);
    expect(svg).toContain('R&amp;B &lt;Live&gt; &quot;Tour&quot;');
    expect(svg).toContain('Rock &apos;n&apos; Roll &amp; Co.');
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const dir = await mkdtemp(path.join(tmpdir(), 'covers-'));
    try {
      expect(await writeCovers(dir, seeds, 4)).toBe(20);
      const files = await readdir(path.join(dir, 'covers'));
      expect(files).toHaveLength(20);
      expect(await readFile(path.join(dir, 'covers', `${seeds[1]!.sku}.svg`), 'utf8')).toMatch(/^<svg /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is deterministic: a reset and a second seed give identical rows', async () => {
    const snapshot = async () => ({
      products: await rows(sql`select * from products order by id`),
      attributes: await rows(sql`select product_id, code, value from product_attributes order by id`),
      stocks: await rows(
        sql`select product_id, warehouse_id, on_hand, on_order, ordered from stocks order by id`,
      ),
      orders: await rows(
        sql`select order_no, customer_id, status, date, total, vat, shipping_costs from orders order by id`,
      ),
      rows: await rows(
        sql`select order_id, product_id, ordered_qty, ready_qty, price from order_rows order by id`,
      ),
      documents: await rows(sql`select number, date, amount, vat from documents order by id`),
    });
    const first = await snapshot();
    await resetDatabase(database.db);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const [empty] = await rows<{ n: number }>(sql`select count(*)::int as n from products`);
    expect(empty!.n).toBe(0);
    await seedDemo(database.db, { productCount: PRODUCTS, today });
    const second = await snapshot();
    expect(second.products).toHaveLength(first.products.length);
    expect(second).toEqual(first);
  }, 60_000);
});
