import {
  companyMessages,
  type Order,
  type OrderToApprove,
  type PlacedOrder,
  rowNotReadyMessage,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo';
import type { TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { cancelUnpaidOrders } from './cancel-unpaid.service';
import {
  addProduct,
  addressesOf,
  line,
  newKey,
  openShop,
  rowsOf,
  type Shop,
  stockOf,
} from './checkout.fixtures';

/**
 * Spending limits and approval (issue 19 point 3, DESIGN §6 rule 18) and who did what (point 4): an
 * order over a buyer's limit waits in awaiting_approval with its stock reserved and nothing sent to the
 * ERP; an approver of the same customer approves it (status of its payment method, ERP sync queued once)
 * or rejects it (cancelled, stock released), the buyer may withdraw it.
 */

let shop: Shop;
let company: number;
let buyer: TestClient;
let approver: TestClient;
let viewer: TestClient;
const APPROVER = 'approver@example.com';

async function signIn(email: string, password = PASSWORD) {
  const client = shop.t.client();
  expect((await client.login(email, password)).statusCode).toBe(200);
  return client;
}

beforeAll(async () => {
  shop = await openShop();
  company = shop.ids.company;
  await createUser(shop.t.db, { customerId: company, role: 'approver', email: APPROVER });
  buyer = await signIn(ACCOUNTS.buyer, DEMO_PASSWORD);
  viewer = await signIn(ACCOUNTS.accounts, DEMO_PASSWORD);
  approver = await signIn(APPROVER);
});
afterAll(() => shop.t.close());

/** POST /api/orders as `client`, a user of company@example.com's customer, to its default addresses. */
async function order(client: TestClient, products: ReturnType<typeof line>[], payment_method = 'as_agreed') {
  const res = await client.post(
    '/api/orders',
    { payment_method, products, ...(await addressesOf(shop, 'company')) },
    newKey(),
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as PlacedOrder).order;
}

/** An order of buyer@example.com of `units` × 200.00 € net: 3 units are over his 500 € per-order limit. */
async function buyerOrder(units: number, payment_method = 'as_agreed') {
  const p = await addProduct(shop.t.db, { price: 20000, stock: 10 });
  return { product: p, order: await order(buyer, [line(p.id, units)], payment_method) };
}

const erpSyncsOf = async (orderId: number) =>
  (
    await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::integer as n from erp_syncs where entity = 'order' and entity_id = ${orderId}`,
    )
  )[0]!.n;

const mailsTo = (to: string, orderNo: string) =>
  shop.t.mails.filter((m) => m.to === to && m.subject.includes(orderNo));

const decide = (
  client: TestClient,
  orderNo: string,
  what: 'approve' | 'reject' | 'withdraw',
  note?: string,
) => client.post(`/api/orders/${orderNo}/${what}`, note === undefined ? {} : { note });

describe('placing an order with spending limits', () => {
  it('places an order within the limit as usual: registered, ERP sync queued once, placed_by the buyer', async () => {
    const { order: placed } = await buyerOrder(1);
    expect(placed.total_without_taxes).toBeLessThanOrEqual(50000);
    expect(placed).toMatchObject({
      status: 'registered',
      channel: 'web',
      approval: null,
      placed_by: { email: ACCOUNTS.buyer, staff_email: null },
    });
    expect(await erpSyncsOf(placed.id)).toBe(1);
    expect(mailsTo(ACCOUNTS.buyer, placed.orderNo)).toHaveLength(1);
  });

  it('places an order over the per-order limit awaiting approval: stock reserved, no ERP sync, approvers mailed', async () => {
    const mailsBefore = shop.t.mails.length;
    const { product, order: placed } = await buyerOrder(3);
    expect(placed.total_without_taxes).toBeGreaterThan(50000);
    expect(placed).toMatchObject({
      status: 'awaiting_approval',
      approval: { reason: 'order_limit', outcome: null, decided_by: null, decided_at: null, note: null },
    });
    expect(await stockOf(shop.t.db, product.id)).toMatchObject({ ordered: 3, available: 7 });
    expect(await erpSyncsOf(placed.id)).toBe(0);
    const sent = shop.t.mails.slice(mailsBefore);
    // The buyer's confirmation says it waits; company admin and approver are asked, the viewer is not.
    expect(sent.find((m) => m.to === ACCOUNTS.buyer)?.text).toContain("waits for your company's approval");
    expect(
      sent
        .filter((m) => m.subject.includes('waits for your approval'))
        .map((m) => m.to)
        .sort(),
    ).toEqual([APPROVER, ACCOUNTS.company].sort());
    expect(sent.find((m) => m.to === APPROVER)?.text).toContain('/profile/approvals');
  });

  it('counts the month: a second order over the monthly limit waits, the first went through', async () => {
    const { user } = await createUser(shop.t.db, { customerId: company, role: 'buyer', monthlyLimit: 30000 });
    const monthly = await signIn(user.email);
    const p = await addProduct(shop.t.db, { price: 20000, stock: 10 });
    const first = await order(monthly, [line(p.id)]);
    const second = await order(monthly, [line(p.id)]);
    expect(first.total_without_taxes + second.total_without_taxes).toBeGreaterThan(30000);
    expect([first.status, first.approval]).toEqual(['registered', null]);
    expect(second).toMatchObject({ status: 'awaiting_approval', approval: { reason: 'monthly_limit' } });
  });

  it('puts no limit on a company admin nor on staff ordering directly', async () => {
    const p = await addProduct(shop.t.db, { price: 20000, stock: 10 });
    expect((await order(shop.clients.company, [line(p.id, 5)])).status).toBe('registered');
    const res = await shop.clients.admin.post(
      '/api/orders',
      {
        customer_id: company,
        payment_method: 'as_agreed',
        products: [line(p.id, 5)],
        ...(await addressesOf(shop, 'company')),
      },
      newKey(),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      status: 'registered',
      channel: 'backoffice',
      placed_by: { email: null, staff_email: ACCOUNTS.admin },
    });
  });
});

describe('staff signed in as a customer user (issue 19 point 5)', () => {
  /** admin@example.com's browser, signed in as `email` of company@example.com's customer. */
  async function staffAs(email: string) {
    const browser = await signIn(ACCOUNTS.admin, DEMO_PASSWORD);
    const [user] = await rowsOf<{ id: number }>(shop.t.db, sql`select id from users where email = ${email}`);
    const res = await browser.post(`/api/backoffice/customers/${company}/users/${user!.id}/sign-in-as`);
    expect(res.statusCode, res.body).toBe(200);
    return browser;
  }

  it('places within the buyer limits, naming both; an approver helped by staff decides as the approver', async () => {
    const p = await addProduct(shop.t.db, { price: 20000, stock: 10 });
    const placed = await order(await staffAs(ACCOUNTS.buyer), [line(p.id, 3)]);
    expect(placed).toMatchObject({
      status: 'awaiting_approval',
      channel: 'backoffice',
      placed_by: { email: ACCOUNTS.buyer, staff_email: ACCOUNTS.admin },
      approval: { reason: 'order_limit' },
    });
    const res = await decide(await staffAs(APPROVER), placed.orderNo, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'registered', approval: { decided_by: APPROVER } });
  });
});

describe('the approvers decide', () => {
  it("lists the customer's waiting orders oldest first to an approver, not to a buyer", async () => {
    const { order: a } = await buyerOrder(3);
    const { order: b } = await buyerOrder(4);
    const res = await approver.get(`/api/customers/${company}/approvals`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as OrderToApprove[];
    const mine = list.filter((o) => [a.orderNo, b.orderNo].includes(o.order_no));
    expect(mine).toEqual([
      {
        order_no: a.orderNo,
        date: a.date,
        placed_by: ACCOUNTS.buyer,
        reason: 'order_limit',
        total: a.total,
        total_without_taxes: a.total_without_taxes,
        rows: 1,
      },
      expect.objectContaining({ order_no: b.orderNo }),
    ]);
    expect(list.every((o, i) => i === 0 || list[i - 1]!.date <= o.date)).toBe(true);
    const refused = await buyer.get(`/api/customers/${company}/approvals`);
    expect([refused.statusCode, refused.json().message]).toEqual([403, companyMessages.roleForbidden]);
  });

  it('approves: registered with the approver in the history and the order, ERP sync queued exactly once, buyer mailed', async () => {
    const { order: placed } = await buyerOrder(3);
    const res = await decide(approver, placed.orderNo, 'approve', 'OK for Christmas');
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json() as Order;
    expect(approved).toMatchObject({
      status: 'registered',
      approval: {
        reason: 'order_limit',
        outcome: 'approved',
        decided_by: APPROVER,
        note: 'OK for Christmas',
      },
      placed_by: { email: ACCOUNTS.buyer, staff_email: null },
    });
    expect(approved.approval?.decided_at).toBe(shop.t.clock.now.toISOString());
    expect(await erpSyncsOf(placed.id)).toBe(1);
    const [change] = await rowsOf<{ from_status: string; email: string }>(
      shop.t.db,
      sql`select c.from_status, u.email from order_status_changes c join users u on u.id = c.user_id
        where c.order_id = ${placed.id} and c.to_status = 'registered'`,
    );
    expect(change).toEqual({ from_status: 'awaiting_approval', email: APPROVER });
    const mail = mailsTo(ACCOUNTS.buyer, placed.orderNo).find((m) => m.subject.includes('approved'));
    expect(mail?.text).toContain('OK for Christmas');
    // A second approver arriving late: decided already, nothing queued again.
    const again = await decide(shop.clients.company, placed.orderNo, 'approve');
    expect([again.statusCode, again.json().message]).toEqual([409, companyMessages.notAwaitingApproval]);
    expect(await erpSyncsOf(placed.id)).toBe(1);
  });

  it('approves a card order to pending, paid by the buyer from his order page (no payment started)', async () => {
    const { order: placed } = await buyerOrder(3, 'card');
    expect(placed.status).toBe('awaiting_approval');
    const paying = await buyer.post(`/api/orders/${placed.orderNo}/payments`);
    expect([paying.statusCode, paying.json().message]).toEqual([
      409,
      companyMessages.awaitingApprovalPayment,
    ]);
    const res = await decide(shop.clients.company, placed.orderNo, 'approve');
    expect(res.json()).toMatchObject({ status: 'pending', approval: { outcome: 'approved' } });
    expect(await erpSyncsOf(placed.id)).toBe(1);
    const payments = await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::integer as n from payments where order_id = ${placed.id}`,
    );
    expect(payments[0]!.n).toBe(0);
    expect((await buyer.post(`/api/orders/${placed.orderNo}/payments`)).statusCode).toBe(201);
  });

  it('rejects with a note: cancelled, stock released, the buyer reads the note on his order', async () => {
    const { product, order: placed } = await buyerOrder(3);
    const res = await decide(approver, placed.orderNo, 'reject', 'Too many for this month');
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(shop.t.db, product.id)).toMatchObject({ ordered: 0, available: 10 });
    const seen = (await buyer.get(`/api/orders/${placed.orderNo}`)).json() as Order;
    expect(seen).toMatchObject({
      status: 'cancelled',
      approval: { outcome: 'rejected', decided_by: APPROVER, note: 'Too many for this month' },
    });
    expect(seen.rows[0]!.quantities).toMatchObject({ cancelled: 3, residual: 0, ready: 0 });
    expect(await erpSyncsOf(placed.id)).toBe(0);
    const mail = mailsTo(ACCOUNTS.buyer, placed.orderNo).find((m) => m.subject.includes('rejected'));
    expect(mail?.text).toContain('Too many for this month');
  });

  it('lets the buyer withdraw his waiting order: cancelled, stock released, outcome withdrawn', async () => {
    const { product, order: placed } = await buyerOrder(3);
    const res = await decide(buyer, placed.orderNo, 'withdraw');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      approval: { outcome: 'withdrawn', decided_by: ACCOUNTS.buyer },
    });
    expect(await stockOf(shop.t.db, product.id)).toMatchObject({ ordered: 0 });
    const twice = await decide(buyer, placed.orderNo, 'withdraw');
    expect([twice.statusCode, twice.json().message]).toEqual([409, companyMessages.notAwaitingApproval]);
  });

  it('refuses a withdraw by another buyer of the customer (403)', async () => {
    const { order: placed } = await buyerOrder(3);
    const { user } = await createUser(shop.t.db, { customerId: company, role: 'buyer' });
    const other = await signIn(user.email);
    const res = await decide(other, placed.orderNo, 'withdraw');
    expect([res.statusCode, res.json().message]).toEqual([403, companyMessages.roleForbidden]);
  });
});

describe('who may not decide', () => {
  let waiting: Order;
  beforeAll(async () => {
    waiting = (await buyerOrder(3)).order;
  });

  it('refuses the buyer approving his own order (403, his role cannot approve)', async () => {
    const res = await decide(buyer, waiting.orderNo, 'approve');
    expect([res.statusCode, res.json().message]).toEqual([403, companyMessages.roleForbidden]);
  });

  it('refuses an approver approving or rejecting an order he placed himself (403)', async () => {
    const { user } = await createUser(shop.t.db, { customerId: company, role: 'approver', orderLimit: 100 });
    const limited = await signIn(user.email);
    const p = await addProduct(shop.t.db, { price: 20000, stock: 10 });
    const own = await order(limited, [line(p.id)]);
    expect(own.status).toBe('awaiting_approval');
    for (const what of ['approve', 'reject'] as const) {
      const res = await decide(limited, own.orderNo, what);
      expect([res.statusCode, res.json().message]).toEqual([403, companyMessages.ownOrderApproval]);
    }
  });

  it('refuses a viewer (403) and staff not signed in as a customer user (403)', async () => {
    const byViewer = await decide(viewer, waiting.orderNo, 'approve');
    expect([byViewer.statusCode, byViewer.json().message]).toEqual([403, companyMessages.roleForbidden]);
    expect((await decide(shop.clients.admin, waiting.orderNo, 'approve')).statusCode).toBe(403);
    expect((await decide(shop.clients.admin, waiting.orderNo, 'reject')).statusCode).toBe(403);
  });

  it("answers 404 to another customer's approver", async () => {
    const stranger = await createUser(shop.t.db, { role: 'admin' });
    const client = await signIn(stranger.email);
    expect((await decide(client, waiting.orderNo, 'approve')).statusCode).toBe(404);
    expect((await decide(client, waiting.orderNo, 'withdraw')).statusCode).toBe(404);
    expect((await client.get(`/api/customers/${company}/approvals`)).statusCode).toBe(404);
  });

  it('decides once when two approvers race', async () => {
    const { order: placed } = await buyerOrder(3);
    const [a, b] = await Promise.all([
      decide(approver, placed.orderNo, 'approve'),
      decide(shop.clients.company, placed.orderNo, 'reject'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [row] = await rowsOf<{ changes: number }>(
      shop.t.db,
      sql`select count(*)::integer as changes from order_status_changes where order_id = ${placed.id}`,
    );
    expect(row!.changes).toBe(2);
  });

  it('leaves the waiting order untouched after all these refusals', async () => {
    const seen = (await buyer.get(`/api/orders/${waiting.orderNo}`)).json() as Order;
    expect(seen).toMatchObject({ status: 'awaiting_approval', approval: { outcome: null } });
    expect(await erpSyncsOf(waiting.id)).toBe(0);
  });
});

describe('a waiting order elsewhere', () => {
  it('cannot be shipped: its ready rows are refused for a shipping request', async () => {
    const { order: placed } = await buyerOrder(3);
    expect(placed.rows[0]!.quantities.ready).toBe(3);
    const res = await shop.clients.company.post(`/api/customers/${company}/shipping-requests`, {
      row_ids: [placed.rows[0]!.id],
    });
    expect([res.statusCode, res.json().message]).toEqual([
      422,
      rowNotReadyMessage(placed.rows[0]!.product_sku, placed.orderNo),
    ]);
    const [row] = await rowsOf<{ status: string }>(
      shop.t.db,
      sql`select status from order_rows where id = ${placed.rows[0]!.id}`,
    );
    expect(row!.status).toBe('not_shipped');
  });

  it('is not cancelled by the unpaid-order canceller, however old', async () => {
    const { order: placed } = await buyerOrder(3, 'card');
    const now = shop.t.clock.now;
    shop.t.clock.now = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
    try {
      await cancelUnpaidOrders({ ...shop.t.app.deps, log: shop.t.app.log });
    } finally {
      shop.t.clock.now = now;
    }
    const seen = (await buyer.get(`/api/orders/${placed.orderNo}`)).json() as Order;
    expect(seen.status).toBe('awaiting_approval');
  });

  it('is moved by the back office only to cancelled (409 otherwise), then released', async () => {
    const { product, order: placed } = await buyerOrder(3);
    const status = (to: string) =>
      shop.clients.admin.post(`/api/orders/${placed.orderNo}/status`, { status: to });
    const seen = await shop.clients.admin.get(`/api/backoffice/orders/${placed.orderNo}`);
    expect(seen.json().next_statuses).toEqual(['cancelled']);
    const refused = await status('registered');
    expect([refused.statusCode, refused.json().message]).toEqual([409, companyMessages.decidedByApprovers]);
    expect(await erpSyncsOf(placed.id)).toBe(0);
    expect((await status('cancelled')).statusCode).toBe(200);
    expect(await stockOf(shop.t.db, product.id)).toMatchObject({ ordered: 0 });
  });

  it("is not sent to the ERP by the back office's 'Re-send to ERP' before it is approved (409)", async () => {
    const { order: placed } = await buyerOrder(3);
    const refused = await shop.clients.admin.post(`/api/orders/${placed.orderNo}/erp-sync`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, companyMessages.erpAfterApproval]);
    expect(await erpSyncsOf(placed.id)).toBe(0);
    await decide(approver, placed.orderNo, 'approve');
    expect(await erpSyncsOf(placed.id)).toBe(1);
    expect((await shop.clients.admin.post(`/api/orders/${placed.orderNo}/erp-sync`)).statusCode).toBe(201);
    expect(await erpSyncsOf(placed.id)).toBe(2);
  });

  it('shows placed_by and approval on the back-office order page', async () => {
    const { order: placed } = await buyerOrder(3);
    await decide(approver, placed.orderNo, 'approve', 'fine');
    const res = await shop.clients.admin.get(`/api/backoffice/orders/${placed.orderNo}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      placed_by: { email: ACCOUNTS.buyer, staff_email: null },
      approval: { reason: 'order_limit', outcome: 'approved', decided_by: APPROVER, note: 'fine' },
    });
  });
});
