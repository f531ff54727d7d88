import {
  type CartPricingInput,
  DEFAULT_PAYMENT_METHODS,
  messages,
  PAYMENT_METHODS,
  type PricingCustomer,
  priceCart,
  type Quote,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  addressesOf,
  line,
  newKey,
  openShop,
  rowsOf,
  type Shop,
  type Who,
} from '../orders/checkout.fixtures';

/**
 * POST /api/cart/quote for the demo customers: the server's figures equal the domain engine's over the
 * raw rows (customer, group rules, today's campaigns, VAT, shipping, shop), and every bad input is a
 * clear 4xx or a named removal.
 */

const TODAY = '2026-11-21';
let shop: Shop;
let demoLines: { id: number; isVariant: boolean; quantity: number }[];

beforeAll(async () => {
  shop = await openShop();
  // One in-stock product per category, and one under a campaign today when the demo has one.
  const picked = await rowsOf<{ id: number }>(
    shop.t.db,
    sql`(select distinct on (category_id) id from products
        where parent_id is null and not has_variants and available and available_qty >= 3
          and not available_for_preorders and not available_on_request
        order by category_id, id)
      union (select cr.product_id from campaign_rows cr join campaigns c on c.id = cr.campaign_id
        join products p on p.id = cr.product_id
        where c.start_date <= ${TODAY} and c.end_date >= ${TODAY} and p.available_qty >= 3 and p.parent_id is null
          and not p.has_variants limit 1)`,
  );
  demoLines = picked.map((p, i) => line(p.id, 1 + (i % 3)));
});
afterAll(() => shop.t.close());

const quote = (who: Who, body: Record<string, unknown>) => shop.clients[who].post('/api/cart/quote', body);

/** The engine's answer over rows read here, independently of the server's queries. */
async function engineQuote(
  customerId: number,
  lines: typeof demoLines,
  extra: Partial<CartPricingInput> = {},
) {
  const db = shop.t.db;
  const [c] = await rowsOf<PricingCustomer & { country: string; group: number | null }>(
    db,
    sql`select type, discount, tax_rule as "taxRule", extra_cee as "extraCee", customer_group_id as "customerGroupId",
      (select country from customer_addresses a where a.customer_id = c.id and a.type = 'S' and a.is_default) as country
      from customers c where id = ${customerId}`,
  );
  const rules = await rowsOf<CartPricingInput['rules'][number]>(
    db,
    sql`select customer_group_id as "customerGroupId", product_category_id as "productCategoryId", rate, priority,
      block_others as "blockOthers" from discount_rules where customer_group_id = ${c!.customerGroupId ?? -1}`,
  );
  const products = await rowsOf<CartPricingInput['lines'][number]>(
    db,
    sql`select p.id, false as "isVariant", p.sku, p.description as title, p.author, null as "coverUrl",
      p.category_id as "categoryId", p.vat_id as "vatId", v.rate as "vatRate", p.price, p.shipping_price as "shippingPrice",
      (select min(cr.price) from campaign_rows cr join campaigns k on k.id = cr.campaign_id
        where cr.product_id = p.id and k.start_date <= ${TODAY} and k.end_date >= ${TODAY})::integer as "campaignPrice",
      0 as quantity, p.min_quantity as "minQuantity", p.max_quantity as "maxQuantity",
      (select coalesce(sum(s.on_hand - s.ordered), 0) from stocks s where s.product_id = p.id)::integer as "availableQuantity",
      false as "isPreorder", null as note
      from products p join vats v on v.id = p.vat_id where p.id in ${lines.map((l) => l.id)}`,
  );
  const methods = await rowsOf<CartPricingInput['shippingMethods'][number]>(
    db,
    sql`select m.id, m.slug, m.price, m.free_shipping as "freeShipping", v.rate as "vatRate"
      from shipping_methods m join vats v on v.id = m.vat_id order by m.id`,
  );
  const [s] = await rowsOf<{ country: string; cod_fee: number; free: number }>(
    db,
    sql`select country, cod_fee, default_free_shipping as free from shop`,
  );
  const { country, group: _group, ...customer } = c!;
  return priceCart({
    customer,
    rules,
    lines: lines.map((l) => ({ ...products.find((p) => p.id === l.id)!, quantity: l.quantity })),
    coupon: null,
    shippingMethods: methods,
    shopCountry: s!.country,
    destinationCountry: country,
    defaultFreeShipping: s!.free,
    paymentMethod: null,
    codFee: s!.cod_fee,
    defaultVatRate: 2200,
    ...extra,
  });
}

/** The quote without display-only fields (covers), for comparison with the engine. */
const figures = (q: Quote) => ({
  ...q,
  products: q.products.map(({ cover_url: _c, ...p }) => ({ ...p, cover_url: null })),
});

describe('POST /api/cart/quote equals the domain engine', () => {
  it.each([
    ['company', 'type G company in a group with discount rules'],
    ['private', 'private person (VAT rounding correction)'],
    ['extra', 'extra-EU company, VAT exempt, international shipping'],
  ] as const)('for %s: %s', async (who, _description) => {
    expect(demoLines.length).toBeGreaterThanOrEqual(4);
    const res = await quote(who, { products: demoLines });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Quote;
    const engine = await engineQuote(shop.ids[who], demoLines);
    // The demo grants 'as per agreement' to the two companies (issue 20).
    const methods = who === 'private' ? DEFAULT_PAYMENT_METHODS : PAYMENT_METHODS;
    expect(figures(body)).toEqual({
      ...engine,
      customer_id: shop.ids[who],
      coupon_error: null,
      payment_methods: [...methods],
    });
    expect(body.total).toBeGreaterThan(0);
  });

  it('gives a company its group discounts and net display', async () => {
    const body = (await quote('company', { products: demoLines })).json() as Quote;
    expect(body.display).toBe('net');
    expect(body.products.some((p) => p.discount_rate > 200)).toBe(true);
  });

  it('gives the extra-EU customer 0% VAT and international shipping at 19.90', async () => {
    const body = (await quote('extra', { products: [line(demoLines[0]!.id)] })).json() as Quote;
    expect(body.vat).toBe(0);
    expect(body.products[0]!.vatRate).toBe(0);
    expect(body.shipping).toMatchObject({ slug: 'international', price: 1990, priceWithVAT: 1990 });
  });

  it('corrects the VAT rounding for a private person (2 × 12.22 = 24.44) but not for a company (24.45)', async () => {
    const p = await addProduct(shop.t.db, { price: 1002, stock: 10 });
    // Hi-fi has no rules for the company's group: 10.22 − 2% base discount = 10.02 net.
    const hifi = await addProduct(shop.t.db, { price: 1022, stock: 10, category: 'HI_FI' });
    const mine = (await quote('private', { products: [line(p.id, 2)] })).json() as Quote;
    const theirs = (await quote('company', { products: [line(hifi.id, 2)] })).json() as Quote;
    const expected = { unit_price: 1002, singlePriceWithVat: 1222, totalPriceWithVat: 2445 };
    expect(mine.products[0]).toMatchObject({ ...expected, roundedTotalPriceWithVat: 2444, vat: 440 });
    expect(theirs.products[0]).toMatchObject({ ...expected, roundedTotalPriceWithVat: 2445, vat: 441 });
  });
});

describe('campaigns on products sold in sizes (issue 16, defect 4)', () => {
  it("charges a size the campaign price of its product's campaign row, in the quote and the order", async () => {
    // A T-shirt (list 20.00) sold in one size with stock.
    const product = await addProduct(shop.t.db, { price: 2000, category: 'MERCHANDISE' });
    const variant = await addProduct(shop.t.db, { price: 2000, stock: 5, category: 'MERCHANDISE' });
    await shop.t.db.execute(sql`update products set has_variants = true where id = ${product.id}`);
    await shop.t.db.execute(
      sql`update products set parent_id = ${product.id}, variant_value = 3 where id = ${variant.id}`,
    );
    const size = { id: variant.id, parent: product.id, price: 2000 };
    const campaignPrice = size.price - 500;
    // Cached catalogue reads last a few seconds: a campaign starting now is written before the first quote of it.
    const [campaign] = await rowsOf<{ id: number }>(
      shop.t.db,
      sql`insert into campaigns (title, start_date, end_date) values ('Taglie in offerta', ${TODAY}, ${TODAY})
        returning id`,
    );
    await shop.t.db.execute(
      sql`insert into campaign_rows (campaign_id, product_id, price) values (${campaign!.id}, ${size.parent}, ${campaignPrice})`,
    );
    const sized = { id: size.id, isVariant: true, quantity: 1 };
    const body = (await quote('private', { products: [sized] })).json() as Quote;
    expect(body.products[0]).toMatchObject({ unit_price: campaignPrice, isUnderCampaign: true });
    const placed = await shop.clients.private.post(
      '/api/orders',
      { products: [sized], payment_method: 'cash_on_delivery', ...(await addressesOf(shop, 'private')) },
      newKey(),
    );
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.rows[0]).toMatchObject({ price: campaignPrice });
  });
});

describe('shipping, cash on delivery and coupons', () => {
  it('ships free at exactly 150.00 with VAT and charges 6.90 + VAT one cent below', async () => {
    const at = await addProduct(shop.t.db, { price: 12295, stock: 5 });
    const below = await addProduct(shop.t.db, { price: 12294, stock: 5 });
    const free = (await quote('private', { products: [line(at.id)] })).json() as Quote;
    const paid = (await quote('private', { products: [line(below.id)] })).json() as Quote;
    expect(free.subtotal_with_vat).toBe(15000);
    expect(free.shipping).toMatchObject({ price: 0, is_free: true, free_shipping: 15000 });
    expect(free.total).toBe(15000);
    expect(paid.subtotal_with_vat).toBe(14999);
    expect(paid.shipping).toMatchObject({ price: 690, priceWithVAT: 842, is_free: false });
    expect(paid.total).toBe(14999 + 842);
  });

  it('charges shipping on any cart when the method has no free-shipping threshold (issue 16, defect 6)', async () => {
    const p = await addProduct(shop.t.db, { price: 20000, stock: 5 });
    const [method] = await rowsOf<{ id: number; code: string; description: string; vat_id: number }>(
      shop.t.db,
      sql`select id, code, description, vat_id from shipping_methods where slug = 'national'`,
    );
    // Through the back office, as staff would: the change reaches the next quote at once.
    const saveThreshold = (free_shipping: number | null) =>
      shop.clients.admin.put(`/api/shipping-methods/${method!.id}`, {
        slug: 'national',
        code: method!.code,
        description: method!.description,
        price: 690,
        free_shipping,
        vat_id: method!.vat_id,
      });
    expect((await saveThreshold(null)).statusCode).toBe(200);
    try {
      const body = (await quote('private', { products: [line(p.id)] })).json() as Quote;
      expect(body.subtotal_with_vat).toBe(24400);
      expect(body.shipping).toMatchObject({
        price: 690,
        priceWithVAT: 842,
        is_free: false,
        free_shipping: null,
      });
      expect(body.total).toBe(24400 + 842);
    } finally {
      expect((await saveThreshold(15000)).statusCode).toBe(200);
    }
  });

  it('adds the 5.00 cash-on-delivery fee + VAT', async () => {
    const p = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const card = (await quote('private', { products: [line(p.id)], payment_method: 'card' })).json() as Quote;
    const cod = (
      await quote('private', { products: [line(p.id)], payment_method: 'cash_on_delivery' })
    ).json() as Quote;
    expect(card.payment_fee).toBe(0);
    expect(cod).toMatchObject({ payment_fee: 500, payment_fee_with_vat: 610, total: card.total + 610 });
  });

  it.each([
    ['BENVENUTO10', 'private', null, 1000],
    ['benvenuto10', 'company', null, 1000],
    ['DISCHIROSSI15', 'company', null, 1500],
    ['ESTATE5', 'private', messages.couponExpired, 0],
    ['NOPE-123', 'private', messages.couponUnknown, 0],
    ['GRAZIE20', 'private', messages.couponUsed, 0],
    ['DISCHIROSSI15', 'private', messages.couponUnknown, 0],
  ] as const)('coupon %s for %s: error %s, %i bp off', async (code, who, error, rate) => {
    const p = await addProduct(shop.t.db, { price: 2000, stock: 5, category: 'HI_FI' });
    const body = (await quote(who, { products: [line(p.id)], coupon_code: code })).json() as Quote;
    expect(body.coupon_error).toBe(error);
    expect(body.products[0]!.coupon_rate).toBe(rate);
    expect(body.coupon?.value ?? 0).toBe(rate);
    const base = who === 'company' ? 1960 : 2000;
    expect(body.products[0]!.unit_price).toBe(Math.round((base * (10000 - rate)) / 10000));
  });
});
