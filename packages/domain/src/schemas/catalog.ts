import { z } from 'zod';
import { CATEGORY_CODES } from '../constants';

/**
 * The storefront's catalogue contract (SPEC §2 listing controls, §3 Product, DESIGN §6): what
 * GET /api/products, /api/products/{sku} and /api/products/facets take and return.
 */

/** Availability as the customer sees it (issue: in stock with a quantity band, pre-order, on request…). */
export const AVAILABILITIES = ['in_stock', 'low_stock', 'preorder', 'on_request', 'out_of_stock'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** SPEC §2 sort options; each ascending or descending. The last four are per signed-in customer. */
export const PRODUCT_SORTS = [
  'release_date',
  'author',
  'title',
  'distribution',
  'format',
  'ordered',
  'shipped',
  'ready',
  'backorder',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** SPEC §2 filters shown as facets with counts. */
export const FACET_FIELDS = [
  'label',
  'category',
  'subcategory',
  'author',
  'area',
  'support',
  'distribution',
  'genre',
] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

/** SPEC §2 search-box product types; each maps to one or more `support` values. */
export const PRODUCT_TYPES = [
  'CD',
  'LP',
  'EP',
  'MC',
  'SACD',
  'DVD',
  'BLU_RAY',
  'VHS',
  'BOOK',
  'T_SHIRT',
  'OTHER',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Shortcut lists of the navbar (`?filter=`): SPEC §2 essential, in stock, promo… */
export const LIST_FILTERS = ['essential', 'in_stock', 'promo', 'featured'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export const RELEASED_WITHIN = ['last_week', 'last_month', 'last_three_months'] as const;

const flag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const text = z.string().trim().min(1).max(200);

export const ProductListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(24),
  /** Full-text search over title, author, label, SKU, EAN/ISBN/UPC, catalogue number. */
  q: z.string().trim().max(200).optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  category: z.enum(CATEGORY_CODES).optional(),
  subcategory: text.optional(),
  label: text.optional(),
  author: text.optional(),
  area: text.optional(),
  support: text.optional(),
  distribution: text.optional(),
  genre: text.optional(),
  /** SPEC §2 `filter` and `value`: a navbar shortcut list, or a facet field with `value`. */
  filter: z.union([z.enum(LIST_FILTERS), z.enum(FACET_FIELDS)]).optional(),
  value: text.optional(),
  /** SPEC §2 `latest`: released in the last three months, newest first. */
  latest: flag.optional(),
  /** SPEC §2 `upcoming`: release date after today (pre-orders). */
  upcoming: flag.optional(),
  show_out_of_stock: flag.optional(),
  released: z.enum(RELEASED_WITHIN).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** Where a unit price comes from: list price, volume tier, discounts, campaign, contract price list. */
export const PRICE_SOURCES = ['list', 'tier', 'discount', 'campaign', 'contract'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** The price of one unit as this customer pays it (DESIGN §6 rules 1–5, 17), all in cents / basis points. */
export const ProductPriceSchema = z.object({
  list_price: z.number().int(),
  /** The volume tier of the quantity priced, replacing the list price (DESIGN §6 rule 17); null: none. */
  tier_price: z.number().int().nullable(),
  discount_rate: z.number().int(),
  /** The tier or list price less the discounts (rule 2). */
  discounted_price: z.number().int(),
  campaign_price: z.number().int().nullable(),
  /** The campaign price is the unit price. */
  is_under_campaign: z.boolean(),
  /** The customer's contract price for the quantity (rule 17); null: no valid price list has it. */
  contract_price: z.number().int().nullable(),
  /** Which candidate the unit price is. */
  price_source: z.enum(PRICE_SOURCES),
  /** Net unit price: the lowest of the discounted, the campaign and the contract price. */
  unit_price: z.number().int(),
  vat_rate: z.number().int(),
  unit_price_with_vat: z.number().int(),
  /** Companies and extra-EU customers see net prices; private persons VAT-inclusive ones. */
  display: z.enum(['net', 'gross']),
});
export type ProductPrice = z.infer<typeof ProductPriceSchema>;

export const ProductCardSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  description: z.string(),
  author: z.string().nullable(),
  label: z.string().nullable(),
  support: z.string().nullable(),
  genre: z.string().nullable(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  release_date: z.string().nullable(),
  cover_url: z.string().nullable(),
  availability: z.enum(AVAILABILITIES),
  /** Units available now (on hand − reserved), for the quantity band and the cart clamp. */
  available_quantity: z.number().int(),
  has_variants: z.boolean(),
  is_essential: z.boolean(),
  featured: z.boolean(),
  coming_soon: z.boolean(),
  price: ProductPriceSchema,
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const ProductVariantSchema = ProductCardSchema.extend({
  variant_value: z.number().int().nullable(),
  is_default: z.boolean(),
  attributes: z.record(z.string(), z.string()),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

/** A volume tier as the product page shows it ('from 10 pcs: €9.50'), priced for the customer. */
export const ProductTierPriceSchema = z.object({
  min_quantity: z.number().int(),
  unit_price: z.number().int(),
  unit_price_with_vat: z.number().int(),
});
export type ProductTierPrice = z.infer<typeof ProductTierPriceSchema>;

export const ProductDetailSchema = ProductCardSchema.extend({
  extended_description: z.string().nullable(),
  area: z.string().nullable(),
  distribution: z.string().nullable(),
  catalogue_no: z.string().nullable(),
  ean13: z.string().nullable(),
  isbn: z.string().nullable(),
  upc: z.string().nullable(),
  brand: z.object({ code: z.string(), description: z.string(), logo_url: z.string().nullable() }).nullable(),
  available_from: z.string().nullable(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  /** Millimetres and grams (hi-fi, merchandise, books); null when not set. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  depth: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  images: z.array(z.object({ url: z.string(), thumb_url: z.string().nullable(), is_cover: z.boolean() })),
  /** Attributes by tag code: AUTORE, ETICHETTA, CATALOGO, GENERE, TRACKLIST, NOTE_PRODOTTO(_EN), YOUTUBE… */
  attributes: z.record(z.string(), z.string()),
  variants: z.array(ProductVariantSchema),
  /** The product's volume tiers, each priced at its quantity by the same engine (DESIGN §6 rule 17). */
  tiers: z.array(ProductTierPriceSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const FacetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export const ProductFacetsSchema = z.object({
  facets: z.record(z.enum(FACET_FIELDS), z.array(FacetCountSchema)),
});
export type ProductFacets = z.infer<typeof ProductFacetsSchema>;
