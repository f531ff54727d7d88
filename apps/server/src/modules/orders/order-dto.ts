import {
  addVat,
  effectiveVatRate,
  type MoneyLine,
  type Order,
  type OrderApproval,
  type OrderPlacedBy,
  type OrderRow,
  type PricingCustomer,
  priceDisplay,
  type ShownLine,
  shownMoney,
} from '@shop/domain';
import type { OrderRecord, OrderRowRecord, ShownOrderRecord } from './orders.queries';

/** The units a row charges (DESIGN §6 rule 16): ordered less cancelled, as the order's money counts them. */
const chargedQuantity = (row: OrderRowRecord) => row.orderedQty - row.cancelledQty;

/** A stored row's money, net: the price before the coupon is the price itself when no coupon applied. */
function moneyLineOf(row: OrderRowRecord): MoneyLine {
  return {
    listPrice: row.listPrice,
    priceBeforeCoupon: row.priceBeforeCoupon ?? row.price,
    price: row.price,
    vatRate: row.vatRate,
    quantity: chargedQuantity(row),
    couponShare: row.couponShare,
  };
}

/** Maps a stored order row to SPEC §3 Order row; residual = ordered − shipped − cancelled. */
function toOrderRowDto(row: OrderRowRecord, shown: ShownLine | undefined): OrderRow {
  return {
    id: row.id,
    product_id: row.productId,
    product_sku: row.productSku,
    description: row.description,
    total_ordered_qty: row.orderedQty,
    quantities: {
      ordered: row.orderedQty,
      shipped: row.shippedQty,
      cancelled: row.cancelledQty,
      residual: row.orderedQty - row.shippedQty - row.cancelledQty,
      ready: row.readyQty,
    },
    discount: row.discount,
    price: row.price,
    vat_rate: row.vatRate,
    coupon_share: row.couponShare,
    subtotal: row.subtotal,
    status: row.status,
    is_preorder: row.isPreorder,
    note: row.note,
    ...(shown && {
      list_price: row.listPrice,
      price_before_coupon: row.priceBeforeCoupon ?? row.price,
      // Rows written before the list price was kept have only their stored rate to show.
      discount_rate: row.listPrice === null ? row.discount : shown.discountRate,
      shown_price: shown.unitPrice,
      shown_total: shown.total,
    }),
  };
}

const isShown = (order: OrderRecord): order is ShownOrderRecord => 'buyerType' in order;

/** The order's coupon for the display: a percent on the rows' prices, or a fixed amount on their shares. */
function couponOf(order: OrderRecord) {
  if (order.couponRate) return { code: order.couponCode, rate: order.couponRate };
  if (order.couponAmount) return { code: order.couponCode, kind: 'fixed' as const, rate: 0 };
  return null;
}

/**
 * The order's money as its customer sees it (issue 16, DESIGN §6 rules 4–7): the display mode of its
 * customer, every row and total in it by the same domain module as the cart page, shipping and fee
 * with VAT at their rate (the shipping method's, else the shop's standard one; 0 for exempt customers).
 */
function customerView(order: ShownOrderRecord, rows: readonly OrderRowRecord[]) {
  const buyer: PricingCustomer = {
    type: order.buyerType,
    extraCee: order.buyerExtraCee,
    taxRule: order.buyerTaxRule,
    discount: 0,
    customerGroupId: null,
  };
  const display = priceDisplay(buyer);
  const chargesVatRate = effectiveVatRate(buyer, order.shippingMethodVatRate ?? order.standardVatRate);
  const shippingWithVat = addVat(order.shippingCosts, chargesVatRate);
  const paymentFeeWithVat = addVat(order.paymentFee, chargesVatRate);
  const { lines, totals } = shownMoney({
    display,
    lines: rows.map(moneyLineOf),
    coupon: couponOf(order),
    shipping: order.shippingCosts,
    shippingWithVat,
    paymentFee: order.paymentFee,
    paymentFeeWithVat,
    totalWithoutTaxes: order.totalWithoutTaxes,
    vat: order.vat,
    total: order.total,
  });
  return {
    lines,
    fields: {
      display,
      coupon_rate: order.couponRate,
      shipping_costs_with_vat: shippingWithVat,
      payment_fee_with_vat: paymentFeeWithVat,
      shown: {
        subtotal_before_coupon: totals.subtotalBeforeCoupon,
        coupon: totals.coupon?.amount ?? 0,
        subtotal: totals.subtotal,
        shipping: totals.shipping,
        payment_fee: totals.paymentFee,
      },
    },
  };
}

/** Issue 19 point 4: who placed the order (the customer's user, the staff member signed in as him). */
export const placedByOf = (order: OrderRecord): OrderPlacedBy => ({
  email: order.placedByEmail,
  staff_email: order.placedByStaffEmail,
});

/** DESIGN §6 rule 18: why the order needed approval and who decided what; null when it never needed it. */
export function approvalOf(order: OrderRecord): OrderApproval | null {
  if (order.approvalReason === null) return null;
  return {
    reason: order.approvalReason,
    outcome: order.approvalOutcome,
    decided_by: order.decidedByEmail,
    decided_at: order.decidedAt?.toISOString() ?? null,
    note: order.approvalNote,
  };
}

/**
 * Maps a stored order and its rows to the SPEC §3 field names of the API. An order read with its
 * buyer (the customer's GET and POST /api/orders) also carries what its customer sees (issue 16);
 * back-office and ERP answers, read without, stay net as they were.
 */
export function toOrderDto(order: OrderRecord | ShownOrderRecord, rows: OrderRowRecord[]): Order {
  const view = isShown(order) ? customerView(order, rows) : null;
  return {
    id: order.id,
    orderNo: order.orderNo,
    erp_order_no: order.erpOrderNo,
    channel: order.channel,
    customer_id: order.customerId,
    billing_company: order.billingCompany,
    date: order.date.toISOString(),
    status: order.status,
    payment_method: order.paymentMethod,
    shipping_method_id: order.shippingMethodId,
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    shipping_costs: order.shippingCosts,
    payment_fee: order.paymentFee,
    coupon_code: order.couponCode,
    coupon_amount: order.couponAmount === null ? null : rows.reduce((sum, r) => sum + r.couponShare, 0),
    vat: order.vat,
    total: order.total,
    total_without_taxes: order.totalWithoutTaxes,
    customer_reference: order.customerReference,
    customer_reference_date: order.customerReferenceDate,
    erp_order_reason: order.erpOrderReason,
    paid_at: order.paidAt?.toISOString() ?? null,
    placed_by: placedByOf(order),
    approval: approvalOf(order),
    rows: rows.map((row, i) => toOrderRowDto(row, view?.lines[i])),
    ...view?.fields,
  };
}
