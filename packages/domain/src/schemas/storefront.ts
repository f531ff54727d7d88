import { z } from 'zod';
import { ProductCardSchema } from './catalog';

/**
 * The storefront's navigation and promotion reads (SPEC §2 navbar and home, §3 Category, Subcategory,
 * Brand, Campaign; §7 catalogue calls): GET /api/product-categories, /api/product-subcategories,
 * /api/product-brands, /api/campaigns and /api/home.
 */

export const SubcategorySummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  in_homepage: z.boolean(),
});
export type SubcategorySummary = z.infer<typeof SubcategorySummarySchema>;

export const SubcategorySchema = SubcategorySummarySchema.extend({
  category_id: z.number().int(),
  /** The referring category's code. */
  category: z.string(),
});
export type Subcategory = z.infer<typeof SubcategorySchema>;

export const CategorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  in_homepage: z.boolean(),
  subcategories: z.array(SubcategorySummarySchema),
});
export type Category = z.infer<typeof CategorySchema>;

export const BrandSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  in_homepage: z.boolean(),
  logo: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const CampaignSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  /** The campaign's category code (navbar campaigns link: /campaigns?category=). */
  category: z.string().nullable(),
  in_home: z.boolean(),
  is_featured: z.boolean(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** GET /api/campaigns/{id}: the campaign and a page of its products at campaign prices (signed in only). */
export const CampaignDetailSchema = CampaignSchema.extend({
  products: z.array(ProductCardSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});
export type CampaignDetail = z.infer<typeof CampaignDetailSchema>;

/** GET /api/home: product shelves (empty when signed out: prices need a customer), campaigns, navigation. */
export const HomeSchema = z.object({
  featured: z.array(ProductCardSchema),
  latest: z.array(ProductCardSchema),
  coming_soon: z.array(ProductCardSchema),
  campaigns: z.array(CampaignSchema),
  categories: z.array(CategorySchema),
  brands: z.array(BrandSchema),
});
export type Home = z.infer<typeof HomeSchema>;
