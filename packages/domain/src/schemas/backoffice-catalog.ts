import { z } from 'zod';
import { ATTRIBUTE_TAG_TYPES } from '../constants';
import { messages } from '../messages';
import { IdSchema } from './common';

/**
 * The back office's catalogue structure (SPEC §2 back-office routes, §3 Category, Subcategory, Brand,
 * Measurement unit, Attribute tag, VAT, Currency; §5; §7 Catalogue): what the admin-only writes take
 * and what they answer. Reads of categories, subcategories and brands answer the storefront schemas
 * of ./storefront.ts (CategorySchema, SubcategorySchema, BrandSchema); VATs and currencies those of
 * ./shop.ts. Money is integer cents, rates basis points (DESIGN §4).
 */

/** A code (slug): letters, digits and _ . -, starting with a letter or digit ('MUSICA', 'vinile-nero'). */
export const CodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);

/** A required one-line text. */
export const NameSchema = z.string().trim().min(1).max(200);

/** Optional text: blank or absent is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An http(s) URL or an upload path (/uploads/…); blank or absent is null. */
export const OptionalUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/uploads\/[\w./-]+$/.test(v), {
    message: messages.invalidValue,
  })
  .nullish()
  .transform((v) => (v ? v : null));

/** A whole number above zero: 'Must be greather than 0' (SPEC §5). */
export const positiveInt = () => z.number().int().positive(messages.mustBePositive);

/** POST/PUT /api/product-categories. Answers CategorySchema. */
export const CategoryInputSchema = z.strictObject({
  code: CodeSchema,
  description: NameSchema,
  in_homepage: z.boolean().optional(),
});
export type CategoryInput = z.input<typeof CategoryInputSchema>;

/** POST /api/product-category/{id}/subcategories: the referring category is the path's. */
export const CategorySubcategoryInputSchema = z.strictObject({
  code: CodeSchema,
  description: NameSchema,
  in_homepage: z.boolean().optional(),
});

/** POST/PUT /api/product-subcategories, with the referring category. Answers SubcategorySchema. */
export const SubcategoryInputSchema = CategorySubcategoryInputSchema.extend({
  category_id: IdSchema,
});
export type SubcategoryInput = z.input<typeof SubcategoryInputSchema>;

/** A list option of a list / fixed_list attribute tag. */
const OptionSchema = z.string().trim().min(1).max(200);

/**
 * SPEC §3 Attribute tag. `code` is the attribute's key on products (AUTORE, TAGLIA…), unique within its
 * category or subcategory ('already exist' on `code`). list and fixed_list tags need at least one
 * option; other types keep none.
 */
export const AttributeTagInputSchema = z
  .strictObject({
    tag: NameSchema,
    code: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .regex(/^[A-Za-z0-9_]+$/)
      .transform((v) => v.toUpperCase()),
    description: z.string().trim().max(500).default(''),
    type: z.enum(ATTRIBUTE_TAG_TYPES),
    icon_url: OptionalUrlSchema,
    options: z.array(OptionSchema).max(500).default([]),
    full_text_search: z.boolean().default(false),
  })
  .superRefine((tag, ctx) => {
    const isList = tag.type === 'list' || tag.type === 'fixed_list';
    if (isList && tag.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: messages.invalidLength });
    }
    if (new Set(tag.options).size !== tag.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: messages.invalidValue });
    }
  })
  .transform((tag) => ({
    ...tag,
    options: tag.type === 'list' || tag.type === 'fixed_list' ? tag.options : [],
  }));
export type AttributeTagInput = z.input<typeof AttributeTagInputSchema>;

export const AttributeTagSchema = z.object({
  id: z.number().int(),
  tag: z.string(),
  code: z.string(),
  description: z.string(),
  type: z.enum(ATTRIBUTE_TAG_TYPES),
  icon_url: z.string().nullable(),
  options: z.array(z.string()),
  full_text_search: z.boolean(),
  /** Exactly one of the two is set: the tag belongs to a category or to a subcategory. */
  category_id: z.number().int().nullable(),
  subcategory_id: z.number().int().nullable(),
});
export type AttributeTag = z.infer<typeof AttributeTagSchema>;

/**
 * POST/PUT /api/product-brands. `logo` is the `url` POST /api/images/upload answered
 * (/uploads/images/…); `logo_url` an external address. Answers BrandSchema.
 */
export const BrandInputSchema = z.strictObject({
  code: CodeSchema,
  description: NameSchema,
  in_homepage: z.boolean().optional(),
  logo: z
    .string()
    .trim()
    .regex(/^\/uploads\/[\w./-]+$/)
    .refine((v) => !v.includes('..'), { message: messages.invalidValue })
    .nullish()
    .transform((v) => v ?? null),
  logo_url: OptionalUrlSchema,
});
export type BrandInput = z.input<typeof BrandInputSchema>;

/** The conversion ratio is in thousandths, like money in cents: 1.5 is 1500. */
export const UomSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  conversion_ratio: z.number().int(),
});
export type Uom = z.infer<typeof UomSchema>;

/** POST /api/uoms, PUT /api/uoms/{id}. */
export const UomInputSchema = z.strictObject({
  code: CodeSchema,
  description: NameSchema,
  conversion_ratio: positiveInt().max(1_000_000_000),
});
export type UomInput = z.input<typeof UomInputSchema>;

/** POST /api/vats (and PUT /api/vats/{id}): the rate in basis points, 22% = 2200. Answers VatSchema. */
export const VatInputSchema = z.strictObject({
  rate: z.number().int().min(0).max(10_000),
  description: NameSchema,
});
export type VatInput = z.input<typeof VatInputSchema>;

/** POST /api/currencies (and PUT /api/currencies/{id}): ISO 4217 code. Answers CurrencySchema. */
export const CurrencyInputSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((v) => v.toUpperCase()),
  symbol: z.string().trim().min(1).max(8),
  description: NameSchema,
});
export type CurrencyInput = z.input<typeof CurrencyInputSchema>;

/** What POST /api/images/upload answers: where the resized image and its thumbnail are served. */
export const UploadedImageSchema = z.object({
  /** Where it is kept under the uploads folder (images/2026/11/…webp). */
  path: z.string(),
  /** Where it is served (/uploads/images/…webp): send it as a brand's `logo`. */
  url: z.string(),
  thumb_path: z.string(),
  thumb_url: z.string(),
  mime_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
