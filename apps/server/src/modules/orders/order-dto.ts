import type { Order, OrderRow } from '@shop/domain';
import type { OrderRecord, OrderRowRecord } from './orders.queries';

/** Maps a stored order row to SPEC §3 Order row; residual = ordered − shipped − cancelled. */
function toOrderRowDto(row: OrderRowRecord): OrderRow {
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
    subtotal: row.subtotal,
    status: row.status,
    is_preorder: row.isPreorder,
    note: row.note,
  };
}

/** Maps a stored order and its rows to the SPEC §3 field names of the API. */
export function toOrderDto(order: OrderRecord, rows: OrderRowRecord[]): Order {
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
    vat: order.vat,
    total: order.total,
    total_without_taxes: order.totalWithoutTaxes,
    customer_reference: order.customerReference,
    customer_reference_date: order.customerReferenceDate,
    erp_order_reason: order.erpOrderReason,
    paid_at: order.paidAt?.toISOString() ?? null,
    rows: rows.map(toOrderRowDto),
  };
}
