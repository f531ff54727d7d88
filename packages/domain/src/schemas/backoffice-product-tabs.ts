import { z } from 'zod';
import { AttributeTagSchema } from './backoffice-catalog';
import { IdSchema, IdTextSchema } from './common';

/**
 * The back office's product tabs and list (SPEC §2 products and products/{sku}): attributes, images,
 * stock per warehouse, purchase, sales by month, and the searchable product list. Money in cents.
 */

const nullableInt = z.number().int().nullable();
const nullableText = z.string().nullable();

/** GET /api/product/{id}/attributes and /api/product-variant/{id}/attributes. */
export const ProductAttributesSchema = z.object({
  /** The tags of the product's category and subcategory: the attributes it may have. */
  tags: z.array(AttributeTagSchema),
  /** Values by tag code; codes without a tag (older data) are listed too. */
  values: z.record(z.string(), z.string()),
});
export type ProductAttributes = z.infer<typeof ProductAttributesSchema>;

/**
 * POST /api/product/{id}/attributes (and the variant's): values by tag code; null or blank removes
 * one, codes left out are kept. A list type takes one of its options; url and iframe an http(s) URL.
 */
export const ProductAttributesInputSchema = z.strictObject({
  attributes: z.record(z.string().trim().min(1).max(50), z.string().trim().max(20_000).nullable()),
});
export type ProductAttributesInput = z.input<typeof ProductAttributesInputSchema>;

export const ProductImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string().nullable(),
  mime_type: z.string(),
  width: nullableInt,
  height: nullableInt,
  position: z.number().int(),
  is_cover: z.boolean(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

/** PUT /api/products/{id}/images/order: every image id of the product, in the new order. */
export const ImageOrderSchema = z.strictObject({ ids: z.array(IdSchema).min(1).max(500) });

/** A product's (or variant's) stock in one warehouse (DESIGN §4); available = on hand − ordered. */
export const ProductStockSchema = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  warehouse_id: z.number().int(),
  warehouse_code: z.string(),
  warehouse_description: z.string(),
  on_hand: z.number().int(),
  on_order: z.number().int(),
  ordered: z.number().int(),
  available: z.number().int(),
});
export type ProductStock = z.infer<typeof ProductStockSchema>;

/**
 * PUT /api/products/{id}/stocks/{warehouseId}: a change of on hand writes a warehouse transaction
 * (an adjustment, with the previous and resulting stock).
 */
export const StockInputSchema = z.strictObject({
  on_hand: z.number().int().min(0).max(100_000_000),
  on_order: z.number().int().min(0).max(100_000_000),
});
export type StockInput = z.input<typeof StockInputSchema>;

/** GET /api/products/{id}/purchase: the purchase tab (supplier code, on-order quantity, incoming). */
export const ProductPurchaseSchema = z.object({
  supplier_code: nullableText,
  /** Ordered from suppliers, not yet received, over warehouses (and variants). */
  on_order: z.number().int(),
  /** Incoming per warehouse: the on-order quantity of each. */
  incoming: z.array(z.object({ warehouse_code: z.string(), on_order: z.number().int() })),
  /** The latest goods received (warehouse 'load' transactions), newest first. */
  last_receipts: z.array(
    z.object({
      document_date: z.string(),
      document_number: z.string(),
      warehouse_code: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
    }),
  ),
});
export type ProductPurchase = z.infer<typeof ProductPurchaseSchema>;

/** GET /api/products/{id}/sales: ordered (less cancelled) and shipped quantities per month, oldest first. */
export const ProductSalesSchema = z.object({
  months: z.array(z.object({ month: z.string(), ordered: z.number().int(), shipped: z.number().int() })),
});
export type ProductSales = z.infer<typeof ProductSalesSchema>;

export const ProductSalesQuerySchema = z.strictObject({
  months: z.coerce.number().int().min(1).max(36).default(12),
});

const flag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** The availability flags the back-office list filters on. */
export const PRODUCT_FLAGS = [
  'available',
  'available_for_orders',
  'out_of_stock',
  'available_for_preorders',
  'available_on_request',
  'discontinued',
  'featured',
  'coming_soon',
  'is_essential',
  'has_variants',
] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];

export const BACKOFFICE_PRODUCT_SORTS = ['id', 'sku', 'title', 'author', 'release_date'] as const;

/**
 * GET /api/backoffice/products and GET /api/exports/products: search over title, author, label, SKU,
 * EAN/ISBN/UPC and catalogue number; filters by ids, label and flags; sort; pages (not for exports).
 */
export const BackofficeProductQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  category_id: IdTextSchema.optional(),
  subcategory_id: IdTextSchema.optional(),
  brand_id: IdTextSchema.optional(),
  label: z.string().trim().min(1).max(200).optional(),
  /** Has stock to sell now (available quantity above zero), or not. */
  in_stock: flag.optional(),
  /** Available quantity at most this (the dashboard's products running out). */
  available_max: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
  /** Release dates from … to, both included (the dashboard's pre-orders releasing this week). */
  release_from: z.iso.date().optional(),
  release_to: z.iso.date().optional(),
  ...(Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, flag.optional()])) as Record<
    ProductFlag,
    z.ZodOptional<typeof flag>
  >),
  sort: z.enum(BACKOFFICE_PRODUCT_SORTS).default('id'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type BackofficeProductQuery = z.infer<typeof BackofficeProductQuerySchema>;

export const BackofficeProductRowSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  description: z.string(),
  author: nullableText,
  label: nullableText,
  support: nullableText,
  catalogue_no: nullableText,
  ean13: nullableText,
  isbn: nullableText,
  category: nullableText,
  subcategory: nullableText,
  brand: nullableText,
  release_date: nullableText,
  price: z.number().int(),
  available_quantity: z.number().int(),
  available: z.boolean(),
  discontinued: z.boolean(),
  has_variants: z.boolean(),
  cover_url: nullableText,
});
export type BackofficeProductRow = z.infer<typeof BackofficeProductRowSchema>;

export const BackofficeProductPageSchema = z.object({
  data: z.array(BackofficeProductRowSchema),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** Present (true) when more than 10,000 products match: `total` is then that cap. */
    total_is_estimate: z.boolean().optional(),
  }),
});
export type BackofficeProductPage = z.infer<typeof BackofficeProductPageSchema>;
