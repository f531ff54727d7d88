import {
  canRequestShipping,
  messages,
  type ProcessingDate,
  processingDate,
  rowNotReadyMessage,
  type ShippingRequest,
  type ShippingRequestInput,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { fingerprint } from '../../lib/crypto';
import { ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import * as q from './customer-orders.queries';
import { toCustomerRowDto } from './orders-list.service';

/**
 * Shipping requests (DESIGN §6 rule 12, SPEC §9): the customer asks for their ready rows to be
 * shipped; the request is processed today when received by 14:00 Europe/Rome, else the next day.
 */

/** GET …/shipping-requests/processing-date: the day a request made now would be processed. */
export function currentProcessingDate(ctx: Pick<Ctx, 'now'>): ProcessingDate {
  return { processing_date: processingDate(ctx.now()) };
}

type Written = ShippingRequest & { created: boolean };

async function answerOf(
  ctx: Pick<Ctx, 'db'>,
  request: { id: number; processingDate: string; requestedByEmail: string | null },
  created: boolean,
): Promise<Written> {
  const rows = await q.listRowsOfRequest(ctx.db, request.id);
  return {
    id: request.id,
    processing_date: request.processingDate,
    requested_by: request.requestedByEmail,
    rows: rows.map(toCustomerRowDto),
    created,
  };
}

/** An Idempotency-Key and the fingerprint of the request sent with it. */
type Idempotency = { key: string; hash: string } | undefined;

/** The request a key wrote, answered again; the same key with other rows is refused (422). */
async function findReplay(ctx: Pick<Ctx, 'db'>, customerId: number, idempotency: Idempotency) {
  const existing = idempotency
    ? await q.findShippingRequestByKey(ctx.db, customerId, idempotency.key)
    : undefined;
  if (existing?.idempotencyFingerprint && existing.idempotencyFingerprint !== idempotency?.hash)
    throw ValidationError.field('idempotency-key', messages.idempotencyKeyReused);
  return existing && answerOf(ctx, existing, false);
}

/**
 * The transaction: the rows are locked, each must be the customer's (else 422 'Invalid value', so
 * another customer's row tells nothing about itself) and shippable (else 422 naming it); then the
 * request is written and its rows go on_shipping. A row moves whole, its not-ready part included:
 * that part stays a backorder (GET …/backorders) until stock covers it or it is cancelled.
 */
async function writeRequest(
  ctx: Ctx,
  customerId: number,
  input: ShippingRequestInput,
  idempotency: Idempotency,
): Promise<Written> {
  return inTransaction(ctx, async (tx) => {
    const ids = [...new Set(input.row_ids)];
    const rows = await q.lockRows(tx.db, ids);
    const replay = await findReplay(tx, customerId, idempotency);
    if (replay) return replay;
    if (rows.length !== ids.length || rows.some((r) => r.customerId !== customerId))
      throw ValidationError.field('row_ids', messages.invalidValue);
    for (const id of ids) {
      const row = rows.find((r) => r.id === id)!;
      const shippable = canRequestShipping({
        status: row.status,
        ready: row.readyQty,
        residual: row.orderedQty - row.shippedQty - row.cancelledQty,
        orderStatus: row.orderStatus,
      });
      if (!shippable) throw ValidationError.field('row_ids', rowNotReadyMessage(row.productSku, row.orderNo));
    }
    const request = await q.insertShippingRequest(tx.db, {
      customerId,
      userId: tx.actor?.userId ?? null,
      // Issue 19 point 4: the customer's user who asked (also when staff are signed in as him).
      requestedByEmail: tx.actor?.email ?? null,
      processingDate: processingDate(tx.now()),
      idempotencyKey: idempotency?.key ?? null,
      idempotencyFingerprint: idempotency?.hash ?? null,
    });
    await q.putRowsOnShipping(tx.db, ids, request.id);
    return answerOf(tx, request, true);
  });
}

/**
 * POST /api/customers/{id}/shipping-requests: one request per Idempotency-Key and customer; the same
 * key again answers the same request (`created` false) and writes nothing, also when retries race.
 */
export async function requestShipping(
  ctx: Ctx,
  customerId: number,
  input: ShippingRequestInput,
  key: string | undefined,
): Promise<Written> {
  const idempotency = key ? { key, hash: fingerprint(input) } : undefined;
  let written = await findReplay(ctx, customerId, idempotency);
  try {
    written ??= await writeRequest(ctx, customerId, input, idempotency);
  } catch (error) {
    // A concurrent retry with the same key won the race to the unique index: answer with its request.
    written = isUniqueViolation(error, 'shipping_requests_customer_id_idempotency_key_index')
      ? await findReplay(ctx, customerId, idempotency)
      : undefined;
    if (!written) throw error;
  }
  return written;
}
