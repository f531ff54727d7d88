import { z } from 'zod';
import { PAYMENT_METHODS, SHIPPING_SLUGS } from '../constants';
import { messages } from '../messages';
import { CodeSchema, NameSchema, optionalText, positiveInt } from './backoffice-catalog';
import { CustomerGroupTermsInputSchema } from './commercial-terms';
import { IdSchema, PageQuerySchema } from './common';

/**
 * The back office's sales settings (SPEC §2 back-office routes, §3 Customer group, Shipping method,
 * Warehouse; §7 Sales and customers): what the admin-only writes take and what they answer. Shipping
 * methods are read with ShippingMethodSchema (./shop.ts), which the storefront loads at start-up.
 * Money in cents (DESIGN §4).
 */

/** Free text searched in code and description; PostgreSQL text cannot hold NUL, so one is refused. */
const SearchTextSchema = z
  .string()
  .trim()
  .max(100)
  .refine((text) => !text.includes('\u0000'), messages.invalidValue)
  .optional();

export const SALES_SETTINGS_SORTS = ['code', 'description'] as const;

/** GET /api/customer-groups and GET /api/warehouses: `text` in code or description, sort and page. */
export const SalesSettingsQuerySchema = PageQuerySchema.extend({
  text: SearchTextSchema,
  sort: z.enum(SALES_SETTINGS_SORTS).default('code'),
  dir: z.enum(['asc', 'desc']).default('asc'),
}).strict();
export type SalesSettingsQuery = z.infer<typeof SalesSettingsQuerySchema>;

export const CustomerGroupSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  /** The group's id in the ERP. */
  external_group_id: z.string().nullable(),
  /** Issue 20: the methods its customers may use (null: every one but 'as per agreement') and its terms. */
  payment_methods: z.array(z.enum(PAYMENT_METHODS)).nullable(),
  payment_terms_id: z.number().int().nullable(),
});
export type CustomerGroup = z.infer<typeof CustomerGroupSchema>;

/** POST /api/customer-groups, PUT /api/customer-groups/{id}: a code used by another group is 'already exist'. */
export const CustomerGroupInputSchema = z.strictObject({
  code: CodeSchema,
  description: NameSchema,
  external_group_id: optionalText(100),
  ...CustomerGroupTermsInputSchema.shape,
});
export type CustomerGroupInput = z.input<typeof CustomerGroupInputSchema>;

export const WarehouseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  /** How stock there is managed ('standard', 'external'…): free text, as the ERP names it. */
  management_type: z.string(),
});
export type Warehouse = z.infer<typeof WarehouseSchema>;

/** POST /api/warehouses, PUT /api/warehouses/{id}. */
export const WarehouseInputSchema = z.strictObject({
  code: CodeSchema,
  description: NameSchema,
  management_type: z.string().trim().min(1).max(50).default('standard'),
});
export type WarehouseInput = z.input<typeof WarehouseInputSchema>;

/**
 * POST /api/shipping-methods, PUT /api/shipping-methods/{id}: one method per slug (the cart picks the
 * national or the international one, DESIGN §6 rule 6). Price and free-shipping threshold in cents,
 * 'Must be greather than 0'; no threshold means the method always charges its price.
 */
export const ShippingMethodWriteSchema = z.strictObject({
  slug: z.enum(SHIPPING_SLUGS),
  code: CodeSchema,
  description: NameSchema,
  price: positiveInt().max(1_000_000_000),
  free_shipping: positiveInt()
    .max(1_000_000_000)
    .nullish()
    .transform((v) => v ?? null),
  vat_id: IdSchema,
});
export type ShippingMethodWrite = z.input<typeof ShippingMethodWriteSchema>;
