import type { ContractPrice, PriceBreak } from '@shop/domain';
import type { SQL } from 'drizzle-orm';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { shippingMethods, vats } from '../../db/schema';

/** What pricing a cart line needs of its product or variant, with its VAT rate and today's campaign price. */
export type CartProductRow = {
  id: number;
  parent_id: number | null;
  sku: string;
  description: string;
  author: string | null;
  category_id: number | null;
  vat_id: number;
  vat_rate: number;
  price: number;
  shipping_price: number | null;
  min_quantity: number;
  max_quantity: number | null;
  available_qty: number;
  available_for_preorders: boolean;
  available_on_request: boolean;
  release_date: string | null;
  low_stock_threshold: number;
  has_variants: boolean;
  /** Shown in the shop (the product's own flag and, for a variant, its product's). */
  listed: boolean;
  available_for_orders: boolean;
  campaign_price: number | null;
  cover_path: string | null;
};

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const productColumns = (today: SQL) => sql`p.id, p.parent_id, p.sku, p.description, p.author,
  p.category_id, p.vat_id, v.rate as vat_rate, p.price, p.shipping_price, p.min_quantity, p.max_quantity,
  p.available_qty, p.available_for_preorders, p.available_on_request, p.release_date::text as release_date,
  p.low_stock_threshold, p.has_variants, p.available and coalesce(par.available, true) as listed,
  p.available_for_orders,
  /* DESIGN §6 rule 3: a campaign row on a product covers its variants. */
  (select min(cr.price) from campaign_rows cr join campaigns c on c.id = cr.campaign_id
    where cr.product_id in (p.id, p.parent_id) and c.start_date <= ${today}::date and c.end_date >= ${today}::date
  )::integer as campaign_price,
  coalesce(
    (select i.path from images i where i.product_id = p.id order by i.is_cover desc, i.position, i.id limit 1),
    (select i.path from images i where i.product_id = p.parent_id
      order by i.is_cover desc, i.position, i.id limit 1)) as cover_path`;

/** What rule 17 adds to a priced line: the product's volume tiers, the buyer's contract rows. */
export type PricedCartProductRow = CartProductRow & {
  tiers: PriceBreak[] | null;
  contract_prices: ContractPrice[] | null;
};

/**
 * DESIGN §6 rule 17, through the indexes on product_id: a variant without tiers of its own takes its
 * product's; a price-list row on a product covers its variants; a list counts while today is within
 * its dates and it names the customer or the customer's group.
 */
const volumeColumns = (today: SQL, customerId: SQL) => sql`coalesce(
    (select json_agg(json_build_object('minQuantity', t.min_quantity, 'price', t.price))
      from product_price_tiers t where t.product_id = p.id),
    (select json_agg(json_build_object('minQuantity', t.min_quantity, 'price', t.price))
      from product_price_tiers t where t.product_id = p.parent_id)) as tiers,
  (select json_agg(json_build_object('priceListId', r.price_list_id, 'minQuantity', r.min_quantity,
      'price', r.price))
    from price_list_rows r join price_lists l on l.id = r.price_list_id
    where r.product_id in (p.id, p.parent_id)
      and (l.valid_from is null or l.valid_from <= ${today}::date)
      and (l.valid_until is null or l.valid_until >= ${today}::date)
      and (exists (select 1 from price_list_customers lc
          where lc.price_list_id = l.id and lc.customer_id = ${customerId}::integer)
        or exists (select 1 from price_list_customer_groups lg join customers c
          on c.customer_group_id = lg.customer_group_id
          where lg.price_list_id = l.id and c.id = ${customerId}::integer))) as contract_prices`;

const cartProducts = preparedSql<PricedCartProductRow>('cart_products', () => {
  const today = sql`${sql.placeholder('today')}`;
  return sql`select ${productColumns(today)}, ${volumeColumns(today, sql`${sql.placeholder('customer')}`)}
      from products p
      join vats v on v.id = p.vat_id
      left join products par on par.id = p.parent_id
      where p.id = any(${sql.placeholder('ids')}::integer[])`;
});

/**
 * Every cart quote and order reads its products: a prepared statement, with the volume tiers and the
 * contract rows of `customerId` (none for no customer) in the same round-trip.
 */
export function findCartProducts(
  db: Db,
  ids: number[],
  today: string,
  customerId: number | null = null,
): Promise<PricedCartProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return cartProducts(db, { ids: `{${ids.join(',')}}`, today, customer: customerId });
}

/**
 * Products whose SKU, EAN13, ISBN or UPC is one of `codes` (compacted to A–Z and 0–9, so safe in an
 * array literal), through the GIN index on search_codes.
 */
export function findProductsByCodes(
  db: Db,
  codes: string[],
  today: string,
): Promise<(CartProductRow & { codes: string[] })[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return rows(
    db,
    sql`select ${productColumns(sql`${today}`)},
        array_remove(array[
          upper(regexp_replace(p.sku, '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace(p.ean13, '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace(p.isbn, '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace(p.upc, '[^[:alnum:]]', '', 'g'))]::text[], null) as codes
      from products p
      join vats v on v.id = p.vat_id
      left join products par on par.id = p.parent_id
      where p.search_codes && ${`{${codes.join(',')}}`}::text[]`,
  );
}

export function listShippingMethodsWithVat(db: Db) {
  return db
    .select({
      id: shippingMethods.id,
      slug: shippingMethods.slug,
      price: shippingMethods.price,
      freeShipping: shippingMethods.freeShipping,
      vatRate: vats.rate,
    })
    .from(shippingMethods)
    .innerJoin(vats, eq(vats.id, shippingMethods.vatId))
    .orderBy(asc(shippingMethods.id));
}

/** The shop's standard VAT rate: the highest one (shipping and fees when no method applies). */
export async function findStandardVatRate(db: Db): Promise<number> {
  const [row] = await db.select({ rate: sql<number>`coalesce(max(${vats.rate}), 0)::integer` }).from(vats);
  return row?.rate ?? 0;
}
