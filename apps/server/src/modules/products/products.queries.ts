import type { ContractPrice, PriceBreak } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';

/**
 * The storefront's catalogue reads (SPEC §2, §7; DESIGN §4): the card and detail rows, the pricing
 * inputs and reference data. Hand-written SQL through Drizzle's `sql` template (every value a bound
 * parameter) because the plans matter at a million products. Lists are in product-list.queries.ts,
 * facet counts in product-facets.queries.ts.
 */

/** A product row as cards need it (list, variants, home, campaigns). */
export type CardRow = {
  id: number;
  parent_id: number | null;
  sku: string;
  description: string;
  author: string | null;
  label: string | null;
  support: string | null;
  genre: string | null;
  category_id: number | null;
  subcategory_id: number | null;
  vat_id: number;
  release_date: string | null;
  available_qty: number;
  available_for_preorders: boolean;
  available_on_request: boolean;
  low_stock_threshold: number;
  has_variants: boolean;
  is_essential: boolean;
  featured: boolean;
  coming_soon: boolean;
  price: number;
  variant_value: number | null;
  is_default_variant: boolean;
  campaign_price: number | null;
  cover_path: string | null;
};

export type DetailRow = CardRow & {
  extended_description: string | null;
  area: string | null;
  distribution: string | null;
  catalogue_no: string | null;
  ean13: string | null;
  isbn: string | null;
  upc: string | null;
  available_from: string | null;
  min_quantity: number;
  max_quantity: number | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  weight: number | null;
  brand_code: string | null;
  brand_description: string | null;
  brand_logo_url: string | null;
  attributes: Record<string, string> | null;
  images: { path: string; thumb_path: string | null; is_cover: boolean }[] | null;
  /** Volume tiers (DESIGN §6 rule 17): the product's own, else (a variant) its product's. */
  tiers: PriceBreak[] | null;
};

/** The rows of a hand-written statement. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The cards' columns over `products p`. Category and subcategory codes and VAT rates come from the
 * service's reference cache (no joins: fewer plans to weigh on every request). Campaign price and cover
 * are sub-selects, run for the output rows only; a variant without images shows its product's cover.
 */
export function cardColumns(today: SQL | string): SQL {
  return sql`p.id, p.parent_id, p.sku, p.description, p.author, p.label, p.support, p.genre,
    p.category_id, p.subcategory_id, p.vat_id, p.release_date::text as release_date,
    p.available_qty, p.available_for_preorders, p.available_on_request, p.low_stock_threshold,
    p.has_variants, p.is_essential, p.featured, p.coming_soon, p.price,
    p.variant_value, p.is_default_variant,
    (select min(cr.price) from campaign_rows cr join campaigns c on c.id = cr.campaign_id
      where cr.product_id in (p.id, p.parent_id) and c.start_date <= ${today}::date and c.end_date >= ${today}::date
    )::integer as campaign_price,
    coalesce(
      (select i.path from images i where i.product_id = p.id order by i.is_cover desc, i.position, i.id limit 1),
      (select i.path from images i where i.product_id = p.parent_id
        order by i.is_cover desc, i.position, i.id limit 1)) as cover_path`;
}

/** The customer's pricing inputs as one JSON value (an uncorrelated sub-select: run once). */
function pricingInputs(customerId: SQL): SQL {
  return sql`(select json_build_object('type', c.type, 'discount', c.discount, 'tax_rule', c.tax_rule,
      'extra_cee', c.extra_cee, 'customer_group_id', c.customer_group_id,
      'rules', coalesce((select json_agg(json_build_object('customerGroupId', r.customer_group_id,
          'productCategoryId', r.product_category_id, 'rate', r.rate, 'priority', r.priority,
          'blockOthers', r.block_others)) from discount_rules r where r.customer_group_id = c.customer_group_id),
        '[]'::json))
    from customers c where c.id = ${customerId})`;
}

/** A product (by its own or one of its variants' SKU) and its variants, as detail rows, product first. */
const productWithVariants = preparedSql<DetailRow>(
  'product_with_variants',
  () => sql`select ${cardColumns(sql`${sql.placeholder('today')}`)},
      p.extended_description, p.area, p.distribution, p.catalogue_no, p.ean13, p.isbn, p.upc,
      p.available_from::text as available_from, p.min_quantity, p.max_quantity,
      p.width, p.height, p.depth, p.weight,
      b.code as brand_code, b.description as brand_description, b.logo_url as brand_logo_url,
      (select json_object_agg(a.code, a.value) from product_attributes a where a.product_id = p.id) as attributes,
      (select json_agg(json_build_object('path', i.path, 'thumb_path', i.thumb_path, 'is_cover', i.is_cover)
         order by i.position, i.id) from images i where i.product_id = p.id) as images,
      coalesce(
        (select json_agg(json_build_object('minQuantity', t.min_quantity, 'price', t.price) order by t.min_quantity)
          from product_price_tiers t where t.product_id = p.id),
        (select json_agg(json_build_object('minQuantity', t.min_quantity, 'price', t.price) order by t.min_quantity)
          from product_price_tiers t where t.product_id = p.parent_id)) as tiers
    from products p
    left join brands b on b.id = p.brand_id
    where p.id = (select coalesce(t.parent_id, t.id) from products t where t.sku = ${sql.placeholder('sku')})
       or p.parent_id = (select coalesce(t.parent_id, t.id) from products t where t.sku = ${sql.placeholder('sku')})
    order by p.parent_id is not null, p.variant_value, p.id`,
);

export function findProductWithVariants(db: Db, sku: string, today: string): Promise<DetailRow[]> {
  return productWithVariants(db, { sku, today });
}

const contractPrices = preparedSql<ContractPrice & { productId: number }>(
  'product_contract_prices',
  () => sql`select p.id as "productId", r.price_list_id as "priceListId", r.min_quantity as "minQuantity", r.price
    from products p
    join price_list_rows r on r.product_id in (p.id, p.parent_id)
    join price_lists l on l.id = r.price_list_id
    where p.id = any(${sql.placeholder('ids')}::integer[])
      and (l.valid_from is null or l.valid_from <= ${sql.placeholder('today')}::date)
      and (l.valid_until is null or l.valid_until >= ${sql.placeholder('today')}::date)
      and (exists (select 1 from price_list_customers lc
          where lc.price_list_id = l.id and lc.customer_id = ${sql.placeholder('customer')}::integer)
        or exists (select 1 from price_list_customer_groups lg join customers c
          on c.customer_group_id = lg.customer_group_id
          where lg.price_list_id = l.id and c.id = ${sql.placeholder('customer')}::integer))`,
);

/**
 * The customer's contract rows for these products (DESIGN §6 rule 17): of the price lists valid today
 * naming the customer or his group; a row on a product covers its variants.
 */
export function findContractPrices(db: Db, ids: number[], customerId: number, today: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return contractPrices(db, { ids: `{${ids.join(',')}}`, today, customer: customerId });
}

/** Cards of the given products (campaign pages), in the given order. */
const cardsByIds = preparedSql<CardRow>(
  'cards_by_ids',
  () => sql`select ${cardColumns(sql`${sql.placeholder('today')}`)} from products p
    where p.id = any(string_to_array(${sql.placeholder('ids')}, ',')::integer[])
    order by array_position(string_to_array(${sql.placeholder('ids')}, ',')::integer[], p.id)`,
);

/** Card rows of these products, in this order (prepared: the lists' index asks for them on every page). */
export function listCardsByIds(db: Db, ids: number[], today: string): Promise<CardRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return cardsByIds(db, { ids: ids.join(','), today });
}

/** The pricing inputs of a customer (DESIGN §6): type, base discount, tax rule and their group's rules. */
export type PricingRow = {
  type: 'G' | 'P';
  discount: number;
  tax_rule: 'standard' | 'exempt';
  extra_cee: boolean;
  customer_group_id: number | null;
  rules: {
    customerGroupId: number;
    productCategoryId: number;
    rate: number;
    priority: number;
    blockOthers: boolean;
  }[];
};

const customerPricing = preparedSql<{ pricing: PricingRow | null }>(
  'customer_pricing',
  () => sql`select ${pricingInputs(sql`${sql.placeholder('customerId')}`)} as pricing`,
);

/** Asked by every quote and order, and by catalogue pages when their cache is cold: prepared. */
export async function findPricingInputs(db: Db, customerId: number): Promise<PricingRow | undefined> {
  const [row] = await customerPricing(db, { customerId });
  return row?.pricing ?? undefined;
}

/** Category and subcategory codes and VAT rates by id: small tables the service keeps in memory. */
export function listReferenceData(db: Db) {
  return rows<{
    kind: 'category' | 'subcategory' | 'vat';
    id: number;
    code: string | null;
    rate: number | null;
  }>(
    db,
    sql`select 'category' as kind, id, code, null::integer as rate from categories
      union all select 'subcategory', id, code, null from subcategories
      union all select 'vat', id, null, rate from vats`,
  );
}
