import { type PriceDisplay, type ProductPrice, shownAmount, shownDiscountRate } from '@shop/domain';

/** What a price block shows, in cents. */
export interface PriceView {
  /** The unit price this customer pays, net or VAT-inclusive as `mode` says. */
  amount: number;
  /** 'net' → 'VAT excl.' (companies, extra-EU, staff); 'gross' → 'VAT incl.' (private persons). */
  mode: 'net' | 'gross';
  /** The list price in the same mode, struck through, when a discount or a campaign lowers it. */
  listAmount: number | null;
  /**
   * The discount in basis points when the discounts (not a campaign) set the price: the effective
   * rate of the price shown below the list price shown, the one figure cart, order and mail show too.
   */
  discountRate: number | null;
  /** The campaign price won (DESIGN §6.3). */
  isCampaign: boolean;
  /** The customer's contract price won (DESIGN §6 rule 17). */
  isContract: boolean;
}

/** DESIGN §6: the unit price as this customer pays it, with the list price when it is reduced. */
export function priceView(price: ProductPrice): PriceView {
  const mode = price.display;
  const amount = mode === 'gross' ? price.unit_price_with_vat : price.unit_price;
  const list = shownAmount(price.list_price, price.vat_rate, mode);
  const isContract = price.price_source === 'contract';
  const reduced = price.discount_rate > 0 || price.is_under_campaign || isContract;
  const rate = shownDiscountRate(price.list_price, price.unit_price, price.vat_rate, mode);
  return {
    amount,
    mode,
    listAmount: reduced && list > amount ? list : null,
    discountRate:
      !price.is_under_campaign && !isContract && price.discount_rate > 0 && rate > 0 ? rate : null,
    isCampaign: price.is_under_campaign,
    isContract,
  };
}

/** The label every amount carries (issue 16): 'VAT incl.' for gross, 'VAT excl.' for net. */
export function vatNoteKey(display: PriceDisplay) {
  return display === 'gross' ? ('money.vatIncl' as const) : ('money.vatExcl' as const);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A rate in basis points as a percentage: 1500 → '15%', 1621 → '16,21%' in Italian. */
export function formatRate(basisPoints: number, lng: string): string {
  let format = percentFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(lng === 'it' ? 'it-IT' : 'en-GB', {
      style: 'percent',
      maximumFractionDigits: 2,
    });
    percentFormats.set(lng, format);
  }
  return format.format(basisPoints / 10_000);
}
