import { z } from 'zod';
import { messages } from '../messages';
import { IdSchema, IdTextSchema, PageQuerySchema } from './common';

/**
 * SPEC §3 Discount rule, §5, §7 (GET, POST /api/discount-rules, GET, PUT, DELETE
 * /api/discount-rules/{id}): the fields as SPEC §3 names them. The rate is in basis points like every
 * rate of the API (10% = 1000, DESIGN §4), above 0 and at most 100%; priority orders the rules of a
 * pair, lower first (0 to 1000, as the Excel import takes it).
 */

export const DiscountRuleInputSchema = z.strictObject({
  customerGroupId: IdSchema,
  productCategoryId: IdSchema,
  rate: z.number().int().positive(messages.mustBePositive).max(10_000),
  priority: z.number().int().min(0).max(1000),
  blockOthers: z.boolean().default(false),
});
/** The body of a write (DiscountRuleInput is the pricing engine's rule). */
export type DiscountRuleWrite = z.input<typeof DiscountRuleInputSchema>;

const Named = z.object({ code: z.string(), description: z.string() });

export const DiscountRuleSchema = z.object({
  id: z.number().int(),
  customerGroupId: z.number().int(),
  productCategoryId: z.number().int(),
  rate: z.number().int(),
  priority: z.number().int(),
  blockOthers: z.boolean(),
  /** The group and the category, for lists. */
  customerGroup: Named,
  productCategory: Named,
});
export type DiscountRule = z.infer<typeof DiscountRuleSchema>;

export const DISCOUNT_RULE_SORTS = ['customer_group', 'category', 'rate', 'priority', 'id'] as const;

/**
 * GET /api/discount-rules: optionally the rules of one customer group (`customerGroup`, SPEC §7),
 * searched by group or category code and description, sorted, in pages (DESIGN §5).
 */
export const DiscountRuleQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  customerGroup: IdTextSchema.optional(),
  q: z
    .string()
    .trim()
    .max(100)
    // PostgreSQL text cannot hold NUL
    .refine((text) => !text.includes('\u0000'), messages.invalidValue)
    .optional(),
  sort: z.enum(DISCOUNT_RULE_SORTS).default('customer_group'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type DiscountRuleQuery = z.infer<typeof DiscountRuleQuerySchema>;
