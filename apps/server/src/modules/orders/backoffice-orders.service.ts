import {
  attemptStatus,
  type BackofficeOrderDetail,
  type BackofficeOrderListItem,
  type BackofficeOrderListQuery,
  type BackofficeOrderRow,
  type ErpSyncFilter,
  fillMessage,
  messages,
  type OrderStatus,
  orderUnits,
  type Page,
  type PaymentBalance,
  paymentBalance,
  staffNextStatuses,
  statusChangeRefusal,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { invoicePayments } from '../documents/invoice-payments.service';
import { eInvoiceStates } from '../e-invoices/e-invoices.service';
import { lockOpenRowsOf, settleProductStock } from '../stock-movements/stock-allocation.service';
import * as bq from './backoffice-orders.queries';
import { approvalOf, placedByOf } from './order-dto';
import { recomputeOrderTotals } from './order-totals.service';
import * as q from './orders.queries';
import { changeOrderStatus } from './orders.service';
import { releaseReservedStock } from './stock-release.service';

/**
 * The back office's orders (SPEC §2, §4 actions; DESIGN §6 rules 10, 11): the list, the detail, moving
 * an order through the status machine and cancelling rows. Shipping rows is in order-shipments.service.ts.
 */

type Reader = Pick<Ctx, 'db'>;
type Writer = Pick<Ctx, 'db' | 'actor' | 'now' | 'config'>;

export const residualOf = (row: q.OrderRowRecord) => row.orderedQty - row.shippedQty - row.cancelledQty;

function toRowDto(row: q.OrderRowRecord): BackofficeOrderRow {
  return {
    id: row.id,
    sku: row.productSku,
    description: row.description,
    ordered: row.orderedQty,
    shipped: row.shippedQty,
    cancelled: row.cancelledQty,
    residual: residualOf(row),
    ready: row.readyQty,
    discount: row.discount,
    price: row.price,
    subtotal: row.subtotal,
    vat_rate: row.vatRate,
    status: row.status,
  };
}

const syncState = (state: string | null) => (state ?? 'not_sent') as ErpSyncFilter;

/** GET /api/orders: a page of orders, filtered, searched by order number or customer, sorted. */
export async function listBackofficeOrders(
  ctx: Reader,
  query: BackofficeOrderListQuery,
): Promise<Page<BackofficeOrderListItem>> {
  const { page, per_page, ...filter } = query;
  const { rows, total } = await bq.listOrders(ctx.db, filter, {
    limit: per_page,
    offset: (page - 1) * per_page,
  });
  return {
    data: rows.map((r) => ({
      order_no: r.orderNo,
      date: r.date.toISOString(),
      customer: { id: r.customerId, name: r.customerName },
      channel: r.channel,
      payment_method: r.paymentMethod,
      status: r.status,
      total: r.total,
      erp_sync: syncState(r.erpSync),
    })),
    meta: { total, page, per_page },
  };
}

/** GET /api/backoffice/orders/{orderNo}: the order with rows, payments, documents, history and ERP state. */
export async function getBackofficeOrder(
  ctx: Pick<Ctx, 'db' | 'now'>,
  orderNo: string,
): Promise<BackofficeOrderDetail> {
  const found = await bq.findOrderDetail(ctx.db, orderNo);
  if (!found) throw new NotFoundError();
  const { order, customer } = found;
  const [rows, payments, documents, history] = await Promise.all([
    q.listOrderRows(ctx.db, order.id),
    bq.listPayments(ctx.db, order.id),
    bq.listOrderDocuments(ctx.db, order.id),
    bq.listStatusChanges(ctx.db, order.id),
  ]);
  const invoices = await invoicePayments(
    ctx,
    documents.filter((d) => d.type === 'invoice').map((d) => d.id),
  );
  const eInvoices = await eInvoiceStates(
    ctx,
    documents.map((d) => d.id),
  );
  return {
    id: order.id,
    order_no: order.orderNo,
    erp_order_no: order.erpOrderNo,
    date: order.date.toISOString(),
    status: order.status,
    channel: order.channel,
    payment_method: order.paymentMethod,
    shipping_method_id: order.shippingMethodId,
    customer_reference: order.customerReference,
    customer_reference_date: order.customerReferenceDate,
    erp_order_reason: order.erpOrderReason,
    placed_by: placedByOf(order),
    approval: approvalOf(order),
    coupon_code: order.couponCode,
    billing_company: order.billingCompany,
    billing_address: order.billingAddress,
    shipping_address: order.shippingAddress,
    total: order.total,
    total_without_taxes: order.totalWithoutTaxes,
    vat: order.vat,
    shipping_costs: order.shippingCosts,
    payment_fee: order.paymentFee,
    customer: {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      type: customer.type,
      vat_id: customer.vatId,
      erp_code: customer.erpCode,
    },
    rows: rows.map(toRowDto),
    payments: payments.map((p) => ({
      id: p.id,
      method: p.method,
      gateway: p.gateway,
      status: attemptStatus(p, order.version),
      amount: p.amount,
      amount_paid: p.amountPaid,
      refunded_amount: p.refundedAmount,
      date: (p.completedAt ?? p.createdAt).toISOString(),
    })),
    balance: toBalanceDto(paymentBalance({ ...order, returnsRefunded: found.returnsRefunded }, payments)),
    documents: documents.map((d) => ({
      ...d,
      ...invoices.get(d.id),
      e_invoice_state: d.type === 'delivery_note' ? null : (eInvoices.get(d.id) ?? null),
    })),
    history: history.map((h) => ({ from: h.from, to: h.to, by: h.by, at: h.at.toISOString() })),
    next_statuses: staffNextStatuses(order.status, unitsOf(rows)),
    erp_sync: syncState(found.erpSync),
  };
}

const toBalanceDto = (b: PaymentBalance) => ({ paid: b.paid, due: b.due, refund_due: b.refundDue });

/**
 * Cancels the whole residual of each open row (an order cancelled or closed, DESIGN §6 rule 10): the
 * quantities become cancelled, nothing stays ready, the reserved units go back to stock and the ready
 * ones to the rows waiting for them.
 */
export async function cancelResiduals(ctx: Writer, rows: q.OrderRowRecord[]) {
  const open = rows.filter((r) => residualOf(r) > 0);
  const productIds = [...new Set(open.map((r) => r.productId))];
  // Open rows before stock rows: the order every writer of stock takes them in.
  await lockOpenRowsOf(ctx, productIds);
  for (const row of open) {
    await bq.updateOrderRow(ctx.db, row.id, {
      cancelledQty: row.cancelledQty + residualOf(row),
      readyQty: 0,
      status: row.shippedQty > 0 ? 'shipped' : 'cancelled',
    });
  }
  await releaseReservedStock(
    ctx,
    open.map((r) => ({ productId: r.productId, quantity: residualOf(r) })),
  );
  await giveFreedStock(ctx, productIds);
}

/** Ready units given back go to the rows waiting for the product, oldest order first (DESIGN §6 rule 11). */
async function giveFreedStock(ctx: Writer, productIds: number[]) {
  for (const productId of productIds) await settleProductStock(ctx, productId, { allocate: true });
}

/** The order's rows in units (still to ship, shipped), as the status rules read them. */
const unitsOf = (rows: q.OrderRowRecord[]) =>
  orderUnits(rows.map((r) => ({ residual: residualOf(r), shipped: r.shippedQty })));

/**
 * POST /api/orders/{orderNo}/status: moves the order where the status machine allows (409 otherwise,
 * nothing changed). Cancelling or closing cancels the residual and releases its reserved stock;
 * 'shipped' and 'partially_shipped' only when the rows say so. The change is recorded with who made it,
 * all in one transaction.
 */
export async function setOrderStatus(ctx: Writer, orderNo: string, to: OrderStatus): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const found = await q.findOrderByNo(tx.db, orderNo);
    if (!found) throw new NotFoundError();
    const order = await q.lockOrderStatus(tx.db, found.id);
    if (!order) throw new NotFoundError();
    const rows = await bq.lockOrderRows(tx.db, order.id);
    // The same rule decides what the detail offers (next_statuses): DESIGN §6 rules 10 and 18.
    const refusal = statusChangeRefusal(order.status, to, unitsOf(rows));
    if (refusal) throw new ConflictError(refusal);
    if (to === 'cancelled' || to === 'closed') await cancelResiduals(tx, rows);
    // Closing stops charging the residual; a cancelled order keeps its money as shown (nothing is owed).
    if (to === 'closed') await recomputeOrderTotals(tx, order.id);
    await changeOrderStatus(tx, order.id, to, ctx.actor?.userId ?? null);
  });
}

/** Orders whose rows are final: nothing may be cancelled or shipped on them any more. */
const LOCKED_STATUSES: readonly OrderStatus[] = ['cancelled', 'closed', 'shipped', 'delivered'];

/**
 * POST /api/order-rows/{id}/cancel: cancels `quantity` of the row's residual (all of it when absent),
 * releases as many reserved units and keeps the ready quantity within what is left (ready units given
 * back go to the rows waiting for the product). The row becomes cancelled when nothing is left and
 * nothing was shipped, shipped when nothing is left after shipments.
 */
export async function cancelOrderRow(
  ctx: Writer,
  rowId: number,
  quantity: number | undefined,
): Promise<BackofficeOrderRow> {
  return inTransaction(ctx, async (tx) => {
    // The order first, then its row: the order in which status changes lock them.
    const found = await bq.findOrderRow(tx.db, rowId);
    if (!found) throw new NotFoundError();
    const order = await q.lockOrderStatus(tx.db, found.orderId);
    if (!order) throw new NotFoundError();
    if (LOCKED_STATUSES.includes(order.status))
      throw new ConflictError(fillMessage(messages.orderRowsLocked, { status: order.status }));
    const row = (await bq.lockOrderRow(tx.db, rowId))!;
    const residual = residualOf(row);
    const cancel = quantity ?? residual;
    if (cancel < 1 || cancel > residual)
      throw ValidationError.field(
        'quantity',
        fillMessage(messages.rowCancelBeyondResidual, { count: residual }),
      );
    await lockOpenRowsOf(tx, [row.productId]);
    const left = residual - cancel;
    await bq.updateOrderRow(tx.db, row.id, {
      cancelledQty: row.cancelledQty + cancel,
      readyQty: Math.min(row.readyQty, left),
      status: left > 0 ? row.status : row.shippedQty > 0 ? 'shipped' : 'cancelled',
    });
    await releaseReservedStock(tx, [{ productId: row.productId, quantity: cancel }]);
    await giveFreedStock(tx, [row.productId]);
    await recomputeOrderTotals(tx, order.id);
    return toRowDto((await bq.findOrderRow(tx.db, rowId))!);
  });
}
