import { z } from 'zod';
import { messages } from '../messages';
import { NameSchema, optionalText, positiveInt } from './backoffice-catalog';
import { SkuSchema } from './backoffice-products';
import { IdSchema } from './common';

/**
 * The back office's campaigns (SPEC §2 campaigns, §3 Campaign, §7 POST /api/campaigns, PUT
 * /api/campaign/{id}, POST /api/campaigns/{id}/rows, DELETE /api/campaign-rows/{id}/delete). The
 * storefront's answers (CampaignSchema in ./storefront.ts) list running campaigns only, so the admin
 * reads are GET /api/backoffice/campaigns and /api/backoffice/campaigns/{id}[/rows]. Dates YYYY-MM-DD
 * (shop days, Europe/Rome), prices integer cents without VAT.
 */

/**
 * POST /api/campaigns, PUT /api/campaign/{id}. The campaign runs from start_date to end_date, both
 * included: an end before the start answers 422 on end_date.
 */
export const CampaignInputSchema = z
  .strictObject({
    title: NameSchema,
    description: optionalText(5000),
    /** The category whose navbar campaigns link lists it (/campaigns?category=); none for all. */
    category_id: IdSchema.nullish().transform((v) => v ?? null),
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    in_home: z.boolean().default(false),
    is_featured: z.boolean().default(false),
  })
  .refine((c) => c.start_date <= c.end_date, {
    path: ['end_date'],
    message: messages.campaignEndBeforeStart,
  });
export type CampaignInput = z.input<typeof CampaignInputSchema>;

/** A campaign as the back office shows it: every day of it, running or not, with its row count. */
export const AdminCampaignSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  category_id: z.number().int().nullable(),
  /** The category's code, for the list. */
  category: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  in_home: z.boolean(),
  is_featured: z.boolean(),
  rows_count: z.number().int(),
});
export type AdminCampaign = z.infer<typeof AdminCampaignSchema>;

export const CAMPAIGN_SORTS = ['title', 'start_date', 'end_date', 'rows_count'] as const;

/** GET /api/backoffice/campaigns: a page, searched by title, newest start first by default. */
export const CampaignListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(CAMPAIGN_SORTS).default('start_date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type CampaignListQuery = z.infer<typeof CampaignListQuerySchema>;

/** One product of a campaign's price list with its list price, both without VAT. */
export const CampaignRowSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  product_id: z.number().int(),
  sku: z.string(),
  /** The product's title. */
  description: z.string(),
  list_price: z.number().int(),
  /** The campaign price. */
  price: z.number().int(),
});
export type CampaignRow = z.infer<typeof CampaignRowSchema>;

/** GET /api/backoffice/campaigns/{id}/rows: a page, searched by SKU or title, by SKU. */
export const CampaignRowsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
});
export type CampaignRowsQuery = z.infer<typeof CampaignRowsQuerySchema>;

/** At most this many rows in one POST; larger price lists go through the Excel import. */
export const MAX_CAMPAIGN_ROWS_PER_REQUEST = 1000;

/** A product by SKU or by id, and its campaign price ('Must be greather than 0'). */
const CampaignRowInputSchema = z
  .strictObject({
    sku: SkuSchema.optional(),
    product_id: IdSchema.optional(),
    price: positiveInt().max(1_000_000_000),
  })
  .refine((r) => (r.sku === undefined) !== (r.product_id === undefined), {
    path: ['sku'],
    message: messages.invalidValue,
  });

/**
 * POST /api/campaigns/{id}/rows: one or many products and their campaign prices. A product already in
 * the campaign gets the new price (one row per campaign and product); a product named twice is refused.
 */
export const CampaignRowsInputSchema = z
  .strictObject({
    rows: z.array(CampaignRowInputSchema).min(1).max(MAX_CAMPAIGN_ROWS_PER_REQUEST),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.rows.forEach((row, index) => {
      const key = row.sku !== undefined ? `sku:${row.sku}` : `id:${row.product_id}`;
      if (seen.has(key)) {
        const field = row.sku !== undefined ? 'sku' : 'product_id';
        ctx.addIssue({ code: 'custom', path: ['rows', index, field], message: messages.invalidValue });
      }
      seen.add(key);
    });
  });
export type CampaignRowsInput = z.input<typeof CampaignRowsInputSchema>;

/** What POST /api/campaigns/{id}/rows answers: the rows written, and how many were new. */
export const CampaignRowsWrittenSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  data: z.array(CampaignRowSchema),
});
export type CampaignRowsWritten = z.infer<typeof CampaignRowsWrittenSchema>;
