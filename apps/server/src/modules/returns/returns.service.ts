import {
  type CreateReturnRequest,
  type CustomerReturn,
  fillMessage,
  type OrderReturns,
  RETURN_MAX_PHOTOS,
  type ReturnableRow,
  returnableQuantity,
  returnMessages,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { getOrderForActor } from '../orders/orders.service';
import { sendReturnMail } from './return-mail';
import { processPhoto, removePhotos, storePhotos } from './return-photos';
import * as q from './returns.queries';

/**
 * Returns as the customer asks them (issue 21 point 5; DESIGN §6 rule 19): from the order page, rows
 * shipped and not yet returned, with a reason and optional photos. Staff's side is in
 * backoffice-returns.service.ts.
 */

type Row = Awaited<ReturnType<typeof q.listReturnRows>>[number];

/** A return as its customer sees it, from its view and its rows. */
export function toCustomerReturn(view: q.ReturnView, rows: Row[]): CustomerReturn {
  const r = view.ret;
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    rows: rows
      .filter((row) => row.returnId === r.id)
      .map((row) => ({
        id: row.id,
        order_row_id: row.orderRowId,
        sku: row.sku,
        description: row.description,
        shipped: row.shipped,
        quantity: row.quantity,
        received_qty: row.receivedQty,
        reason: row.reason,
        note: row.note,
      })),
    photos: r.photos.length,
    instructions: r.instructions,
    staff_note: r.staffNote,
    credit_note: view.creditNote,
    refund:
      r.refundMethod && r.refundedAt
        ? {
            method: r.refundMethod,
            amount: r.refundAmount ?? 0,
            reference: r.refundReference,
            refunded_at: r.refundedAt.toISOString(),
          }
        : null,
  };
}

/** The returns of these ids, newest first, each with its rows. */
export async function returnViews(ctx: Pick<Ctx, 'db'>, by: Parameters<typeof q.listReturnViews>[1]) {
  const views = await q.listReturnViews(ctx.db, by);
  const rows = await q.listReturnRows(
    ctx.db,
    views.map((v) => v.ret.id),
  );
  return { views, rows };
}

/** What of each shipped row may still be returned: shipped less what the order's other returns hold. */
async function returnableRows(ctx: Pick<Ctx, 'db'>, orderId: number): Promise<ReturnableRow[]> {
  const [rows, held] = await Promise.all([
    q.listOrderRows(ctx.db, orderId),
    q.listOrderReturnRows(ctx.db, orderId),
  ]);
  return rows
    .filter((r) => r.shippedQty > 0)
    .map((r) => ({
      row_id: r.id,
      sku: r.productSku,
      description: r.description,
      shipped: r.shippedQty,
      returnable: returnableQuantity(
        r.shippedQty,
        held.filter((h) => h.orderRowId === r.id),
      ),
    }));
}

/** GET /api/orders/{orderNo}/returns: the order's returns and what may still be returned (404 for another customer's order). */
export async function listOrderReturns(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  orderNo: string,
): Promise<OrderReturns> {
  const order = await getOrderForActor(ctx, orderNo);
  const { views, rows } = await returnViews(ctx, { orderId: order.id });
  return {
    data: views.map((v) => toCustomerReturn(v, rows)),
    returnable: await returnableRows(ctx, order.id),
  };
}

/**
 * POST /api/orders/{orderNo}/returns: the customer asks to return shipped rows. The order stays locked
 * while the quantities are checked and the return written, so two requests at once cannot together
 * ask back more than was shipped. A row of another order answers 404; a row not shipped, or a quantity
 * over what is left to return, 422 on that row. The customer is mailed once it is written.
 */
export async function createReturn(
  ctx: Ctx,
  orderNo: string,
  input: CreateReturnRequest,
): Promise<CustomerReturn> {
  const actor = ctx.actor;
  if (!actor) throw new UnauthenticatedError();
  const order = await getOrderForActor(ctx, orderNo);
  const id = await inTransaction(ctx, async (tx) => {
    const locked = await q.lockOrder(tx.db, order.id);
    if (!locked) throw new NotFoundError();
    const returnable = new Map((await returnableRows(tx, locked.id)).map((r) => [r.row_id, r]));
    const orderRows = new Map((await q.listOrderRows(tx.db, locked.id)).map((r) => [r.id, r]));
    input.rows.forEach((row, index) => {
      const orderRow = orderRows.get(row.row_id);
      if (!orderRow) throw new NotFoundError(fillMessage(returnMessages.rowNotFound, { row_id: row.row_id }));
      const left = returnable.get(row.row_id);
      if (!left)
        throw ValidationError.field(
          `rows.${index}.row_id`,
          fillMessage(returnMessages.rowNotShipped, { row_id: row.row_id, sku: orderRow.productSku }),
        );
      if (row.quantity > left.returnable)
        throw ValidationError.field(
          `rows.${index}.quantity`,
          fillMessage(returnMessages.beyondReturnable, {
            row_id: row.row_id,
            sku: orderRow.productSku,
            quantity: left.returnable,
          }),
        );
    });
    const created = await q.insertReturn(tx.db, {
      orderId: locked.id,
      customerId: locked.customerId,
      requestedByUserId: actor.userId,
    });
    await q.insertReturnRows(
      tx.db,
      input.rows.map((r) => ({
        returnId: created.id,
        orderRowId: r.row_id,
        quantity: r.quantity,
        reason: r.reason,
        note: r.note || null,
      })),
    );
    return created.id;
  });
  const { views, rows } = await returnViews(ctx, { ids: [id] });
  const view = views[0]!;
  sendReturnMail(ctx, mailTarget(view), {
    step: 'requested',
    pieces: input.rows.reduce((sum, r) => sum + r.quantity, 0),
  });
  return toCustomerReturn(view, rows);
}

/** Who a return's mails go to: its customer, in his language. */
export const mailTarget = (view: q.ReturnView) => ({
  email: view.customerEmail,
  language: view.customerLanguage,
  orderNo: view.orderNo,
  number: view.ret.number,
});

/** The return as its customer (or staff) may see it; 404 for another customer's. */
async function requireOwnReturn(ctx: Pick<Ctx, 'db' | 'actor'>, id: number) {
  const actor = ctx.actor;
  if (!actor) throw new UnauthenticatedError();
  const found = await q.findReturn(ctx.db, id);
  if (!found || (!actor.isSuperAdmin && found.customerId !== actor.customerId)) throw new NotFoundError();
  return found;
}

/**
 * POST /api/returns/{id}/photos: up to RETURN_MAX_PHOTOS photos in all, while the return waits for
 * authorisation (409 after). The files are written before the return records them; if the return
 * changed meanwhile they are removed again.
 */
export async function addReturnPhotos(ctx: Ctx, id: number, files: Buffer[]): Promise<CustomerReturn> {
  const found = await requireOwnReturn(ctx, id);
  const tooMany = () =>
    ValidationError.field('photos', fillMessage(returnMessages.photosTooMany, { max: RETURN_MAX_PHOTOS }));
  if (found.status !== 'requested') throw new ConflictError(returnMessages.photosClosed);
  if (found.photos.length + files.length > RETURN_MAX_PHOTOS) throw tooMany();
  const photos: Buffer[] = [];
  for (const file of files) photos.push(await processPhoto(file));
  const names = await storePhotos(ctx.config.dataDir, id, photos);
  try {
    await inTransaction(ctx, async (tx) => {
      const locked = (await q.lockReturn(tx.db, id))!;
      if (locked.status !== 'requested') throw new ConflictError(returnMessages.photosClosed);
      if (locked.photos.length + names.length > RETURN_MAX_PHOTOS) throw tooMany();
      await q.updateReturn(tx.db, id, { photos: [...locked.photos, ...names] });
    });
  } catch (error) {
    await removePhotos(ctx.config.dataDir, id, names);
    throw error;
  }
  const { views, rows } = await returnViews(ctx, { ids: [id] });
  return toCustomerReturn(views[0]!, rows);
}
