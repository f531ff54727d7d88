import type { ErpSync, PlacedOrder } from '@shop/domain';
import { deliverByInject, type ErpSim, startErpSim } from '@shop/erp-sim';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueErpSyncs, erpSyncJobId, type Jobs, startJobs } from '../../lib/jobs';
import { addProduct, line, openShop, postOrder, rowsOf, type Shop } from '../orders/checkout.fixtures';

/**
 * The outbox delivered to the ERP simulator by the erp-sync queue (issue 8): retried with backoff while
 * the ERP is down, every attempt recorded, an order in the ERP once however often it is sent.
 */

const TOKEN = 'erp-delivery-token';
let sim: ErpSim;
let shop: Shop;
let jobs: Jobs | null = null;

beforeAll(async () => {
  sim = await startErpSim({ token: TOKEN });
  shop = await openShop({ ERP_URL: sim.url, ERP_TOKEN: TOKEN });
});
afterEach(async () => {
  await jobs?.stop();
  jobs = null;
  Object.assign(sim.store, { down: false, delayMs: 0, failNext: 0 });
});
afterAll(async () => {
  await shop.t.close();
  await sim.close();
});

async function waitFor<T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const start = (erpRetryLimit = 12) =>
  startJobs(shop.t.app.deps, shop.t.database, shop.t.app.log, {
    erpRetryDelaySeconds: 1,
    erpRetryLimit,
    pollingIntervalSeconds: 0.5,
  });

async function placeOrder(): Promise<string> {
  const product = await addProduct(shop.t.db, { stock: 10, price: 1500 });
  const placed = await postOrder(shop, 'company', { products: [line(product.id, 2)] });
  expect(placed.statusCode).toBe(201);
  return (placed.json() as PlacedOrder).order.orderNo;
}

async function syncsOf(orderNo: string): Promise<ErpSync[]> {
  const answer = await shop.clients.admin.get(`/api/orders/${orderNo}/erp-syncs`);
  expect(answer.statusCode).toBe(200);
  return answer.json() as ErpSync[];
}

describe('the erp-sync queue', () => {
  it('delivers an order placed while the ERP is down once, after it comes back, with every attempt recorded', async () => {
    sim.store.down = true;
    jobs = await start();
    const orderNo = await placeOrder();

    const failing = await waitFor(
      () => syncsOf(orderNo),
      (s) => s[0]!.attempts.length >= 2,
    );
    expect(failing).toHaveLength(1);
    expect(failing[0]!.status).toBe('queued');
    expect(failing[0]!.attempts.slice(0, 2)).toEqual([
      { at: expect.any(String), ok: false, answer: 'HTTP 503 {"message":"ERP unavailable"}' },
      { at: expect.any(String), ok: false, answer: 'HTTP 503 {"message":"ERP unavailable"}' },
    ]);
    expect(sim.store.orders.has(orderNo)).toBe(false);

    sim.store.down = false;
    const [sync] = await waitFor(
      () => syncsOf(orderNo),
      (s) => s[0]!.status === 'sent',
    );
    expect(sync!.status).toBe('sent');
    expect(sync!.sent_at).not.toBeNull();
    const received = sim.store.orders.get(orderNo)!;
    expect(received.received).toBe(1);
    expect(sync!.attempts.at(-1)).toEqual({
      at: expect.any(String),
      ok: true,
      answer: JSON.stringify({ erp_order_no: received.erp_order_no, duplicate: false }),
    });
    expect(sync!.attempts.filter((a) => a.ok)).toHaveLength(1);

    // What the ERP got is the order as the shop shows it, with the customer's ERP identity.
    const [row] = await rowsOf<{ price: number }>(
      shop.t.db,
      sql`select r.price from order_rows r join orders o on o.id = r.order_id where o.order_no = ${orderNo}`,
    );
    expect(received.order.rows.map((r) => [r.quantities.ordered, r.price])).toEqual([[2, row!.price]]);
    expect(received.order.customer).toMatchObject({ id: shop.ids.company, email: 'company@example.com' });
    const order = await shop.clients.admin.get(`/api/backoffice/orders/${orderNo}`);
    expect(order.json().erp_order_no).toBe(received.erp_order_no);
  });

  it('marks the sync failed when its last retry fails, and a re-send reaches the ERP once', async () => {
    sim.store.down = true;
    jobs = await start(1);
    const orderNo = await placeOrder();
    const [failed] = await waitFor(
      () => syncsOf(orderNo),
      (s) => s[0]!.status === 'failed',
    );
    expect(failed!.status).toBe('failed');
    expect(failed!.attempts.map((a) => a.ok)).toEqual([false, false]);
    // The job fails once the attempt is recorded.
    const [job] = await waitFor(
      () =>
        rowsOf<{ state: string; message: string }>(
          shop.t.db,
          sql`select state::text, output->>'message' as message from pgboss.job where name = 'erp-sync'
            and data->>'syncId' = ${String(failed!.id)}`,
        ),
      (jobs) => jobs[0]?.state === 'failed',
    );
    expect(job).toEqual({ state: 'failed', message: 'HTTP 503 {"message":"ERP unavailable"}' });

    sim.store.down = false;
    const resent = await shop.clients.admin.post(`/api/orders/${orderNo}/erp-sync`, {});
    expect(resent.statusCode).toBe(201);
    const syncs = await waitFor(
      () => syncsOf(orderNo),
      (s) => s[0]!.status === 'sent',
    );
    expect(syncs.map((s) => s.status)).toEqual(['sent', 'failed']);
    expect(syncs[0]!.requested_by).toBe('admin@example.com');

    // Sent again, the ERP recognises the order number: still one order there.
    await shop.clients.admin.post(`/api/orders/${orderNo}/erp-sync`, {});
    const again = await waitFor(
      () => syncsOf(orderNo),
      (s) => s[0]!.status === 'sent' && s.length === 3,
    );
    const erpOrderNo = sim.store.orders.get(orderNo)!.erp_order_no;
    expect(JSON.parse(again[0]!.attempts[0]!.answer)).toEqual({ erp_order_no: erpOrderNo, duplicate: true });
    expect(sim.store.orders.get(orderNo)!.received).toBe(2);
    expect([...sim.store.orders.keys()].filter((no) => no === orderNo)).toHaveLength(1);
  });

  it('pushes a customer linked to the ERP with its code', async () => {
    jobs = await start();
    const linked = await shop.clients.admin.post(`/api/customers/${shop.ids.private}/erp-link`, {
      erp_code: [...sim.store.customers.keys()][0],
    });
    expect(linked.statusCode).toBe(200);
    const code = linked.json().code as string;
    // The shop records the ERP's answer after the push: wait for that, then look at the ERP.
    const syncs = await waitFor(
      async () =>
        (await shop.clients.admin.get(`/api/customers/${shop.ids.private}/erp-syncs`)).json() as ErpSync[],
      (s) => s[0]?.status === 'sent',
    );
    expect(syncs[0]).toMatchObject({
      status: 'sent',
      attempts: [{ ok: true, answer: JSON.stringify({ code }) }],
    });
    expect(sim.store.shopCustomers.get(shop.ids.private)).toMatchObject({
      code,
      customer: { id: shop.ids.private, erp_code: code },
      received: 1,
    });
  });

  it('hands a sync to the queue once even when the relay hands it again after a crash', async () => {
    const orderNo = await placeOrder();
    const [sync] = await rowsOf<{ id: number }>(
      shop.t.db,
      sql`select s.id from erp_syncs s join orders o on o.id = s.entity_id
        where s.entity = 'order' and o.order_no = ${orderNo}`,
    );
    jobs = await start();
    await jobs.boss.offWork('erp-sync');
    // The relay handed it over; a crash before it marked the row makes the next start hand it again.
    await enqueueErpSyncs(jobs.boss, [sync!.id], { erpRetryDelaySeconds: 1, erpRetryLimit: 2 });
    await enqueueErpSyncs(jobs.boss, [sync!.id], { erpRetryDelaySeconds: 1, erpRetryLimit: 2 });
    const queued = await rowsOf<{ id: string }>(
      shop.t.db,
      sql`select id::text from pgboss.job where name = 'erp-sync' and data->>'syncId' = ${String(sync!.id)}`,
    );
    expect(queued).toEqual([{ id: erpSyncJobId(sync!.id) }]);
    await jobs.stop();

    jobs = await start();
    await waitFor(
      () => syncsOf(orderNo),
      (s) => s[0]!.status === 'sent',
    );
    expect(sim.store.orders.get(orderNo)!.received).toBe(1);
  });
});

describe("the ERP simulator's callbacks", () => {
  it('move a delivered order on, and the same callback replayed changes nothing', async () => {
    sim.setShop(deliverByInject(shop.t.app));
    // The simulator signs with the real time; the shop's clock must agree within 5 minutes.
    shop.t.clock.now = new Date();
    const orderNo = await placeOrder();
    const statusOf = async () =>
      (
        await rowsOf<{ status: string; changes: number }>(
          shop.t.db,
          sql`select o.status, (select count(*)::integer from order_status_changes c where c.order_id = o.id) as changes
          from orders o where o.order_no = ${orderNo}`,
        )
      )[0]!;
    const before = await statusOf();
    expect(before.status).toBe('registered');

    const sent = await sim.sendCallback('order.status', { order_no: orderNo, status: 'confirmed' });
    expect(sent.status).toBe(200);
    const after = await statusOf();
    expect(after).toEqual({ status: 'confirmed', changes: before.changes + 1 });

    const replayed = await sim.resend(sent.id);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ message: 'Callback already received.' });
    expect(await statusOf()).toEqual(after);
  });
});
