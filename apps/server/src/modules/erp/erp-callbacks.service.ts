import {
  ERP_CALLBACK_TOLERANCE_SECONDS,
  type ErpCallback,
  ErpCallbackSchema,
  type ErpCallbackType,
  fillMessage,
  messages,
} from '@shop/domain';
import { isSignedBy } from '@shop/domain/erp-signature';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { AppError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import { applyStockChanges } from '../backoffice-products/product-stock.service';
import { issueDocument } from '../documents/document-issue.service';
import { markInvoicePaid } from '../documents/invoice-payments.service';
import { setOrderStatus } from '../orders/backoffice-orders.service';
import { shipOrderRows } from '../orders/order-shipments.service';
import { findOrderByNo } from '../orders/orders.queries';
import { lockOpenRows, settleProductStock } from '../stock-movements/stock-allocation.service';
import * as q from './erp-callbacks.queries';

/**
 * What the ERP tells the shop (docs/erp-protocol.md, DESIGN §8): a callback signed with ERP_TOKEN over
 * its timestamp and raw body, applied once, in one transaction, through the same services staff use
 * (the ERP acts as no user). A refused callback changes nothing, its id is not kept, and the refusal is
 * logged.
 */

type Data<T extends ErpCallbackType> = Extract<ErpCallback, { type: T }>['data'];

/** The request as it came: the exact body bytes the signature covers, and the signature headers. */
export type SignedCallback = {
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
};
export type ErpCallbackAnswer = { received: string; type: ErpCallbackType };

const malformed = (errors?: Record<string, string[]>) =>
  new AppError(400, 'MALFORMED_CALLBACK', messages.erpCallbackMalformed, errors);

/** Why the signature does not hold (for the log only: the caller is told no more than 401), or null. */
function signatureProblem(token: string | undefined, now: Date, signed: SignedCallback): string | null {
  if (!token) return 'ERP_TOKEN is not set';
  if (!signed.timestamp || !signed.signature) return 'signature headers missing';
  const timestamp = /^\d{1,12}$/.test(signed.timestamp) ? Number(signed.timestamp) : Number.NaN;
  if (!(Math.abs(now.getTime() / 1000 - timestamp) <= ERP_CALLBACK_TOLERANCE_SECONDS))
    return `timestamp ${signed.timestamp} outside ±${ERP_CALLBACK_TOLERANCE_SECONDS} s`;
  if (!isSignedBy(token, timestamp, signed.rawBody, signed.signature)) return 'signature mismatch';
  return null;
}

function parseJson(rawBody: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(rawBody) };
  } catch {
    return { ok: false };
  }
}

/** The field errors of a 422, here under 400: the body is not a callback at all. */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** The id and type a body claims, for the log line of a refused one. */
function claimed(body: unknown): { id?: unknown; type?: unknown } {
  return typeof body === 'object' && body !== null ? (body as { id?: unknown; type?: unknown }) : {};
}

/**
 * POST /api/erp/callbacks: 401 unless signed within the tolerance (checked before the body is read),
 * 400 for a body that is not a callback, then in one transaction the id recorded (401 when already
 * received: a replay) and the effect applied; any refusal (404, 409, 422) rolls all of it back.
 */
export async function receiveErpCallback(ctx: Ctx, signed: SignedCallback): Promise<ErpCallbackAnswer> {
  const refuse = (error: AppError, seen: { id?: unknown; type?: unknown }, reason = error.message) => {
    ctx.log.warn(
      { callbackId: seen.id ?? null, type: seen.type ?? null, status: error.status, reason },
      'ERP callback refused',
    );
    return error;
  };
  const problem = signatureProblem(ctx.config.erpToken, ctx.now(), signed);
  if (problem) throw refuse(new UnauthenticatedError(messages.erpCallbackUnsigned), {}, problem);
  const body = parseJson(signed.rawBody);
  if (!body.ok) throw refuse(malformed(), {}, 'body is not JSON');
  const parsed = ErpCallbackSchema.safeParse(body.value);
  if (!parsed.success) throw refuse(malformed(fieldErrors(parsed.error)), claimed(body.value));
  const callback = parsed.data;
  try {
    await inTransaction({ ...ctx, actor: null }, async (tx) => {
      await record(tx, callback);
      await apply(tx, callback);
    });
  } catch (error) {
    if (error instanceof AppError) throw refuse(error, callback);
    throw error;
  }
  return { received: callback.id, type: callback.type };
}

async function record(tx: Ctx, callback: ErpCallback): Promise<void> {
  try {
    await q.insertCallback(tx.db, {
      id: callback.id,
      type: callback.type,
      orderNo: 'order_no' in callback.data ? callback.data.order_no : null,
      receivedAt: tx.now(),
    });
  } catch (error) {
    // The id is the primary key: a replay, or the same callback racing itself, loses here.
    if (isUniqueViolation(error)) throw new UnauthenticatedError(messages.erpCallbackReplayed);
    throw error;
  }
}

function apply(tx: Ctx, callback: ErpCallback): Promise<void> {
  switch (callback.type) {
    case 'order.status':
      return moveOrder(tx, callback.data);
    case 'order.shipment':
      return shipRows(tx, callback.data);
    case 'credit_note':
      return creditRows(tx, callback.data);
    case 'stock':
      return setOnHand(tx, callback.id, callback.data);
    case 'invoice.paid':
      return markInvoicePaid(
        tx,
        callback.data.number,
        callback.data.paid_at ? new Date(callback.data.paid_at) : tx.now(),
      );
  }
}

const orderNotFound = (orderNo: string) =>
  new NotFoundError(fillMessage(messages.erpCallbackOrderNotFound, { order_no: orderNo }));

async function requireOrder(tx: Ctx, orderNo: string) {
  const order = await findOrderByNo(tx.db, orderNo);
  if (!order) throw orderNotFound(orderNo);
  return order;
}

/** The requested rows, one entry per row (quantities of a row named twice added), with where each first appears. */
function byRow(rows: Data<'order.shipment'>['rows']) {
  const merged = new Map<number, { rowId: number; quantity: number; index: number }>();
  rows.forEach((r, index) => {
    const seen = merged.get(r.row_id);
    if (seen) seen.quantity += r.quantity;
    else merged.set(r.row_id, { rowId: r.row_id, quantity: r.quantity, index });
  });
  return [...merged.values()];
}

/** order.status: as staff move it (409 from the status machine, the history records no user). */
async function moveOrder(tx: Ctx, data: Data<'order.status'>): Promise<void> {
  await requireOrder(tx, data.order_no);
  await setOrderStatus(tx, data.order_no, data.status);
}

/** order.shipment: the back office's shipment, after the ERP's own 404s (an unknown warehouse or row). */
async function shipRows(tx: Ctx, data: Data<'order.shipment'>): Promise<void> {
  const order = await requireOrder(tx, data.order_no);
  const warehouseId = data.warehouse_id;
  if (warehouseId !== undefined && !(await q.listWarehouseIds(tx.db)).includes(warehouseId))
    throw new NotFoundError(
      fillMessage(messages.erpCallbackWarehouseNotFound, { warehouse_id: warehouseId }),
    );
  const rows = byRow(data.rows);
  const ids = new Set(await q.listOrderRowIds(tx.db, order.id));
  const unknown = rows.find((r) => !ids.has(r.rowId));
  if (unknown)
    throw new NotFoundError(
      fillMessage(messages.erpCallbackRowNotFound, { row_id: unknown.rowId, order_no: data.order_no }),
    );
  await shipOrderRows(tx, data.order_no, {
    rows: rows.map((r) => ({ id: r.rowId, quantity: r.quantity })),
    warehouse_id: warehouseId,
  });
}

/**
 * credit_note (DESIGN §6 rule 15): a credit note of the order's customer, dated today in the shop's
 * zone, each row at the order row's price and VAT rate. A row can be credited up to what was shipped
 * of it less what earlier credit notes credited (422 naming the row); the order stays locked meanwhile
 * so two credit notes cannot both take the same units.
 */
async function creditRows(tx: Ctx, data: Data<'credit_note'>): Promise<void> {
  const order = await q.lockOrder(tx.db, data.order_no);
  if (!order) throw orderNotFound(data.order_no);
  const orderRows = await q.listRowsToCredit(tx.db, order.id);
  const rows = byRow(data.rows).map(({ rowId, quantity, index }) => {
    const row = orderRows.find((r) => r.id === rowId);
    if (!row)
      throw new NotFoundError(
        fillMessage(messages.erpCallbackRowNotFound, { row_id: rowId, order_no: data.order_no }),
      );
    const left = row.shippedQty - row.credited;
    if (quantity > left)
      throw ValidationError.field(
        `data.rows.${index}.quantity`,
        fillMessage(messages.creditNoteBeyondShipped, { row_id: rowId, sku: row.productSku, count: left }),
      );
    return {
      orderRowId: row.id,
      productSku: row.productSku,
      description: row.description,
      quantity,
      price: row.price,
      vatRate: row.vatRate,
    };
  });
  await issueDocument(tx, {
    type: 'credit_note',
    customerId: order.customerId,
    orderId: order.id,
    date: shopDate(tx.now()),
    rows,
  });
}

/**
 * stock: each product's on hand in the warehouse set to the ERP's figure as the back office's stock
 * tab sets it (open rows locked, then the stock row; an 'adjustment' warehouse transaction numbered
 * with the callback; ready units given to waiting rows when on hand rose, taken back when short). Every
 * SKU and warehouse is checked before anything is written; the products are then taken in id order,
 * so two callbacks over the same products lock them alike.
 */
async function setOnHand(tx: Ctx, callbackId: string, data: Data<'stock'>): Promise<void> {
  const products = new Map(
    (await q.listProductsBySkus(tx.db, [...new Set(data.items.map((i) => i.sku))])).map((p) => [p.sku, p]),
  );
  const warehouses = new Set(await q.listWarehouseIds(tx.db));
  const items = data.items.map((item, index) => {
    const product = products.get(item.sku);
    if (!product) throw new NotFoundError(fillMessage(messages.erpCallbackSkuNotFound, { sku: item.sku }));
    if (product.hasVariants)
      throw ValidationError.field(
        `data.items.${index}.sku`,
        fillMessage(messages.erpCallbackSkuHasVariants, { sku: item.sku }),
      );
    if (!warehouses.has(item.warehouse_id))
      throw new NotFoundError(
        fillMessage(messages.erpCallbackWarehouseNotFound, { warehouse_id: item.warehouse_id }),
      );
    return { product, warehouseId: item.warehouse_id, onHand: item.on_hand };
  });
  items.sort((a, b) => a.product.id - b.product.id || a.warehouseId - b.warehouseId);
  for (const { product, warehouseId, onHand } of items) {
    await lockOpenRows(tx, product.id);
    const before = await q.lockOnHand(tx.db, product.id, warehouseId);
    await applyStockChanges(
      tx,
      [{ productId: product.id, sku: product.sku, warehouseId, onHand, onOrder: null }],
      { operation: 'adjustment', number: `ERP-${callbackId}` },
    );
    await settleProductStock(tx, product.id, { allocate: onHand > before });
  }
}
