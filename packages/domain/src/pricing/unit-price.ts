import type { ProductPrice } from '../schemas/catalog';
import { addVat, applyDiscounts, combinedRate } from './money';
import { contractPriceFor, tierPriceFor, type VolumeTerms } from './volume-prices';

/** Who is buying, as far as prices go (SPEC §3 Customer). */
export type PricingCustomer = {
  type: 'G' | 'P';
  /** Base discount, basis points. */
  discount: number;
  taxRule: 'standard' | 'exempt';
  extraCee: boolean;
  customerGroupId: number | null;
};

/** SPEC §3 Discount rule. */
export type DiscountRuleInput = {
  customerGroupId: number;
  productCategoryId: number;
  rate: number;
  priority: number;
  blockOthers: boolean;
};

export type PricingProduct = {
  /** List price without VAT, cents (DESIGN §6.1). */
  price: number;
  vatRate: number;
  categoryId: number | null;
};

export type AppliedDiscount = { source: 'base' | 'rule'; rate: number; priority?: number };

/**
 * DESIGN §6.2: the customer's base discount, then the rules of the customer's group for the product's
 * category in ascending priority, compounding. If any matching rule blocks others, only the blocking
 * rules count and the base discount is skipped.
 */
export function applicableDiscounts(
  customer: PricingCustomer | null,
  categoryId: number | null,
  rules: readonly DiscountRuleInput[],
): AppliedDiscount[] {
  if (!customer) return [];
  const matching = rules
    .filter((r) => r.customerGroupId === customer.customerGroupId && r.productCategoryId === categoryId)
    .sort((a, b) => a.priority - b.priority);
  const blocking = matching.filter((r) => r.blockOthers);
  const ruleDiscounts = (blocking.length > 0 ? blocking : matching).map(
    (r): AppliedDiscount => ({ source: 'rule', rate: r.rate, priority: r.priority }),
  );
  const base: AppliedDiscount[] =
    blocking.length === 0 && customer.discount > 0 ? [{ source: 'base', rate: customer.discount }] : [];
  return [...base, ...ruleDiscounts];
}

/** DESIGN §6.5: exempt customers (by default those outside the EU) pay no VAT. */
export function effectiveVatRate(customer: PricingCustomer | null, vatRate: number): number {
  return customer?.taxRule === 'exempt' ? 0 : vatRate;
}

/** Companies (type G), extra-EU customers and staff see net prices; private persons VAT-inclusive ones. */
export function priceDisplay(customer: PricingCustomer | null): 'net' | 'gross' {
  return customer && customer.type !== 'G' && !customer.extraCee ? 'gross' : 'net';
}

/**
 * The price of one unit as this customer pays it (DESIGN §6 rules 1–3, 5 and 17): the list price, or
 * the volume tier of the quantity in its place; discounts rounded once; then the lowest of that, the
 * campaign price and the customer's contract price; then VAT. A lower candidate wins, an equal one
 * does not (the discounted price stays the source).
 */
export function priceUnit(
  product: PricingProduct,
  customer: PricingCustomer | null,
  rules: readonly DiscountRuleInput[],
  campaignPrice: number | null,
  volume: VolumeTerms = { quantity: 1 },
): ProductPrice {
  const tierPrice = tierPriceFor(volume.tiers ?? [], volume.quantity);
  const rates = applicableDiscounts(customer, product.categoryId, rules).map((d) => d.rate);
  const discounted = applyDiscounts(tierPrice ?? product.price, rates);
  const isUnderCampaign = campaignPrice !== null && campaignPrice < discounted;
  const best = isUnderCampaign ? campaignPrice : discounted;
  const contractPrice = customer ? contractPriceFor(volume.contractPrices ?? [], volume.quantity) : null;
  const isContract = contractPrice !== null && contractPrice < best;
  const unit = isContract ? contractPrice : best;
  const vatRate = effectiveVatRate(customer, product.vatRate);
  return {
    list_price: product.price,
    tier_price: tierPrice,
    discount_rate: combinedRate(rates),
    discounted_price: discounted,
    campaign_price: campaignPrice,
    is_under_campaign: isUnderCampaign && !isContract,
    contract_price: contractPrice,
    price_source: isContract
      ? 'contract'
      : isUnderCampaign
        ? 'campaign'
        : rates.length > 0 && discounted < (tierPrice ?? product.price)
          ? 'discount'
          : tierPrice !== null
            ? 'tier'
            : 'list',
    unit_price: unit,
    vat_rate: vatRate,
    unit_price_with_vat: addVat(unit, vatRate),
    display: priceDisplay(customer),
  };
}
