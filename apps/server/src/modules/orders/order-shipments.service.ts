import {
  fillMessage,
  INVOICE_CHARGES,
  messages,
  type ShipmentRequest,
  type ShipmentResult,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { applyStockChanges } from '../backoffice-products/product-stock.service';
import { standardVatRate } from '../cart/cart.service';
import { type IssueRow, issueDocument } from '../documents/document-issue.service';
import { lockOpenRowsOf, settleProductStock } from '../stock-movements/stock-allocation.service';
import * as bq from './backoffice-orders.queries';
import { residualOf } from './backoffice-orders.service';
import * as q from './orders.queries';
import { changeOrderStatus } from './orders.service';
import { release } from './stock-release.service';
import type { StockRow } from './stock-reservation';

/**
 * Staff confirming a shipment (SPEC §4 'mark a row shipped'; DESIGN §6 rules 10, 11, 15): in one
 * transaction a delivery note and an invoice for the shipped quantities, the stock leaving the
 * warehouse (on hand and the rows' reservations down, a warehouse transaction per product and
 * warehouse), the rows' quantities and statuses, and the order's status recorded in its history.
 */

type Writer = Pick<Ctx, 'db' | 'actor' | 'now' | 'config'>;

type Line = { index: number; row: q.OrderRowRecord; quantity: number; warehouseId: number };

/** The warehouse holding most of the product on hand (ties by warehouse id). */
function fullestWarehouse(stock: StockRow[]): number | undefined {
  return [...stock].sort((a, b) => b.onHand - a.onHand || a.warehouseId - b.warehouseId)[0]?.warehouseId;
}

/**
 * Each requested row matched to the order's, within its residual (422 naming the row), with the
 * warehouse it leaves from, and never more than is on hand there (counting earlier rows of the same
 * product): 422 on the row's quantity.
 */
function planLines(request: ShipmentRequest, rows: q.OrderRowRecord[], stock: StockRow[]): Line[] {
  const taken = new Map<string, number>();
  return request.rows.map((wanted, index) => {
    const row = rows.find((r) => r.id === wanted.id);
    if (!row) throw ValidationError.field(`rows.${index}.id`, messages.invalidValue);
    const residual = residualOf(row);
    if (wanted.quantity > residual)
      throw ValidationError.field(
        `rows.${index}.quantity`,
        fillMessage(messages.shipmentBeyondResidual, { sku: row.productSku, count: residual }),
      );
    const productStock = stock.filter((s) => s.productId === row.productId);
    const warehouseId = request.warehouse_id ?? fullestWarehouse(productStock);
    const key = `${row.productId}:${warehouseId}`;
    const onHand = productStock.find((s) => s.warehouseId === warehouseId)?.onHand ?? 0;
    const left = onHand - (taken.get(key) ?? 0);
    if (warehouseId === undefined || wanted.quantity > left)
      throw ValidationError.field(
        `rows.${index}.quantity`,
        fillMessage(messages.stockBelowZero, { quantity: Math.max(0, left) }),
      );
    taken.set(key, (taken.get(key) ?? 0) + wanted.quantity);
    return { index, row, quantity: wanted.quantity, warehouseId };
  });
}

/**
 * The reservations the shipped units held: first from the warehouse they leave, the rest where the
 * product is reserved elsewhere (the release order of DESIGN §6 rule 14).
 */
function reservationsTaken(lines: Line[], stock: StockRow[]) {
  const current = new Map(stock.map((s) => [s.id, { ...s }]));
  const changes = new Map<number, number>();
  const take = (stockId: number, quantity: number) => {
    current.get(stockId)!.ordered -= quantity;
    changes.set(stockId, (changes.get(stockId) ?? 0) - quantity);
  };
  for (const line of lines) {
    const rows = [...current.values()].filter((s) => s.productId === line.row.productId);
    const here = rows.find((s) => s.warehouseId === line.warehouseId)!;
    const fromHere = Math.min(line.quantity, Math.max(0, here.ordered));
    if (fromHere > 0) take(here.id, fromHere);
    for (const elsewhere of release(
      rows.filter((s) => s.id !== here.id),
      line.quantity - fromHere,
    ))
      take(elsewhere.stockId, elsewhere.quantity);
  }
  return [...changes].map(([stockId, quantity]) => ({ stockId, quantity }));
}

/** The on hand of each (product, warehouse) after the shipment. */
function onHandAfter(lines: Line[], stock: StockRow[]) {
  const after = new Map<string, { productId: number; sku: string; warehouseId: number; onHand: number }>();
  for (const line of lines) {
    const key = `${line.row.productId}:${line.warehouseId}`;
    const start = stock.find(
      (s) => s.productId === line.row.productId && s.warehouseId === line.warehouseId,
    )!.onHand;
    const entry = after.get(key) ?? {
      productId: line.row.productId,
      sku: line.row.productSku,
      warehouseId: line.warehouseId,
      onHand: start,
    };
    entry.onHand -= line.quantity;
    after.set(key, entry);
  }
  return [...after.values()];
}

/**
 * The order's shipping costs and cash-on-delivery fee, on its first invoice only: at the shipping
 * method's VAT rate (the shop's standard rate without one), none for a VAT-exempt customer.
 */
async function invoiceCharges(tx: Writer, orderId: number): Promise<IssueRow[]> {
  const order = await bq.findInvoiceCharges(tx.db, orderId);
  if (!order || order.invoiced) return [];
  const rate = order.methodVatRate ?? (await standardVatRate(tx));
  const vatRate = order.taxRule === 'exempt' ? 0 : rate;
  const charge = (what: { sku: string; description: string }, price: number): IssueRow[] =>
    price > 0
      ? [
          {
            orderRowId: null,
            productSku: what.sku,
            description: what.description,
            quantity: 1,
            price,
            vatRate,
          },
        ]
      : [];
  return [
    ...charge(INVOICE_CHARGES.shipping, order.shippingCosts),
    ...charge(INVOICE_CHARGES.codFee, order.paymentFee),
  ];
}

/**
 * POST /api/orders/{orderNo}/shipments: only while the order is on_ship or partially_shipped (409
 * otherwise). Any bad row refuses the whole shipment (422) and nothing is written. The order becomes
 * (or stays) partially_shipped while units are left, else shipped; the stock leaves as a 'sale'.
 */
export async function shipOrderRows(
  ctx: Writer,
  orderNo: string,
  request: ShipmentRequest,
): Promise<ShipmentResult> {
  return inTransaction(ctx, async (tx) => {
    const found = await q.findOrderByNo(tx.db, orderNo);
    if (!found) throw new NotFoundError();
    const order = await q.lockOrderStatus(tx.db, found.id);
    if (!order) throw new NotFoundError();
    if (order.status !== 'on_ship' && order.status !== 'partially_shipped')
      throw new ConflictError(fillMessage(messages.shipmentNotOnShip, { status: order.status }));
    if (request.warehouse_id !== undefined && !(await bq.warehouseExists(tx.db, request.warehouse_id)))
      throw ValidationError.field('warehouse_id', messages.invalidValue);
    const rows = await bq.lockOrderRows(tx.db, order.id);
    const productIds = [...new Set(rows.map((r) => r.productId))];
    // Open rows before stock rows: the order every writer of on hand takes them in.
    await lockOpenRowsOf(tx, productIds);
    const stock = await q.lockStocks(tx.db, productIds);
    const lines = planLines(request, rows, stock);

    const date = shopDate(ctx.now());
    const goods: IssueRow[] = lines.map((l) => ({
      orderRowId: l.row.id,
      productSku: l.row.productSku,
      description: l.row.description,
      quantity: l.quantity,
      price: l.row.price,
      vatRate: l.row.vatRate,
    }));
    const document = { customerId: found.customerId, orderId: order.id, date, rows: goods };
    const deliveryNote = await issueDocument(tx, { type: 'delivery_note', ...document });
    const charges = await invoiceCharges(tx, order.id);
    const invoice = await issueDocument(tx, { type: 'invoice', ...document, rows: [...goods, ...charges] });

    await q.reserveStocks(tx.db, reservationsTaken(lines, stock));
    await applyStockChanges(
      tx,
      onHandAfter(lines, stock).map((s) => ({ ...s, onOrder: null })),
      { operation: 'sale', number: deliveryNote.number, date },
    );

    const shippedNow = new Map<number, number>();
    for (const l of lines) shippedNow.set(l.row.id, (shippedNow.get(l.row.id) ?? 0) + l.quantity);
    let residualLeft = 0;
    for (const row of rows) {
      const shipped = shippedNow.get(row.id) ?? 0;
      const left = residualOf(row) - shipped;
      residualLeft += left;
      if (shipped === 0) continue;
      await bq.updateOrderRow(tx.db, row.id, {
        shippedQty: row.shippedQty + shipped,
        readyQty: Math.min(Math.max(0, row.readyQty - shipped), left),
        status: left === 0 ? 'shipped' : row.status,
      });
    }
    // Less on hand: ready units beyond it are taken back from other open rows (DESIGN §6 rule 11).
    for (const productId of new Set(lines.map((l) => l.row.productId)))
      await settleProductStock(tx, productId, { allocate: false });
    const status = residualLeft > 0 ? 'partially_shipped' : 'shipped';
    if (status !== order.status) await changeOrderStatus(tx, order.id, status, ctx.actor?.userId ?? null);
    return { delivery_note: deliveryNote, invoice, status };
  });
}
