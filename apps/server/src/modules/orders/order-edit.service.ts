import {
  type AddOrderRowsInput,
  type CartLineInput,
  fillMessage,
  isOrderEditable,
  messages,
  type Order,
  type OrderEditValues,
  rateOff,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { priceForCustomer } from '../cart/cart.service';
import { queueErpSync } from '../erp/erp.service';
import { toOrderDto } from './order-dto';
import * as edit from './order-edit.queries';
import { recomputeOrderTotals } from './order-totals.service';
import * as q from './orders.queries';
import { release } from './stock-release.service';
import { type Reservation, reserve } from './stock-reservation';

/**
 * Editing an order in the back office (issue 7; SPEC §7 PUT /api/orders/{orderNo}, POST
 * /api/order/{id}/rows; DESIGN §6 rules 5, 9, 11): addresses, reference, ERP reason, quantities of
 * rows not shipped yet, and new rows priced for the order's customer today. Each edit is one
 * transaction that locks the order, then its rows, then the stock rows (product, warehouse), and queues
 * the order's ERP sync; a refused row leaves nothing written.
 */

type Writer = Pick<Ctx, 'db' | 'actor' | 'now' | 'config'>;
type RowRecord = q.OrderRowRecord;
type OrderRecord = q.OrderRecord;

/** The order locked, when it is still editable: 404 when there is none, 409 once it is being picked or shipped. */
function assertEditable(order: OrderRecord | undefined): OrderRecord {
  if (!order) throw new NotFoundError();
  if (!isOrderEditable(order.status))
    throw new ConflictError(messages.orderNotEditable.replace(':status', order.status));
  return order;
}

const isRowEditable = (row: RowRecord) => row.status === 'not_shipped' && row.shippedQty === 0;

/** How `quantity` more units of one product would be reserved, on its stock rows as locked now. */
async function planReservation(tx: Writer, productId: number, quantity: number): Promise<Reservation> {
  return reserve(await q.lockStocks(tx.db, [productId]), quantity);
}

/** Writes a planned reservation; a product without stock rows gets one in the first warehouse. */
async function applyReservation(tx: Writer, productId: number, r: Reservation): Promise<void> {
  await q.reserveStocks(tx.db, r.onRows);
  if (r.onNewRow === 0) return;
  const warehouseId = await q.findFirstWarehouseId(tx.db);
  if (warehouseId === undefined) throw new ConflictError(messages.orderFailed);
  await q.reserveNewStock(tx.db, productId, warehouseId, r.onNewRow);
}

/**
 * Changes the stock reserved for one product by `delta` units (DESIGN §4: `ordered` reserves every
 * residual, ready or not). Raising reserves on the warehouses with most available first and answers how
 * many of the new units stock covers now (they are ready); the rest is a backorder, for pre-order and
 * on-request products only (others are refused beyond stock). Lowering gives back
 * the backorder's own reservation first. The stock rows must already be locked.
 */
async function changeReservation(tx: Writer, row: RowRecord, delta: number): Promise<number> {
  const { productId } = row;
  if (delta >= 0) {
    const r = await planReservation(tx, productId, delta);
    // Never below zero for products that are not pre-order/on request (DESIGN §6 rule 9), as at checkout.
    if (r.beyond > 0 && !row.isPreorder) {
      const more = { count: delta - r.beyond, product: row.productSku };
      throw new ConflictError(fillMessage(messages.orderRowBeyondStock, more));
    }
    await applyReservation(tx, productId, r);
    return r.ready;
  }
  const stock = await q.lockStocks(tx.db, [productId]);
  const given = release(stock, -delta).map((r) => ({ stockId: r.stockId, quantity: -r.quantity }));
  await q.reserveStocks(tx.db, given);
  return 0;
}

/** A row at a new ordered quantity: subtotal at its own unit price; ready units never above the residual. */
async function resizeRow(tx: Writer, row: RowRecord, quantity: number) {
  const delta = quantity - row.orderedQty;
  const ready = await changeReservation(tx, row, delta);
  const residual = quantity - row.shippedQty - row.cancelledQty;
  return {
    id: row.id,
    orderedQty: quantity,
    readyQty: Math.min(residual, row.readyQty + ready),
    subtotal: row.price * quantity,
  };
}

/**
 * Checks the quantity changes against the order's rows: each row must be the order's, not shipped nor
 * on shipping, named once, and keep a residual of at least one unit. Every refused row is named (422), so a form
 * shows them all at once.
 */
function checkQuantityChanges(rows: RowRecord[], changes: { id: number; quantity: number }[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors: Record<string, string[]> = {};
  const accepted: { row: RowRecord; quantity: number }[] = [];
  const seen = new Set<number>();
  changes.forEach((change, index) => {
    const row = byId.get(change.id);
    if (!row) errors[`rows.${index}.id`] = [messages.orderRowUnknown];
    else if (seen.has(row.id)) errors[`rows.${index}.id`] = [messages.invalidValue];
    else if (row.status !== 'not_shipped')
      errors[`rows.${index}.quantity`] = [messages.orderRowNotEditable.replace(':status', row.status)];
    else if (row.shippedQty > 0)
      errors[`rows.${index}.quantity`] = [
        fillMessage(messages.orderRowPartlyShipped, { count: row.shippedQty }),
      ];
    else if (change.quantity - row.cancelledQty < 1)
      errors[`rows.${index}.quantity`] = [messages.invalidValue];
    else if (change.quantity !== row.orderedQty) accepted.push({ row, quantity: change.quantity });
    seen.add(change.id);
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return accepted;
}

/**
 * PUT /api/orders/{orderNo}: edits what the input gives. Raising a row's quantity reserves more stock
 * (beyond stock: 409, or a backorder for pre-order and on-request products, whose ready quantity grows
 * only by what was allocated);
 * lowering it gives the reservation back and keeps ready units within the new residual. Totals follow.
 */
export async function editOrder(ctx: Writer, orderNo: string, input: OrderEditValues): Promise<Order> {
  return inTransaction(ctx, async (tx) => {
    const order = assertEditable(await edit.lockOrderByNo(tx.db, orderNo));
    const rows = await edit.lockOrderRows(tx.db, order.id);
    const changes = checkQuantityChanges(rows, input.rows ?? []);
    const fields: edit.OrderChanges = {
      ...(input.shipping_address && { shippingAddress: input.shipping_address }),
      ...(input.billing_address && { billingAddress: input.billing_address }),
      ...(input.customer_reference !== undefined && { customerReference: input.customer_reference }),
      ...(input.customer_reference_date !== undefined && {
        customerReferenceDate: input.customer_reference_date,
      }),
      ...(input.erp_order_reason !== undefined && { erpOrderReason: input.erp_order_reason }),
    };
    if (changes.length > 0) {
      await q.lockStocks(tx.db, [...new Set(changes.map((c) => c.row.productId))]);
      const resized = [];
      for (const { row, quantity } of changes) resized.push(await resizeRow(tx, row, quantity));
      await edit.updateRowQuantities(tx.db, resized);
      await recomputeOrderTotals(tx, order.id);
    }
    const updated = await edit.updateOrder(tx.db, order.id, fields);
    await queueErpSync(tx, { entity: 'order', entityId: order.id, key: order.orderNo, requested: true });
    return toOrderDto(
      (await q.findOrderByNo(tx.db, updated.orderNo))!,
      await q.listOrderRows(tx.db, order.id),
    );
  });
}

/** A product to add, and where the input named it (for a field error). */
type Wanted = { productId: number; isVariant: boolean; quantity: number; field: string; named: string };

/** The products the input names, one entry per product (the same one twice adds up); unknown ones 422, named. */
async function resolveProducts(ctx: Pick<Ctx, 'db'>, input: AddOrderRowsInput): Promise<Wanted[]> {
  const ids = input.rows.flatMap((r) => (r.product_id === undefined ? [] : [r.product_id]));
  const skus = input.rows.flatMap((r) => (r.product_id === undefined && r.sku ? [r.sku] : []));
  const found = await edit.findProductsByIdOrSku(ctx.db, ids, skus);
  const errors: Record<string, string[]> = {};
  const wanted = new Map<number, Wanted>();
  input.rows.forEach((r, index) => {
    const byId = r.product_id !== undefined;
    const product = found.find((p) => (byId ? p.id === r.product_id : p.sku === r.sku));
    const field = `rows.${index}.${byId ? 'product_id' : 'sku'}`;
    const named = String(r.product_id ?? r.sku);
    if (!product) {
      errors[field] = [messages.productNotFound.replace(':product', named)];
      return;
    }
    const seen = wanted.get(product.id);
    if (seen) seen.quantity += r.quantity;
    else
      wanted.set(product.id, {
        productId: product.id,
        isVariant: product.parentId !== null,
        quantity: r.quantity,
        field,
        named,
      });
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return [...wanted.values()];
}

/**
 * POST /api/order/{id}/rows: adds products to an order, priced for its customer today by the cart's
 * engine (base discount, rules, campaigns; DESIGN §6 rules 1–5) and reserved like checkout: sellable
 * today, within the cart's quantity limits and, unless pre-order or on request, within stock (409
 * otherwise). A product already on an editable row raises that row's quantity, at the row's own price.
 */
export async function addOrderRows(ctx: Writer, orderId: number, input: AddOrderRowsInput): Promise<Order> {
  return inTransaction(ctx, async (tx) => {
    const order = assertEditable(await edit.lockOrderById(tx.db, orderId));
    const rows = await edit.lockOrderRows(tx.db, order.id);
    const wanted = await resolveProducts(tx, input);
    await q.lockStocks(
      tx.db,
      wanted.map((w) => w.productId),
    );
    // Priced after the stock lock: the quote's availability is what this transaction reserves from.
    const lines: CartLineInput[] = wanted.map((w) => ({
      id: w.productId,
      isVariant: w.isVariant,
      quantity: w.quantity,
    }));
    const { quote } = await priceForCustomer(tx, {
      customerId: order.customerId,
      products: lines,
      inTransaction: true,
    });
    const refused = quote.removed[0];
    const notSold = refused?.reason === 'not_found' && wanted.find((w) => w.productId === refused.id);
    // A product the shop does not sell as it is (unlisted, sold by variant) is not one an order can have.
    if (notSold)
      throw ValidationError.field(notSold.field, messages.productNotFound.replace(':product', notSold.named));
    if (refused)
      throw new ConflictError(messages.outOfStock.replace(':product', refused.title ?? refused.sku ?? ''));
    const cut = quote.products.find((p) => p.quantity !== p.requested_quantity);
    if (cut)
      throw new ConflictError(
        messages.quantityChanged.replace(':quantity', String(cut.quantity)).replace(':product', cut.title),
      );

    const resized = [];
    const added = [];
    for (const p of quote.products) {
      const row = rows.find((r) => r.productId === p.id && isRowEditable(r));
      if (row) {
        const quantity = row.orderedQty + p.quantity;
        resized.push(await resizeRow(tx, row, quantity));
        continue;
      }
      const r = await planReservation(tx, p.id, p.quantity);
      // DESIGN §6 rule 9: never below zero for products that are not pre-order/on request.
      if (r.beyond > 0 && !p.is_preorder)
        throw new ConflictError(messages.outOfStock.replace(':product', p.title));
      await applyReservation(tx, p.id, r);
      added.push({
        orderId: order.id,
        productId: p.id,
        productSku: p.sku,
        description: p.title,
        orderedQty: p.quantity,
        readyQty: r.ready,
        discount: rateOff(p.price, p.unit_price),
        price: p.unit_price,
        vatRate: p.vatRate,
        subtotal: p.totalPrice,
        isPreorder: p.is_preorder,
        note: p.note,
        listPrice: p.price,
        priceBeforeCoupon: null,
      });
    }
    await edit.updateRowQuantities(tx.db, resized);
    if (added.length > 0) await q.insertOrderRows(tx.db, added);
    await recomputeOrderTotals(tx, order.id);
    const updated = await edit.updateOrder(tx.db, order.id, {});
    await queueErpSync(tx, { entity: 'order', entityId: order.id, key: order.orderNo, requested: true });
    return toOrderDto(
      (await q.findOrderByNo(tx.db, updated.orderNo))!,
      await q.listOrderRows(tx.db, order.id),
    );
  });
}
