import { addVat, type ProductPrice } from '@shop/domain';

/** What a price block shows, in cents. */
export interface PriceView {
  /** The unit price this customer pays, net or VAT-inclusive as `mode` says. */
  amount: number;
  /** 'net' → 'VAT excl.' (companies, extra-EU, staff); 'gross' → 'VAT incl.' (private persons). */
  mode: 'net' | 'gross';
  /** The list price in the same mode, struck through, when a discount or a campaign lowers it. */
  listAmount: number | null;
  /** The combined discount in basis points, when the discounts (not a campaign) set the price. */
  discountRate: number | null;
  /** The campaign price won (DESIGN §6.3). */
  isCampaign: boolean;
}

/** DESIGN §6: the unit price as this customer pays it, with the list price when it is reduced. */
export function priceView(price: ProductPrice): PriceView {
  const gross = price.display === 'gross';
  const amount = gross ? price.unit_price_with_vat : price.unit_price;
  const list = gross ? addVat(price.list_price, price.vat_rate) : price.list_price;
  const reduced = price.discount_rate > 0 || price.is_under_campaign;
  return {
    amount,
    mode: gross ? 'gross' : 'net',
    listAmount: reduced && list > amount ? list : null,
    discountRate: !price.is_under_campaign && price.discount_rate > 0 ? price.discount_rate : null,
    isCampaign: price.is_under_campaign,
  };
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
