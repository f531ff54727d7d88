import {
  type CustomerOrderRow,
  type CustomerOrderSummary,
  type CustomerOrdersQuery,
  type OrderRowsQuery,
  type Page,
  trackingStep,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import * as q from './customer-orders.queries';

/**
 * The customer's orders and open rows as their area lists them (SPEC §2 profile orders, order-rows,
 * on-shipping-rows; §7). The order detail is GET /api/orders/{orderNo} of the orders module.
 */

type PageQuery = { page: number; per_page: number };
/** The rows of the page asked for (DESIGN §5 lists). */
export const slice = (query: PageQuery) => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});
export const meta = (total: number, query: PageQuery) => ({
  total,
  page: query.page,
  per_page: query.per_page,
});

/** Maps a stored row with its order to the API's names; residual = ordered − shipped − cancelled. */
export function toCustomerRowDto(row: q.CustomerRowRecord): CustomerOrderRow {
  return {
    id: row.id,
    product_id: row.productId,
    product_sku: row.productSku,
    description: row.description,
    quantities: {
      ordered: row.orderedQty,
      shipped: row.shippedQty,
      cancelled: row.cancelledQty,
      residual: row.orderedQty - row.shippedQty - row.cancelledQty,
      ready: row.readyQty,
    },
    status: row.status,
    is_preorder: row.isPreorder,
    orderNo: row.orderNo,
    order_date: row.orderDate.toISOString(),
    order_status: row.orderStatus,
    processing_date: row.processingDate,
  };
}

/** GET /api/customer/{id}/orders: newest first, optionally of one status, with the tracking step. */
export async function listCustomerOrders(
  ctx: Pick<Ctx, 'db'>,
  customerId: number,
  query: CustomerOrdersQuery,
): Promise<Page<CustomerOrderSummary>> {
  const { rows, total } = await q.listOrdersOfCustomer(ctx.db, {
    customerId,
    status: query.status,
    ...slice(query),
  });
  return {
    data: rows.map((o) => ({
      id: o.id,
      orderNo: o.orderNo,
      date: o.date.toISOString(),
      status: o.status,
      payment_method: o.paymentMethod,
      total: o.total,
      total_without_taxes: o.totalWithoutTaxes,
      tracking_step: trackingStep(o.status),
      rows_count: o.rowsCount,
      placed_by: o.placedByEmail,
    })),
    meta: meta(total, query),
  };
}

/** GET /api/customers/{id}/order-rows: rows still to ship of open orders, oldest order first. */
export async function listOpenRows(
  ctx: Pick<Ctx, 'db'>,
  customerId: number,
  query: OrderRowsQuery,
): Promise<Page<CustomerOrderRow>> {
  const { rows, total } = await q.listOpenRows(ctx.db, {
    customerId,
    readyOnly: query.ready ?? false,
    ...slice(query),
  });
  return { data: rows.map(toCustomerRowDto), meta: meta(total, query) };
}

/** GET /api/customers/{id}/on-shipping-rows: rows in a shipping request, with its processing date. */
export async function listOnShippingRows(
  ctx: Pick<Ctx, 'db'>,
  customerId: number,
  query: PageQuery,
): Promise<Page<CustomerOrderRow>> {
  const { rows, total } = await q.listOnShippingRows(ctx.db, { customerId, ...slice(query) });
  return { data: rows.map(toCustomerRowDto), meta: meta(total, query) };
}
