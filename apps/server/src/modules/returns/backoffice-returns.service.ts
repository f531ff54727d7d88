import {
  type BackofficeReturnDetail,
  type BackofficeReturnListItem,
  type BackofficeReturnListQuery,
  canReturnTransition,
  type ErpReturnPush,
  fillMessage,
  messages,
  nextReturnStatuses,
  type Page,
  type ReceiveReturnRequest,
  type ReturnStatus,
  returnMessages,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { applyStockChanges } from '../backoffice-products/product-stock.service';
import { issueDocument } from '../documents/document-issue.service';
import { queueErpSync } from '../erp/erp.service';
import { recordReturnRefund, returnRefundMethod, startReturnRefund } from '../payments/refunds.service';
import { lockOpenRows, settleProductStock } from '../stock-movements/stock-allocation.service';
import { type ReturnStep, sendReturnMail } from './return-mail';
import { PHOTO_NAME, readPhoto } from './return-photos';
import * as q from './returns.queries';
import { mailTarget, returnViews, toCustomerReturn } from './returns.service';

/**
 * Returns in the back office (issue 21 point 5; DESIGN §6 rules 15 and 19): the list and detail, and
 * each step through the status machine, in one transaction with the return locked (409 when the machine
 * does not allow it): authorise (the next RMA number), refuse, cancel, receive (stock back in a
 * warehouse), credit (the credit note for what came back) and refund. Authorising, cancelling,
 * receiving and crediting queue the return for the ERP; every step is mailed to the customer.
 */

type Writer = Pick<Ctx, 'db' | 'actor' | 'now' | 'config' | 'mailer' | 'log'>;

/** GET /api/backoffice/returns: newest first, by status, order number or a search. */
export async function listBackofficeReturns(
  ctx: Pick<Ctx, 'db'>,
  query: BackofficeReturnListQuery,
): Promise<Page<BackofficeReturnListItem>> {
  const { page, per_page, ...filter } = query;
  const { rows, total } = await q.listReturns(ctx.db, filter, {
    limit: per_page,
    offset: (page - 1) * per_page,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      number: r.number,
      order_no: r.orderNo,
      customer: { id: r.customerId, name: r.customerName },
      created_at: r.createdAt.toISOString(),
      status: r.status,
      pieces: r.pieces,
    })),
    meta: { total, page, per_page },
  };
}

const creditTotal = (view: q.ReturnView) =>
  view.creditNote ? view.creditNote.amount + view.creditNote.vat : 0;

async function loadView(ctx: Pick<Ctx, 'db'>, id: number) {
  const { views, rows } = await returnViews(ctx, { ids: [id] });
  const view = views[0];
  if (!view) throw new NotFoundError();
  return { view, rows };
}

/** GET /api/backoffice/returns/{id}: the return with its rows, photos, credit note, refund and next steps. */
export async function getBackofficeReturn(ctx: Pick<Ctx, 'db'>, id: number): Promise<BackofficeReturnDetail> {
  const { view, rows } = await loadView(ctx, id);
  const r = view.ret;
  return {
    ...toCustomerReturn(view, rows),
    order_no: view.orderNo,
    customer: { id: r.customerId, name: view.customerName, email: view.customerEmail },
    photo_names: r.photos,
    warehouse: r.warehouseId && view.warehouseCode ? { id: r.warehouseId, code: view.warehouseCode } : null,
    refund_method: r.refundMethod ?? (await returnRefundMethod(ctx, r.orderId, creditTotal(view))),
    authorised_at: r.authorisedAt?.toISOString() ?? null,
    received_at: r.receivedAt?.toISOString() ?? null,
    credited_at: r.creditedAt?.toISOString() ?? null,
    next_statuses: [...nextReturnStatuses(r.status)],
  };
}

/** GET /api/backoffice/returns/{id}/photos/{name}: one of the return's photos (404 for any other name). */
export async function getReturnPhoto(
  ctx: Pick<Ctx, 'db' | 'config'>,
  id: number,
  name: string,
): Promise<Buffer> {
  const found = await q.findReturn(ctx.db, id);
  if (!found || !PHOTO_NAME.test(name) || !found.photos.includes(name)) throw new NotFoundError();
  return readPhoto(ctx.config.dataDir, id, name);
}

/** The return locked, and refused with 409 unless the status machine allows `to` from where it is. */
async function lockFor(tx: Pick<Ctx, 'db'>, id: number, to: ReturnStatus) {
  const locked = await q.lockReturn(tx.db, id);
  if (!locked) throw new NotFoundError();
  if (!canReturnTransition(locked.status, to))
    throw new ConflictError(fillMessage(returnMessages.transitionRefused, { from: locked.status, to }));
  return locked;
}

/** Queues the return for the ERP with the change (the outbox row commits with it), keyed by its number. */
function queueForErp(tx: Writer, ret: { id: number; number: string | null }) {
  return queueErpSync(tx, {
    entity: 'return',
    entityId: ret.id,
    key: ret.number ?? String(ret.id),
    requested: false,
  });
}

/** Runs a step in one transaction, then mails the customer and answers the return as staff see it. */
async function step(
  ctx: Writer,
  id: number,
  run: (tx: Writer) => Promise<ReturnStep>,
): Promise<BackofficeReturnDetail> {
  const mail = await inTransaction(ctx, run);
  const { view } = await loadView(ctx, id);
  sendReturnMail(ctx, mailTarget(view), mail);
  return getBackofficeReturn(ctx, id);
}

/** POST /api/backoffice/returns/{id}/authorise: the next RMA-{YYYY}-{NNNNNN} number and the instructions mailed. */
export function authoriseReturn(ctx: Writer, id: number, instructions: string) {
  return step(ctx, id, async (tx) => {
    await lockFor(tx, id, 'authorised');
    const year = Number(shopDate(tx.now()).slice(0, 4));
    const number = `RMA-${year}-${String(await q.takeNextNumber(tx.db, year)).padStart(6, '0')}`;
    await q.updateReturn(tx.db, id, { status: 'authorised', number, instructions, authorisedAt: tx.now() });
    await queueForErp(tx, { id, number });
    return { step: 'authorised', instructions };
  });
}

/** POST /api/backoffice/returns/{id}/refuse: the request refused with the staff's note, mailed. */
export function refuseReturn(ctx: Writer, id: number, note: string) {
  return step(ctx, id, async (tx) => {
    await lockFor(tx, id, 'refused');
    await q.updateReturn(tx.db, id, { status: 'refused', staffNote: note });
    return { step: 'refused', note };
  });
}

/** POST /api/backoffice/returns/{id}/cancel: an authorised return that will not come back; the ERP is told. */
export function cancelReturn(ctx: Writer, id: number, note: string) {
  return step(ctx, id, async (tx) => {
    const locked = await lockFor(tx, id, 'cancelled');
    await q.updateReturn(tx.db, id, { status: 'cancelled', staffNote: note });
    await queueForErp(tx, locked);
    return { step: 'cancelled', note };
  });
}

/**
 * POST /api/backoffice/returns/{id}/receive: what came back of every row (0 up to what was asked, at
 * least one unit in all) goes on hand in the warehouse, a 'return' warehouse transaction numbered with
 * the return recording the stock before and after, and the units go to order rows waiting for them
 * (DESIGN §6 rule 11). Products are taken in id order, each's open rows before its stock row, the order
 * every writer of stock takes them in.
 */
export function receiveReturn(ctx: Writer, id: number, input: ReceiveReturnRequest) {
  return step(ctx, id, async (tx) => {
    const locked = await lockFor(tx, id, 'received');
    if (!(await q.warehouseExists(tx.db, input.warehouse_id)))
      throw ValidationError.field('warehouse_id', returnMessages.warehouseNotFound);
    const rows = await q.listReturnRows(tx.db, [id]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    input.rows.forEach((given, index) => {
      const row = byId.get(given.row_id);
      if (!row)
        throw ValidationError.field(
          `rows.${index}.row_id`,
          fillMessage(returnMessages.rowNotFound, { row_id: given.row_id }),
        );
      if (given.quantity > row.quantity)
        throw ValidationError.field(
          `rows.${index}.quantity`,
          fillMessage(returnMessages.receiveBeyondAsked, {
            row_id: row.id,
            sku: row.sku,
            quantity: row.quantity,
          }),
        );
    });
    if (rows.some((r) => !input.rows.some((g) => g.row_id === r.id)))
      throw ValidationError.field('rows', returnMessages.receiveRowsMissing);
    const pieces = input.rows.reduce((sum, r) => sum + r.quantity, 0);
    if (pieces === 0) throw ValidationError.field('rows', returnMessages.receiveNothing);

    const back = new Map<number, { sku: string; quantity: number }>();
    for (const given of input.rows) {
      const row = byId.get(given.row_id)!;
      await q.updateReceivedQty(tx.db, row.id, given.quantity);
      if (given.quantity === 0) continue;
      const seen = back.get(row.productId);
      back.set(row.productId, { sku: row.sku, quantity: (seen?.quantity ?? 0) + given.quantity });
    }
    for (const [productId, { sku, quantity }] of [...back].sort(([a], [b]) => a - b)) {
      await lockOpenRows(tx, productId);
      const before = await q.lockOnHand(tx.db, productId, input.warehouse_id);
      await applyStockChanges(
        tx,
        [{ productId, sku, warehouseId: input.warehouse_id, onHand: before + quantity, onOrder: null }],
        { operation: 'return', number: locked.number ?? `RETURN-${id}` },
      );
      await settleProductStock(tx, productId, { allocate: true });
    }
    await q.updateReturn(tx.db, id, {
      status: 'received',
      warehouseId: input.warehouse_id,
      receivedAt: tx.now(),
    });
    await queueForErp(tx, locked);
    return { step: 'received', pieces };
  });
}

/**
 * POST /api/backoffice/returns/{id}/credit (DESIGN §6 rule 15): the credit note for the received units,
 * dated today in the shop's zone, each row at its order row's price and VAT rate (as the ERP's credit
 * notes are issued). The order stays locked meanwhile, so no other credit note takes the same units; a
 * row credited beyond what was shipped (the ERP credited it already) is refused with 409.
 */
export function creditReturn(ctx: Writer, id: number) {
  return step(ctx, id, async (tx) => {
    const locked = await lockFor(tx, id, 'credited');
    const order = (await q.lockOrder(tx.db, locked.orderId))!;
    const orderRows = new Map((await q.listOrderRows(tx.db, order.id)).map((r) => [r.id, r]));
    const received = (await q.listReturnRows(tx.db, [id])).filter((r) => (r.receivedQty ?? 0) > 0);
    const rows = received.map((r) => {
      const orderRow = orderRows.get(r.orderRowId)!;
      const left = orderRow.shippedQty - orderRow.credited;
      if (r.receivedQty! > left)
        throw new ConflictError(
          fillMessage(messages.creditNoteBeyondShipped, {
            row_id: orderRow.id,
            sku: orderRow.productSku,
            count: left,
          }),
        );
      return {
        orderRowId: orderRow.id,
        productSku: orderRow.productSku,
        description: orderRow.description,
        quantity: r.receivedQty!,
        price: orderRow.price,
        vatRate: orderRow.vatRate,
      };
    });
    const creditNote = await issueDocument(tx, {
      type: 'credit_note',
      customerId: order.customerId,
      orderId: order.id,
      date: shopDate(tx.now()),
      rows,
    });
    await q.updateReturn(tx.db, id, {
      status: 'credited',
      creditNoteId: creditNote.id,
      creditedAt: tx.now(),
    });
    await queueForErp(tx, locked);
    return {
      step: 'credited',
      creditNoteNumber: creditNote.number,
      total: creditNote.amount + creditNote.vat,
    };
  });
}

/**
 * POST /api/backoffice/returns/{id}/refund (DESIGN §6 rule 19: the refund follows the payment method):
 * the credit note's total (amount + VAT) goes back through the payments that took the order's money
 * when they can give it (the provider called first, with a key naming the return, so a retry refunds
 * once), else it is marked to be paid by bank transfer. Only once credited (409 before), only once (409
 * after).
 */
export async function refundReturn(ctx: Ctx, id: number): Promise<BackofficeReturnDetail> {
  const { view } = await loadView(ctx, id);
  const ret = view.ret;
  const refusal = (r: q.ReturnRecord) =>
    r.refundedAt
      ? new ConflictError(returnMessages.alreadyRefunded)
      : r.status !== 'credited'
        ? new ConflictError(returnMessages.notCredited)
        : null;
  const early = refusal(ret);
  if (early) throw early;
  const amount = creditTotal(view);
  const refund = await startReturnRefund(ctx, { orderId: ret.orderId, amount, key: `return-${ret.number}` });
  return step(ctx, id, async (tx) => {
    const locked = await q.lockReturn(tx.db, id);
    if (!locked) throw new NotFoundError();
    const late = refusal(locked);
    if (late) throw late;
    const reference = refund.method === 'gateway' ? await recordReturnRefund(tx, refund) : null;
    await q.updateReturn(tx.db, id, {
      refundMethod: refund.method,
      refundAmount: amount,
      refundReference: reference,
      refundedAt: tx.now(),
    });
    return { step: 'refunded', method: refund.method, amount };
  });
}

/**
 * What the ERP receives of each return (docs/erp-protocol.md), read for a batch of syncs at once:
 * missing when the return is gone.
 */
export async function returnErpPayloads(
  ctx: Pick<Ctx, 'db'>,
  ids: number[],
): Promise<Map<number, ErpReturnPush>> {
  if (ids.length === 0) return new Map();
  const { views, rows } = await returnViews(ctx, { ids });
  const creditRows = await q.listDocumentRows(
    ctx.db,
    views.flatMap((v) => (v.creditNote ? [v.creditNote.id] : [])),
  );
  return new Map(
    views.map((v) => {
      const r = v.ret;
      const note = v.creditNote;
      const body: ErpReturnPush = {
        number: r.number ?? String(r.id),
        order_no: v.orderNo,
        status: r.status,
        customer: { id: r.customerId, erp_code: v.customerErpCode },
        warehouse_id: r.warehouseId,
        rows: rows
          .filter((row) => row.returnId === r.id)
          .map((row) => ({
            order_row_id: row.orderRowId,
            sku: row.sku,
            quantity: row.quantity,
            received_qty: row.receivedQty,
            reason: row.reason,
            note: row.note,
          })),
        credit_note: note
          ? {
              number: note.number,
              date: note.date,
              amount: note.amount,
              vat: note.vat,
              rows: creditRows
                .filter((d) => d.documentId === note.id)
                .map((d) => ({
                  order_row_id: d.orderRowId,
                  sku: d.productSku,
                  description: d.description,
                  quantity: d.quantity,
                  price: d.price,
                  vat_rate: d.vatRate,
                  amount: d.amount,
                  vat: d.vat,
                })),
            }
          : null,
      };
      return [r.id, body];
    }),
  );
}
