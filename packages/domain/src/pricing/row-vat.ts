import { lineTotals } from './cart-pricing';

/** An order row as rule 5 prices it: net unit price in cents, VAT rate in basis points, corrected or not. */
export type VatRow = { price: number; vatRate: number; correct: boolean };

/**
 * DESIGN §6 rule 5: the one-cent correction is for private persons in the EU, never for companies
 * (type G) nor extra-EU customers.
 */
export function correctsVat(customer: { type: string; extraCee: boolean }): boolean {
  return customer.type !== 'G' && !customer.extraCee;
}

/**
 * DESIGN §6 rule 5: the VAT of `quantity` units of an order row, as the order charges it, less
 * `couponShare` cents of its fixed coupon (rule 17).
 */
export function rowVat(row: VatRow, quantity: number, couponShare = 0): number {
  const totals = lineTotals(row.price, quantity, row.vatRate, row.correct, couponShare);
  return totals.roundedTotalPriceWithVat - totals.totalPrice;
}

/**
 * DESIGN §6 rules 5 and 16: the VAT that units `from`+1 … `to` add to an order row, its VAT at `to`
 * units less its VAT at `from`. An invoice for q more units of a row with s units invoiced (net of
 * credit notes) carries unitsVat(row, s, s + q); a credit note for q of them takes back what the last q
 * added, unitsVat(row, s − q, s). So a row's invoices less its credit notes always carry the row's VAT
 * at the quantity they leave invoiced, and a fully shipped order's invoices sum to its total.
 */
export function unitsVat(row: VatRow, from: number, to: number): number {
  return rowVat(row, to) - rowVat(row, from);
}
