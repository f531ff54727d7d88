import { z } from 'zod';
import { NameSchema, positiveInt } from './backoffice-catalog';
import { SkuSchema } from './backoffice-products';
import { IdSchema, PageQuerySchema } from './common';

/**
 * Contract price lists and volume tiers (issue 20 point 4, DESIGN §6 rule 17), staff only:
 * GET, POST /api/price-lists, GET, PUT, DELETE /api/price-lists/{id}, GET, POST
 * /api/price-lists/{id}/rows, PUT, DELETE /api/price-list-rows/{id}, GET, PUT
 * /api/products/{id}/price-tiers. Prices are integer cents without VAT; dates YYYY-MM-DD shop days.
 */

export const priceListMessages = {
  nameTaken: 'Another price list already has this name.',
  untilBeforeFrom: 'The end of validity must not be before its start.',
  skuNotFound: 'No product has the SKU :sku.',
  rowTaken: 'This list already has a row for :sku from :min_quantity units.',
  customerNotFound: 'Customer :id not found.',
  groupNotFound: 'Customer group :id not found.',
  listNotFound: 'No price list is named :name.',
  tierMinQuantity: 'A tier starts from 2 units or more: one unit pays the list price.',
  tierDuplicate: 'Two tiers start from the same quantity.',
  tierNotDecreasing: 'Each tier’s price must be lower than the list price and the tier below it.',
} as const;

/** Only euros for now: the field exists so a list says what its prices are in. */
export const PRICE_LIST_CURRENCIES = ['EUR'] as const;

const optionalDate = z.iso
  .date()
  .nullish()
  .transform((v) => v ?? null);

const idList = z
  .array(IdSchema)
  .max(1000)
  .default([])
  .transform((ids) => [...new Set(ids)]);

/** POST /api/price-lists, PUT /api/price-lists/{id}: validity either end open; until ≥ from. */
export const PriceListInputSchema = z
  .strictObject({
    name: NameSchema,
    currency: z.enum(PRICE_LIST_CURRENCIES).default('EUR'),
    valid_from: optionalDate,
    valid_until: optionalDate,
    customer_group_ids: idList,
    customer_ids: idList,
  })
  .refine((l) => !l.valid_from || !l.valid_until || l.valid_from <= l.valid_until, {
    path: ['valid_until'],
    message: priceListMessages.untilBeforeFrom,
  });
export type PriceListInput = z.input<typeof PriceListInputSchema>;

const Named = z.object({ id: z.number().int(), name: z.string() });

export const PriceListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.enum(PRICE_LIST_CURRENCIES),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** The groups and the customers it applies to, named for the screens. */
  customer_groups: z.array(Named),
  customers: z.array(Named),
  rows_count: z.number().int(),
});
export type PriceList = z.infer<typeof PriceListSchema>;

export const PRICE_LIST_SORTS = ['name', 'valid_from', 'valid_until', 'rows_count'] as const;

/** GET /api/price-lists: a page, searched by name, by name unless told otherwise. */
export const PriceListQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  q: z.string().trim().max(200).optional(),
  sort: z.enum(PRICE_LIST_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type PriceListQuery = z.infer<typeof PriceListQuerySchema>;

const priceSchema = positiveInt().max(1_000_000_000);
const minQuantitySchema = positiveInt().max(1_000_000);

/** POST /api/price-lists/{id}/rows, PUT /api/price-list-rows/{id}: a product by SKU, from N units. */
export const PriceListRowInputSchema = z.strictObject({
  sku: SkuSchema,
  price: priceSchema,
  min_quantity: minQuantitySchema.default(1),
});
export type PriceListRowInput = z.input<typeof PriceListRowInputSchema>;

export const PriceListRowSchema = z.object({
  id: z.number().int(),
  price_list_id: z.number().int(),
  product_id: z.number().int(),
  sku: z.string(),
  description: z.string(),
  /** The product's list price, to compare. */
  list_price: z.number().int(),
  price: z.number().int(),
  min_quantity: z.number().int(),
});
export type PriceListRow = z.infer<typeof PriceListRowSchema>;

/** GET /api/price-lists/{id}/rows: a page, searched by SKU or title, by SKU then quantity. */
export const PriceListRowsQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  q: z.string().trim().max(200).optional(),
});
export type PriceListRowsQuery = z.infer<typeof PriceListRowsQuerySchema>;

export const PriceTierSchema = z.object({ min_quantity: minQuantitySchema, price: priceSchema });

/**
 * PUT /api/products/{id}/price-tiers: the product's whole list of tiers. Each starts from 2 units or
 * more, no two from the same quantity, and sorted by quantity each price is strictly lower than the
 * one before (the first lower than the list price, checked by the server).
 */
export const PriceTiersInputSchema = z
  .strictObject({ tiers: z.array(PriceTierSchema.strict()).max(50) })
  .superRefine(({ tiers }, ctx) => {
    const order = tiers.map((t, i) => ({ ...t, i })).sort((a, b) => a.min_quantity - b.min_quantity);
    let previous: (typeof order)[number] | null = null;
    for (const t of order) {
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: ['tiers', t.i, field], message });
      if (t.min_quantity < 2) issue('min_quantity', priceListMessages.tierMinQuantity);
      else if (previous && previous.min_quantity === t.min_quantity)
        issue('min_quantity', priceListMessages.tierDuplicate);
      else if (previous && t.price >= previous.price) issue('price', priceListMessages.tierNotDecreasing);
      previous = t;
    }
  });
export type PriceTiersInput = z.input<typeof PriceTiersInputSchema>;

/** What GET and PUT /api/products/{id}/price-tiers answer: the tiers by quantity and the list price. */
export const PriceTiersSchema = z.object({
  list_price: z.number().int(),
  tiers: z.array(z.object({ min_quantity: z.number().int(), price: z.number().int() })),
});
export type PriceTiers = z.infer<typeof PriceTiersSchema>;

/** Fills a message's :placeholders. */
export function priceListMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/:(\w+)/g, (m, key: string) => (key in values ? String(values[key]) : m));
}
