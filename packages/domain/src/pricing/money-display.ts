import type { Order } from '../schemas/orders';
import { lineTotals, type PricedCart } from './cart-pricing';
import type { CouponKind } from './coupon';
import { addVat, rateOff } from './money';

/**
 * How money is shown to a customer (DESIGN §6 rules 4–5; issue 16): one rule for every place a customer
 * sees money (product card and page, cart, checkout, confirmation, order detail, mails). Private persons
 * in the EU see amounts with VAT, companies and extra-EU customers without (`priceDisplay`); the discount
 * is the effective rate of the price shown; the coupon is its own line, after a subtotal without it.
 * The stored and quoted figures stay net: this module only derives what is shown from them.
 */

/** 'gross': amounts with VAT (private persons in the EU); 'net': without (companies, extra-EU). */
export type PriceDisplay = 'net' | 'gross';

/** The figure shown for a net unit amount: itself when net, with VAT rounded to the cent when gross. */
export function shownAmount(net: number, vatRate: number, display: PriceDisplay): number {
  return display === 'gross' ? addVat(net, vatRate) : net;
}

/**
 * The figure shown for `quantity` units at a net unit price: net × quantity, or rule 5's total with VAT
 * and its one-cent correction. Gross display and the correction go to the same customers (private
 * persons in the EU), so the gross figure is always the corrected one, as the cart charges it.
 */
export function shownLineTotal(
  unitPrice: number,
  quantity: number,
  vatRate: number,
  display: PriceDisplay,
): number {
  return display === 'gross'
    ? lineTotals(unitPrice, quantity, vatRate, true).roundedTotalPriceWithVat
    : unitPrice * quantity;
}

/**
 * The one discount figure (basis points): how far the price shown (before any coupon) is below the list
 * price shown, both in the same display mode, so the product page, the cart, the order and the mail
 * agree. 0 when the list price is unknown or the price is not below it.
 */
export function shownDiscountRate(
  listPrice: number | null,
  price: number,
  vatRate: number,
  display: PriceDisplay,
): number {
  if (listPrice === null) return 0;
  return Math.max(0, rateOff(shownAmount(listPrice, vatRate, display), shownAmount(price, vatRate, display)));
}

/** What a cart line or an order row says of its money: net unit prices in cents, VAT rate in basis points. */
export type MoneyLine = {
  /** The list price (DESIGN §6 rule 1); null on order rows written before it was kept. */
  listPrice: number | null;
  /** The unit price before the coupon: discounted or campaign price (rules 2–3). */
  priceBeforeCoupon: number;
  /** The unit price paid: the price before the coupon less the coupon (rule 4). */
  price: number;
  /** The effective VAT rate (0 for exempt customers). */
  vatRate: number;
  /** The units the line charges. */
  quantity: number;
  /** Its share of a fixed coupon (net cents, rule 17); none: 0. */
  couponShare?: number;
};

/** A line as shown, in the display mode. */
export type ShownLine = {
  /** The list price shown, null when unknown. */
  listPrice: number | null;
  /** The unit price shown, before the coupon. */
  unitPrice: number;
  /** The discount figure of `unitPrice` (see shownDiscountRate). */
  discountRate: number;
  /** The line total shown, before the coupon. */
  total: number;
};

/** A line in the display mode: its list price, unit price and total before the coupon, the discount figure. */
export function shownLine(line: MoneyLine, display: PriceDisplay): ShownLine {
  return {
    listPrice: line.listPrice === null ? null : shownAmount(line.listPrice, line.vatRate, display),
    unitPrice: shownAmount(line.priceBeforeCoupon, line.vatRate, display),
    discountRate: shownDiscountRate(line.listPrice, line.priceBeforeCoupon, line.vatRate, display),
    total: shownLineTotal(line.priceBeforeCoupon, line.quantity, line.vatRate, display),
  };
}

/**
 * The totals as shown, in the display mode: subtotal before the coupon − coupon + shipping + fee is
 * the total for 'gross' and the total without taxes for 'net' (then + VAT is the total), to the cent.
 */
export type ShownTotals = {
  display: PriceDisplay;
  subtotalBeforeCoupon: number;
  /**
   * The coupon's own line: its code, kind, percent (basis points; 0 for a fixed amount) and amount in
   * the display mode.
   */
  coupon: { code: string | null; kind: CouponKind; rate: number; amount: number } | null;
  /** The subtotal after the coupon. */
  subtotal: number;
  shipping: number;
  paymentFee: number;
  /** Always net. */
  totalWithoutTaxes: number;
  vat: number;
  total: number;
};

/** The net and VAT-inclusive money of a cart or an order, as its engine priced it. */
export type MoneyInput = {
  display: PriceDisplay;
  lines: readonly MoneyLine[];
  /** The coupon applied (a percent in basis points, or a fixed amount spread on the lines), null when none. */
  coupon: { code: string | null; kind?: CouponKind; rate: number } | null;
  shipping: number;
  shippingWithVat: number;
  paymentFee: number;
  paymentFeeWithVat: number;
  totalWithoutTaxes: number;
  vat: number;
  total: number;
};

/** A line's total after its coupon, shown: a fixed coupon's share comes off the net before VAT (rule 5). */
function shownNetOfCoupon(line: MoneyLine, display: PriceDisplay): number {
  const share = line.couponShare ?? 0;
  if (share === 0) return shownLineTotal(line.price, line.quantity, line.vatRate, display);
  const totals = lineTotals(line.price, line.quantity, line.vatRate, true, share);
  return display === 'gross' ? totals.roundedTotalPriceWithVat : totals.totalPrice;
}

/**
 * Lines and totals in the display mode. The coupon's amount is the subtotal before it less the
 * subtotal, both shown the same way (gross: row totals with rule 5's correction), so the lines add up
 * to the subtotal before the coupon and the coupon line to what it took off.
 */
export function shownMoney(input: MoneyInput): { lines: ShownLine[]; totals: ShownTotals } {
  const { display } = input;
  const lines = input.lines.map((line) => shownLine(line, display));
  const subtotalBeforeCoupon = lines.reduce((sum, l) => sum + l.total, 0);
  const subtotal = input.lines.reduce((sum, l) => sum + shownNetOfCoupon(l, display), 0);
  const gross = display === 'gross';
  const kind = input.coupon?.kind ?? 'percent';
  return {
    lines,
    totals: {
      display,
      subtotalBeforeCoupon,
      coupon:
        input.coupon && (input.coupon.rate > 0 || kind === 'fixed')
          ? { ...input.coupon, kind, amount: subtotalBeforeCoupon - subtotal }
          : null,
      subtotal,
      shipping: gross ? input.shippingWithVat : input.shipping,
      paymentFee: gross ? input.paymentFeeWithVat : input.paymentFee,
      totalWithoutTaxes: input.totalWithoutTaxes,
      vat: input.vat,
      total: input.total,
    },
  };
}

/** The cart's money as the cart page and checkout show it (the quote's own figures, in its display). */
export function quoteMoney(quote: PricedCart): {
  lines: ShownLine[];
  totals: ShownTotals;
} {
  return shownMoney({
    display: quote.display,
    lines: quote.products.map((p) => ({
      listPrice: p.price,
      priceBeforeCoupon: p.price_before_coupon,
      price: p.unit_price,
      vatRate: p.vatRate,
      quantity: p.quantity,
      couponShare: p.coupon_share,
    })),
    coupon: quote.coupon && couponOfQuote(quote),
    shipping: quote.shipping.price,
    shippingWithVat: quote.shipping.priceWithVAT,
    paymentFee: quote.payment_fee,
    paymentFeeWithVat: quote.payment_fee_with_vat,
    totalWithoutTaxes: quote.total_without_taxes,
    vat: quote.vat,
    total: quote.total,
  });
}

/** The quote's coupon for the display: a fixed one has no percent, its amount is on the lines. */
function couponOfQuote(quote: PricedCart): MoneyInput['coupon'] {
  if (!quote.coupon) return null;
  return quote.coupon_amount !== null
    ? { code: quote.coupon.code, kind: 'fixed', rate: 0 }
    : { code: quote.coupon.code, kind: 'percent', rate: quote.coupon.value };
}

/**
 * An order's money as its customer sees it, read from the figures the server computed with
 * `shownMoney` (GET /api/orders/{orderNo}). An answer without them (written before they existed) reads
 * as net: the stored unit price, discount and subtotal of each row, no coupon line.
 */
export function orderMoney(order: Order): { lines: ShownLine[]; totals: ShownTotals } {
  const lines = order.rows.map(
    (row): ShownLine => ({
      listPrice: row.list_price ?? null,
      unitPrice: row.shown_price ?? row.price,
      discountRate: row.discount_rate ?? row.discount,
      total: row.shown_total ?? row.subtotal,
    }),
  );
  const shown = order.shown ?? {
    subtotal_before_coupon: order.total_without_taxes - order.shipping_costs - order.payment_fee,
    coupon: 0,
    subtotal: order.total_without_taxes - order.shipping_costs - order.payment_fee,
    shipping: order.shipping_costs,
    payment_fee: order.payment_fee,
  };
  const couponRate = order.coupon_rate ?? 0;
  const fixed = (order.coupon_amount ?? 0) > 0;
  return {
    lines,
    totals: {
      display: order.display ?? 'net',
      subtotalBeforeCoupon: shown.subtotal_before_coupon,
      coupon:
        couponRate > 0 || fixed
          ? {
              code: order.coupon_code,
              kind: fixed ? 'fixed' : 'percent',
              rate: couponRate,
              amount: shown.coupon,
            }
          : null,
      subtotal: shown.subtotal,
      shipping: shown.shipping,
      paymentFee: shown.payment_fee,
      totalWithoutTaxes: order.total_without_taxes,
      vat: order.vat,
      total: order.total,
    },
  };
}
