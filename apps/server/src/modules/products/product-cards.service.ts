import {
  type Availability,
  type DiscountRuleInput,
  type PricingCustomer,
  type ProductCard,
  priceUnit,
  type VolumeTerms,
} from '@shop/domain';
import type { Db } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { TtlLruCache } from '../../lib/lru-cache';
import * as q from './products.queries';

/**
 * Product cards as the caller sees them (SPEC §3, DESIGN §6): the price from the domain's priceUnit for
 * the signed-in customer, availability from stock, release date and flags, codes and covers.
 */

/** The customer's pricing inputs, loaded once per request (DESIGN §6); staff see list prices. */
export type PricingContext = { customer: PricingCustomer | null; rules: DiscountRuleInput[] };

export async function loadPricing(ctx: Pick<Ctx, 'db' | 'actor'>): Promise<PricingContext> {
  const customerId = ctx.actor?.customerId;
  if (!customerId) return NO_CUSTOMER;
  return toPricing(await q.findPricingInputs(ctx.db, customerId));
}

const NO_CUSTOMER: PricingContext = { customer: null, rules: [] };

/** The pricing context of the inputs a list or detail query returned alongside its rows. */
export function toPricing(row: q.PricingRow | null | undefined): PricingContext {
  if (!row) return NO_CUSTOMER;
  return {
    customer: {
      type: row.type,
      discount: row.discount,
      taxRule: row.tax_rule,
      extraCee: row.extra_cee,
      customerGroupId: row.customer_group_id,
    },
    rules: row.rules,
  };
}

/** Codes and VAT rates by id (tiny tables, changed by staff only): read at most every 30 s. */
export type Reference = {
  categories: Map<number, string>;
  subcategories: Map<number, string>;
  categoryIds: Map<string, number>;
  subcategoryIds: Map<string, number>;
  vatRates: Map<number, number>;
};
const REFERENCE_TTL_MS = 30_000;

const references = new WeakMap<Db, TtlLruCache<Reference>>();

/** The reference data of this database (so of this app), from memory when fresh. */
export async function referenceOf(db: Db): Promise<Reference> {
  let cache = references.get(db);
  if (!cache) {
    cache = new TtlLruCache<Reference>(1, REFERENCE_TTL_MS);
    references.set(db, cache);
  }
  return cache.getOrCompute('all', async () => {
    const reference: Reference = {
      categories: new Map(),
      subcategories: new Map(),
      categoryIds: new Map(),
      subcategoryIds: new Map(),
      vatRates: new Map(),
    };
    for (const row of await q.listReferenceData(db)) {
      if (row.kind === 'category') {
        reference.categories.set(row.id, row.code!);
        reference.categoryIds.set(row.code!, row.id);
      } else if (row.kind === 'subcategory') {
        reference.subcategories.set(row.id, row.code!);
        reference.subcategoryIds.set(row.code!, row.id);
      } else {
        reference.vatRates.set(row.id, row.rate!);
      }
    }
    return reference;
  });
}

/**
 * Availability as the customer sees it: a pre-order until its release date, then by the units
 * available now (on hand − reserved): none is on request or out of stock, up to the low-stock
 * threshold (5 when the product sets none) is low stock.
 */
export function availabilityOf(
  p: Pick<
    q.CardRow,
    | 'available_qty'
    | 'available_for_preorders'
    | 'available_on_request'
    | 'release_date'
    | 'low_stock_threshold'
  >,
  today: string,
): Availability {
  if (p.available_for_preorders && p.release_date !== null && p.release_date > today) return 'preorder';
  if (p.available_qty <= 0) return p.available_on_request ? 'on_request' : 'out_of_stock';
  if (p.available_qty <= (p.low_stock_threshold > 0 ? p.low_stock_threshold : 5)) return 'low_stock';
  return 'in_stock';
}

/** Uploaded files are served under /uploads (lib/uploads.ts). */
export const uploadUrl = (path: string | null) =>
  path === null ? null : /^https?:\/\//.test(path) ? path : `/uploads/${path.replace(/^\/+/, '')}`;

/** Everything a card needs besides its row: the caller's pricing, today, the reference data. */
export type CardContext = { pricing: PricingContext; today: string; reference: Reference };

/** A card priced at `volume`'s quantity with its tiers and contract rows (quantity 1, none, by default). */
export function toCard(
  row: q.CardRow,
  { pricing, today, reference }: CardContext,
  volume?: VolumeTerms,
): ProductCard {
  return {
    id: row.id,
    sku: row.sku,
    description: row.description,
    author: row.author,
    label: row.label,
    support: row.support,
    genre: row.genre,
    category: row.category_id === null ? null : (reference.categories.get(row.category_id) ?? null),
    subcategory:
      row.subcategory_id === null ? null : (reference.subcategories.get(row.subcategory_id) ?? null),
    release_date: row.release_date,
    cover_url: uploadUrl(row.cover_path),
    availability: availabilityOf(row, today),
    // Reservations beyond stock (pre-orders, backorders) make the stock figure negative: none is free.
    available_quantity: Math.max(0, row.available_qty),
    has_variants: row.has_variants,
    is_essential: row.is_essential,
    featured: row.featured,
    coming_soon: row.coming_soon,
    price: priceUnit(
      { price: row.price, vatRate: reference.vatRates.get(row.vat_id) ?? 0, categoryId: row.category_id },
      pricing.customer,
      pricing.rules,
      row.campaign_price,
      volume,
    ),
  };
}
