import type { ErpCustomerPush, ErpOrderPush, ErpReturnPush } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { inTransaction } from '../../lib/transaction';
import { toOrderDto } from '../orders/order-dto';
import { returnErpPayloads } from '../returns/backoffice-returns.service';
import { type ErpConnector, ErpUnreachableError } from './erp.connector';
import * as q from './erp-delivery.queries';

/**
 * Delivering the outbox to the ERP (DESIGN §8, docs/erp-protocol.md). A sync row committed with its
 * change is handed to the erp-sync queue by the relay, and its job pushes it: the order's number is the
 * ERP's idempotency key, so a push repeated after a crash or a lost answer changes nothing there.
 * Every attempt is recorded with the ERP's answer.
 */

type Worker = Pick<Ctx, 'db' | 'now' | 'log'>;

/**
 * The relay: hands up to `limit` queued syncs to the job queue (`enqueue` derives each job's id from
 * the sync's, so handing one again after a crash adds nothing) and marks them handed. Answers how many.
 */
export async function dispatchQueuedSyncs(
  ctx: Pick<Ctx, 'db' | 'now'>,
  enqueue: (syncIds: number[]) => Promise<void>,
  limit: number,
): Promise<number> {
  const ids = await q.listUndispatched(ctx.db, limit);
  if (ids.length === 0) return 0;
  await enqueue(ids);
  await q.markDispatched(ctx.db, ids, ctx.now());
  return ids.length;
}

/** One job of the erp-sync queue: its sync, and whether the queue will not retry it again. */
export type SyncJob = { syncId: number; lastAttempt: boolean };

type Payload =
  | { entity: 'order'; body: ErpOrderPush }
  | { entity: 'customer'; body: ErpCustomerPush }
  | { entity: 'return'; body: ErpReturnPush };
type Attempt = { syncId: number; ok: boolean; answer: string; final: boolean; erpOrderNo?: string };

/**
 * Pushes a batch of syncs to the ERP side by side and records every attempt in one transaction.
 * Answers the syncs whose push failed, with the ERP's answer: their jobs are retried later; on a job's last attempt
 * its sync is marked failed (a 'Re-send to ERP' or a retry from the queue page tries again). A sync
 * already sent is skipped; one whose order or customer is gone fails for good.
 */
export async function deliverSyncs(
  ctx: Worker,
  erp: ErpConnector,
  jobs: SyncJob[],
): Promise<Map<number, string>> {
  const lastAttempt = new Map(jobs.map((j) => [j.syncId, j.lastAttempt]));
  const syncs = (
    await q.listSyncs(
      ctx.db,
      jobs.map((j) => j.syncId),
    )
  ).filter((s) => s.status !== 'sent');
  const payloads = await payloadsOf(ctx, syncs);
  const failures = new Map<number, string>();
  const attempts = await Promise.all(
    syncs.map(async (sync): Promise<Attempt> => {
      const payload = payloads.get(sync.id);
      if (!payload)
        return { syncId: sync.id, ok: false, answer: `The ${sync.entity} no longer exists.`, final: true };
      try {
        const answer =
          payload.entity === 'order'
            ? await erp.pushOrder(payload.body)
            : payload.entity === 'return'
              ? await erp.pushReturn(payload.body)
              : await erp.pushCustomer(payload.body);
        return {
          syncId: sync.id,
          ok: true,
          answer: JSON.stringify(answer),
          final: false,
          ...('erp_order_no' in answer ? { erpOrderNo: answer.erp_order_no } : {}),
        };
      } catch (error) {
        const answer = error instanceof ErpUnreachableError ? error.answer : String(error);
        failures.set(sync.id, answer);
        ctx.log.warn({ syncId: sync.id, entity: sync.entity, answer }, 'ERP sync attempt failed');
        return { syncId: sync.id, ok: false, answer, final: lastAttempt.get(sync.id) ?? false };
      }
    }),
  );
  const orderOf = new Map(syncs.filter((s) => s.entity === 'order').map((s) => [s.id, s.entityId]));
  await inTransaction(ctx, async (tx) => {
    await q.insertAttempts(
      tx.db,
      attempts.map((a) => ({ syncId: a.syncId, ok: a.ok, answer: a.answer })),
    );
    await q.markSent(
      tx.db,
      attempts.filter((a) => a.ok).map((a) => a.syncId),
      tx.now(),
    );
    await q.markFailed(
      tx.db,
      attempts.filter((a) => !a.ok && a.final).map((a) => a.syncId),
    );
    await q.setErpOrderNos(
      tx.db,
      attempts.flatMap((a) =>
        a.erpOrderNo ? [{ order_id: orderOf.get(a.syncId)!, erp_order_no: a.erpOrderNo }] : [],
      ),
    );
  });
  return failures;
}

/**
 * What each sync sends, read for the whole batch at once: an order as the API shows it with its
 * customer's ERP identity, a customer's record, or a return with its credit note (issue 21 point 5).
 * Missing when the order, customer or return is gone.
 */
async function payloadsOf(
  ctx: Worker,
  syncs: { id: number; entity: string; entityId: number }[],
): Promise<Map<number, Payload>> {
  const idsOf = (entity: string) => syncs.filter((s) => s.entity === entity).map((s) => s.entityId);
  const orderIds = idsOf('order');
  const [orders, rows] = orderIds.length
    ? await Promise.all([q.listOrders(ctx.db, orderIds), q.listOrderRows(ctx.db, orderIds)])
    : [[], []];
  const customerIds = [...new Set([...idsOf('customer'), ...orders.map((o) => o.customerId)])];
  const customers = new Map(
    (customerIds.length ? await q.listCustomers(ctx.db, customerIds) : []).map((c) => [c.id, c]),
  );
  const returns = await returnErpPayloads(ctx, idsOf('return'));
  const payloads = new Map<number, Payload>();
  for (const sync of syncs) {
    if (sync.entity === 'return') {
      const body = returns.get(sync.entityId);
      if (body) payloads.set(sync.id, { entity: 'return', body });
    } else if (sync.entity === 'order') {
      const order = orders.find((o) => o.id === sync.entityId);
      const customer = order && customers.get(order.customerId);
      if (!order || !customer) continue;
      const body: ErpOrderPush = {
        ...toOrderDto(
          order,
          rows.filter((r) => r.orderId === order.id),
        ),
        customer: {
          id: customer.id,
          erp_code: customer.erpCode,
          email: customer.email,
          name: customer.company ?? [customer.firstname, customer.lastname].filter(Boolean).join(' '),
          vat_id: customer.vatId,
        },
      };
      payloads.set(sync.id, { entity: 'order', body });
    } else {
      const c = customers.get(sync.entityId);
      if (!c) continue;
      payloads.set(sync.id, {
        entity: 'customer',
        body: {
          id: c.id,
          erp_code: c.erpCode,
          type: c.type,
          company: c.company,
          firstname: c.firstname,
          lastname: c.lastname,
          email: c.email,
          vat_id: c.vatId,
          tax_number: c.taxNumber,
          sdi_code: c.sdiCode,
          pec: c.pec,
          country: c.country,
        },
      });
    }
  }
  return payloads;
}
