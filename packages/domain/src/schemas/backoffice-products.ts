import { z } from 'zod';
import { messages } from '../messages';
import { ean13Problem, isValidIsbn, normalizeIsbn, upcProblem } from '../validation/isbn';
import { optionalText, positiveInt } from './backoffice-catalog';
import { ProductDetailSchema } from './catalog';
import { IdSchema } from './common';

/**
 * The back office's products (SPEC §2 products/{sku} tabs, §3 Product and Variant, §5, §7): the admin
 * product with every SPEC §3 field, variants, attributes, images, stock per warehouse, purchase and
 * sales. Money in cents; width, height, depth in millimetres, weight in grams.
 */

/** SKUs are never all digits: GET /api/products/{id} reads a numeric parameter as an id. */
export const SkuSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/)
  .refine((v) => !/^\d+$/.test(v), { message: messages.invalidValue });

const date = z.iso.date().nullish();
const optionalPositive = positiveInt().max(1_000_000_000).nullish();
const money = positiveInt().max(1_000_000_000);

/** A barcode whose problem (wrong length, wrong check digit) is its message; blank or absent is null. */
const barcode = (problem: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .max(20)
    .superRefine((v, ctx) => {
      const message = v === '' ? null : problem(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .nullish()
    .transform((v) => v || null);

/** A code checked by `valid` once blanks are dropped; blank or absent is null. */
const checkedCode = (valid: (v: string) => boolean, message: string, normalize = (v: string) => v) =>
  z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || valid(v), { message })
    .nullish()
    .transform((v) => (v ? normalize(v) : null));

/** Every SPEC §3 product field an administrator sets (variants share it). */
const productFields = {
  sku: SkuSchema,
  code: optionalText(64),
  supplier_code: optionalText(64),
  erp_code: optionalText(64),
  brand_id: IdSchema.nullish(),
  category_id: IdSchema.nullish(),
  subcategory_id: IdSchema.nullish(),
  label: optionalText(200),
  genre: optionalText(200),
  area: optionalText(200),
  /** The format (CD, LP, DVD, Blu-ray, Libro, T-shirt…). */
  support: optionalText(100),
  author: optionalText(300),
  distribution: optionalText(200),
  catalogue_no: optionalText(64),
  /** The title. */
  description: z.string().trim().min(1).max(500),
  extended_description: optionalText(20_000),
  ean13: barcode(ean13Problem),
  isbn: checkedCode(isValidIsbn, messages.isbnInvalid, normalizeIsbn),
  upc: barcode(upcProblem),
  low_stock_threshold: z.number().int().min(0).max(1_000_000),
  /** List price without VAT, cents: 'Must be greather than 0'. */
  price: money,
  /** A product's own shipping price (DESIGN §6 rule 6), cents; null when the method's applies. */
  shipping_price: optionalPositive,
  width: optionalPositive,
  height: optionalPositive,
  depth: optionalPositive,
  weight: optionalPositive,
  available: z.boolean(),
  available_for_orders: z.boolean(),
  out_of_stock: z.boolean(),
  available_from: date,
  release_date: date,
  available_for_preorders: z.boolean(),
  available_on_request: z.boolean(),
  uom_id: IdSchema.nullish(),
  vat_id: IdSchema,
  discontinued: z.boolean(),
  featured: z.boolean(),
  coming_soon: z.boolean(),
  is_essential: z.boolean(),
  min_quantity: positiveInt().max(100_000),
  max_quantity: positiveInt().max(100_000).nullish(),
};

const ProductShape = z.strictObject(productFields);

function quantityBounds(
  p: { min_quantity?: number | undefined; max_quantity?: number | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (p.max_quantity != null && p.min_quantity !== undefined && p.max_quantity < p.min_quantity) {
    ctx.addIssue({ code: 'custom', path: ['max_quantity'], message: messages.invalidValue });
  }
}

/** POST /api/products: sku, description, price and vat_id are required; the rest takes its default. */
export const ProductInputSchema = ProductShape.partial()
  .required({ sku: true, description: true, price: true, vat_id: true })
  .superRefine(quantityBounds);
export type ProductInput = z.input<typeof ProductInputSchema>;

/** PUT /api/products/{id}: the fields sent are changed, the others kept. */
export const ProductUpdateSchema = ProductShape.partial().superRefine(quantityBounds);
export type ProductUpdate = z.input<typeof ProductUpdateSchema>;

/** SPEC §5 / §9: a variant's value is 1 to 4: 'Must be between 1 and 4'. */
export const VariantValueSchema = z
  .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.variantValueRange) })
  .int(messages.variantValueRange)
  .min(1, messages.variantValueRange)
  .max(4, messages.variantValueRange);

/**
 * POST /api/products/{id}/variants: the variant's own SKU and value; every other product field
 * defaults to its product's. `is_default` makes it the product's default variant.
 */
export const VariantInputSchema = ProductShape.partial()
  .extend({ variant_value: VariantValueSchema, is_default: z.boolean().optional() })
  .required({ sku: true })
  .superRefine(quantityBounds);
export type VariantInput = z.input<typeof VariantInputSchema>;

/** PUT /api/variants/{id}. */
export const VariantUpdateSchema = ProductShape.partial()
  .extend({ variant_value: VariantValueSchema.optional() })
  .superRefine(quantityBounds);
export type VariantUpdate = z.input<typeof VariantUpdateSchema>;

/** PATCH /api/products/{id}/set-default-variant. */
export const SetDefaultVariantSchema = z.strictObject({ variant_id: IdSchema });

const nullableInt = z.number().int().nullable();
const nullableText = z.string().nullable();

/** The admin product: every SPEC §3 field, codes of its references, stock and cover. */
export const AdminProductSchema = z.object({
  id: z.number().int(),
  /** Set on a variant: its product's id. */
  parent_id: nullableInt,
  sku: z.string(),
  code: nullableText,
  supplier_code: nullableText,
  erp_code: nullableText,
  brand_id: nullableInt,
  brand: nullableText,
  category_id: nullableInt,
  category: nullableText,
  subcategory_id: nullableInt,
  subcategory: nullableText,
  label: nullableText,
  genre: nullableText,
  area: nullableText,
  support: nullableText,
  author: nullableText,
  distribution: nullableText,
  catalogue_no: nullableText,
  description: z.string(),
  extended_description: nullableText,
  ean13: nullableText,
  isbn: nullableText,
  upc: nullableText,
  low_stock_threshold: z.number().int(),
  price: z.number().int(),
  shipping_price: nullableInt,
  width: nullableInt,
  height: nullableInt,
  depth: nullableInt,
  weight: nullableInt,
  available: z.boolean(),
  available_for_orders: z.boolean(),
  out_of_stock: z.boolean(),
  available_from: nullableText,
  release_date: nullableText,
  available_for_preorders: z.boolean(),
  available_on_request: z.boolean(),
  /** True once the product has a variant (read only). */
  has_variants: z.boolean(),
  uom_id: nullableInt,
  vat_id: z.number().int(),
  vat_rate: z.number().int(),
  discontinued: z.boolean(),
  featured: z.boolean(),
  coming_soon: z.boolean(),
  is_essential: z.boolean(),
  min_quantity: z.number().int(),
  max_quantity: nullableInt,
  variant_value: nullableInt,
  is_default_variant: z.boolean(),
  /** The product's default variant (PATCH set-default-variant), null without variants. */
  default_variant_id: nullableInt,
  /** On hand − ordered over warehouses (variants summed for a product with variants). */
  available_quantity: z.number().int(),
  cover_url: nullableText,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

/**
 * GET /api/products/{id or sku}: a purely numeric parameter is an id, anything else a SKU. Everyone
 * gets the storefront detail; an administrator also gets `admin`, the admin product of that id or SKU
 * (docs/decisions.md).
 */
export const ProductPageSchema = ProductDetailSchema.extend({ admin: AdminProductSchema.optional() });
export type ProductPage = z.infer<typeof ProductPageSchema>;
