import { type CartLineInput, type CartPricingLine, MAX_LINE_QUANTITY, messages } from '@shop/domain';
import type { Actor } from '../../lib/context';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { availabilityOf, uploadUrl } from '../products/product-cards.service';
import type { CartProductRow, PricedCartProductRow } from './cart.queries';

/** Cart lines as the server reads them (SPEC §4): whose cart, which products, how they may be bought. */

/**
 * Who is buying: a customer buys for themself; an administrator must name the customer they act for
 * (422 without). A customer naming another customer is refused (403): the id is never trusted.
 */
export function buyerOf(actor: Actor | null, customerId: number | undefined): number {
  if (!actor) throw new UnauthenticatedError();
  if (actor.isSuperAdmin) {
    if (customerId === undefined) throw ValidationError.field('customer_id', messages.required);
    return customerId;
  }
  if (actor.customerId === null) throw new ForbiddenError();
  if (customerId !== undefined && customerId !== actor.customerId) throw new ForbiddenError();
  return actor.customerId;
}

/** One line per product or variant: the same one sent twice adds up (SPEC §4). */
export function mergeLines(lines: readonly CartLineInput[]): CartLineInput[] {
  const byKey = new Map<string, CartLineInput>();
  for (const line of lines) {
    const key = `${line.id}:${line.isVariant}`;
    const seen = byKey.get(key);
    if (seen) seen.quantity = Math.min(MAX_LINE_QUANTITY, seen.quantity + line.quantity);
    else byKey.set(key, { ...line });
  }
  return [...byKey.values()];
}

/** A product row is sellable as the line asks: same variant flag, shown in the shop, not sold by variant. */
export function matchesLine(row: CartProductRow, isVariant: boolean): boolean {
  return (row.parent_id !== null) === isVariant && row.listed && !row.has_variants;
}

/**
 * Pre-order products (until release) and products on request are not capped by stock (DESIGN §6.8);
 * a product closed to orders counts as out of stock.
 */
export function toPricingLine(
  row: CartProductRow & Partial<Pick<PricedCartProductRow, 'tiers' | 'contract_prices'>>,
  line: CartLineInput,
  today: string,
): CartPricingLine {
  const uncapped = row.available_on_request || availabilityOf(row, today) === 'preorder';
  return {
    id: row.id,
    isVariant: row.parent_id !== null,
    sku: row.sku,
    title: row.description,
    author: row.author,
    coverUrl: uploadUrl(row.cover_path),
    categoryId: row.category_id,
    vatId: row.vat_id,
    vatRate: row.vat_rate,
    price: row.price,
    shippingPrice: row.shipping_price,
    campaignPrice: row.campaign_price,
    tiers: row.tiers ?? [],
    contractPrices: row.contract_prices ?? [],
    quantity: line.quantity,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    availableQuantity: row.available_for_orders ? row.available_qty : 0,
    isPreorder: row.available_for_orders && uncapped,
    note: line.note ?? null,
  };
}
