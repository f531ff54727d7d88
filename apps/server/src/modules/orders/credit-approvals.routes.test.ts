import {
  type BackofficeOrderDetail,
  type CreditApproval,
  companyMessages,
  creditMessages,
  type Order,
  type OrderToApprove,
  type PlacedOrder,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { defaultAddresses, insertInvoice, setCreditSettings } from '../credit/credit.fixtures';
import { addProduct, line, newKey, openShop, rowsOf, type Shop, stockOf } from './checkout.fixtures';

/**
 * Credit control at checkout and the staff approvals queue (issue 20 point 3, DESIGN §6 rule 18): an
 * order over a customer's credit limit, or placed while his invoices are overdue past the grace days,
 * waits for staff (or is refused, per the shop's setting); a blocked customer cannot order at all.
 */

let shop: Shop;

async function signIn(email: string) {
  const client = shop.t.client();
  expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
  return client;
}

/** A company with a credit limit (cents), its admin and a buyer signed in. */
async function company(creditLimit: number | null, extra: { blocked?: boolean } = {}) {
  const owner = await createUser(shop.t.db, {
    customer: { type: 'G', company: `Negozio ${Date.now()}`, creditLimit, ...extra },
  });
  const customerId = owner.customerId!;
  const buyerUser = await createUser(shop.t.db, { customerId, role: 'buyer' });
  return {
    customerId,
    admin: await signIn(owner.email),
    buyer: await signIn(buyerUser.email),
    buyerEmail: buyerUser.email,
  };
}

type Company = Awaited<ReturnType<typeof company>>;

async function tryOrder(c: Company, client: TestClient, units: number, price = 10_000) {
  const p = await addProduct(shop.t.db, { price, stock: 20 });
  const res = await client.post(
    '/api/orders',
    {
      payment_method: 'cash_on_delivery',
      products: [line(p.id, units)],
      ...(await defaultAddresses(shop.t.db, c.customerId)),
    },
    newKey(),
  );
  return { product: p, res };
}

async function order(c: Company, units: number, client: TestClient = c.buyer) {
  const { product, res } = await tryOrder(c, client, units);
  expect(res.statusCode, res.body).toBe(201);
  return { product, order: (res.json() as PlacedOrder).order };
}

const erpSyncsOf = async (orderId: number) =>
  (
    await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::integer as n from erp_syncs where entity = 'order' and entity_id = ${orderId}`,
    )
  )[0]!.n;

const queue = async () =>
  (
    (await shop.clients.admin.get('/api/backoffice/approvals?per_page=100')).json() as {
      data: CreditApproval[];
    }
  ).data;

const staffDecide = (orderNo: string, what: 'approve' | 'reject', body: Record<string, unknown> = {}) =>
  shop.clients.admin.post(`/api/backoffice/orders/${orderNo}/${what}`, body);

beforeAll(async () => {
  shop = await openShop();
});
afterEach(() => setCreditSettings(shop.t.db, {}));
afterAll(() => shop.t.close());

describe('an order over the credit limit', () => {
  it('waits for staff: credit_limit, stock reserved, no ERP, the company approvers not asked', async () => {
    const c = await company(20_000);
    const mailsBefore = shop.t.mails.length;
    const { product, order: held } = await order(c, 2);
    expect(held.total).toBeGreaterThan(20_000);
    expect(held).toMatchObject({
      status: 'awaiting_approval',
      approval: { reason: 'credit_limit', outcome: null },
    });
    expect(await stockOf(shop.t.db, product.id)).toMatchObject({ ordered: 2 });
    expect(await erpSyncsOf(held.id)).toBe(0);
    expect(
      shop.t.mails.slice(mailsBefore).filter((m) => m.subject.includes('waits for your approval')),
    ).toEqual([]);

    const toApprove = (
      await c.admin.get(`/api/customers/${c.customerId}/approvals`)
    ).json() as OrderToApprove[];
    expect(toApprove).toEqual([]);
    expect((await queue()).find((q) => q.order_no === held.orderNo)).toEqual({
      order_no: held.orderNo,
      date: held.date,
      customer_id: c.customerId,
      customer: expect.stringMatching(/^Negozio /),
      placed_by: c.buyerEmail,
      reason: 'credit_limit',
      total: held.total,
      exposure: held.total,
      credit_limit: 20_000,
      overdue_invoices: 0,
    });
  });

  it('exactly at the limit passes; one cent over waits', async () => {
    const probe = await company(null);
    const { order: first } = await order(probe, 1, probe.admin);
    const atLimit = await company(first.total);
    expect((await order(atLimit, 1)).order.status).toBe('registered');
    const oneCentShort = await company(first.total - 1);
    expect((await order(oneCentShort, 1)).order.approval?.reason).toBe('credit_limit');
  });

  it('the company admin cannot approve or reject it (403); staff approve: registered, ERP queued once, buyer mailed', async () => {
    const c = await company(10_000);
    const { order: held } = await order(c, 2);
    for (const what of ['approve', 'reject'] as const) {
      const res = await c.admin.post(`/api/orders/${held.orderNo}/${what}`, {});
      expect([res.statusCode, res.json().message]).toEqual([403, creditMessages.decidedByShop]);
    }
    const res = await staffDecide(held.orderNo, 'approve', { note: 'Paid by transfer today' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as BackofficeOrderDetail).toMatchObject({ status: 'registered' });
    const seen = (await c.buyer.get(`/api/orders/${held.orderNo}`)).json() as Order;
    expect(seen.approval).toMatchObject({
      outcome: 'approved',
      decided_by: 'admin@example.com',
      note: 'Paid by transfer today',
    });
    expect(await erpSyncsOf(held.id)).toBe(1);
    const mail = shop.t.mails.find(
      (m) => m.to === c.buyerEmail && m.subject.includes(held.orderNo) && m.subject.includes('approved'),
    );
    expect(mail?.text).toContain('Paid by transfer today');
    expect((await queue()).some((q) => q.order_no === held.orderNo)).toBe(false);
    const again = await staffDecide(held.orderNo, 'approve');
    expect([again.statusCode, again.json().message]).toEqual([409, companyMessages.notAwaitingApproval]);
  });

  it('staff reject with a reason: cancelled, stock released; without a reason 422 on the note', async () => {
    const c = await company(10_000);
    const { product, order: held } = await order(c, 3);
    const noNote = await staffDecide(held.orderNo, 'reject', { note: '  ' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors).toHaveProperty('note');
    const res = await staffDecide(held.orderNo, 'reject', { note: 'Settle the open invoices first' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(shop.t.db, product.id)).toMatchObject({ ordered: 0, available: 20 });
    expect(await erpSyncsOf(held.id)).toBe(0);
    const seen = (await c.buyer.get(`/api/orders/${held.orderNo}`)).json() as Order;
    expect(seen.approval).toMatchObject({ outcome: 'rejected', note: 'Settle the open invoices first' });
  });

  it('is refused with 422 naming the available credit and who to call when the shop refuses', async () => {
    await setCreditSettings(shop.t.db, { action: 'refuse', contact: 'Ufficio crediti, +39 02 1234567' });
    const c = await company(15_000);
    const { order: first } = await order(c, 1, c.admin);
    expect(first.status).toBe('registered');
    const { product, res } = await tryOrder(c, c.buyer, 1);
    const available = ((15_000 - first.total) / 100).toFixed(2);
    expect([res.statusCode, res.json().message]).toEqual([
      422,
      creditMessages.overCreditLimit
        .replace(':available', available)
        .replace(':contact', 'Ufficio crediti, +39 02 1234567'),
    ]);
    expect(await stockOf(shop.t.db, product.id)).toMatchObject({ ordered: 0 });
  });

  it('is not held when staff order for the customer directly: staff decide credit', async () => {
    const c = await company(100);
    const p = await addProduct(shop.t.db, { price: 10_000, stock: 5 });
    const res = await shop.clients.admin.post(
      '/api/orders',
      {
        customer_id: c.customerId,
        payment_method: 'cash_on_delivery',
        products: [line(p.id, 1)],
        ...(await defaultAddresses(shop.t.db, c.customerId)),
      },
      newKey(),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ status: 'registered', approval: null });
  });
});

describe('overdue invoices', () => {
  it('hold any order one day past the grace days, not within them (today 21 November, 5 grace days)', async () => {
    await setCreditSettings(shop.t.db, { graceDays: 5 });
    const c = await company(10_000_000);
    const invoice = (dueDate: string) =>
      insertInvoice(shop.t.db, {
        customerId: c.customerId,
        amount: 1_000,
        vat: 220,
        instalments: [{ dueDate, amount: 1_220 }],
      });
    await invoice('2026-11-16');
    expect((await order(c, 1)).order.status).toBe('registered');
    await invoice('2026-11-15');
    const { order: held } = await order(c, 1);
    expect(held).toMatchObject({ status: 'awaiting_approval', approval: { reason: 'overdue_invoices' } });
    expect((await queue()).find((q) => q.order_no === held.orderNo)).toMatchObject({
      reason: 'overdue_invoices',
      overdue_invoices: 2,
    });
  });

  it('do not hold a customer without a credit limit', async () => {
    const c = await company(null);
    await insertInvoice(shop.t.db, {
      customerId: c.customerId,
      amount: 1_000,
      vat: 220,
      instalments: [{ dueDate: '2026-01-01', amount: 1_220 }],
    });
    expect((await order(c, 1)).order.status).toBe('registered');
  });

  it('are refused with the message when the shop refuses', async () => {
    await setCreditSettings(shop.t.db, { action: 'refuse' });
    const c = await company(10_000_000);
    await insertInvoice(shop.t.db, {
      customerId: c.customerId,
      amount: 1_000,
      vat: 220,
      instalments: [{ dueDate: '2026-10-01', amount: 1_220 }],
    });
    const { res } = await tryOrder(c, c.buyer, 1);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(
      /^Your account has overdue invoices: please pay them or call .+ before ordering\.$/,
    );
  });
});

describe('a blocked customer', () => {
  it('cannot order: 422 naming the shop, its phone and e-mail; /api/user says so before he tries', async () => {
    const c = await company(null, { blocked: true });
    const [s] = await rowsOf<{ name: string; phone: string; email: string }>(
      shop.t.db,
      sql`select name, phone, email from shop`,
    );
    const expected = creditMessages.orderingBlocked.replace(
      ':contact',
      `${s!.name}, ${s!.phone}, ${s!.email}`,
    );
    const { product, res } = await tryOrder(c, c.buyer, 1);
    expect([res.statusCode, res.json().message]).toEqual([422, expected]);
    expect(await stockOf(shop.t.db, product.id)).toMatchObject({ ordered: 0 });
    expect((await c.buyer.get('/api/user')).json().ordering_blocked).toBe(expected);
    expect((await shop.clients.company.get('/api/user')).json().ordering_blocked).toBeNull();
  });

  it('names the credit contact when the shop set one', async () => {
    await setCreditSettings(shop.t.db, { contact: 'Anna Bianchi, +39 333 1234567' });
    const c = await company(500_000, { blocked: true });
    const { res } = await tryOrder(c, c.admin, 1);
    expect(res.json().message).toBe(
      creditMessages.orderingBlocked.replace(':contact', 'Anna Bianchi, +39 333 1234567'),
    );
  });
});

describe('who may use the staff queue', () => {
  it('refuses customers (403) and answers 404 for an unknown order', async () => {
    const c = await company(100);
    const { order: held } = await order(c, 1);
    expect((await c.admin.get('/api/backoffice/approvals')).statusCode).toBe(403);
    expect((await c.admin.post(`/api/backoffice/orders/${held.orderNo}/approve`, {})).statusCode).toBe(403);
    expect((await staffDecide('2026-999999', 'approve')).statusCode).toBe(404);
  });

  it("refuses staff deciding a buyer's spending limit: his company's approvers decide (403)", async () => {
    const c = await company(null);
    const limited = await createUser(shop.t.db, { customerId: c.customerId, role: 'buyer', orderLimit: 100 });
    const { order: waiting } = await order(c, 1, await signIn(limited.email));
    expect(waiting.approval?.reason).toBe('order_limit');
    const res = await staffDecide(waiting.orderNo, 'approve');
    expect([res.statusCode, res.json().message]).toEqual([403, companyMessages.decidedByApprovers]);
  });

  it('pages the queue in the list envelope', async () => {
    const res = await shop.clients.admin.get('/api/backoffice/approvals?page=1&per_page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.meta).toMatchObject({ page: 1, per_page: 1 });
    expect(body.meta.total).toBeGreaterThanOrEqual(3);
    expect((await shop.clients.admin.get('/api/backoffice/approvals?per_page=500')).statusCode).toBe(422);
    const found = (await shop.clients.admin.get('/api/backoffice/approvals?q=negozio')).json();
    expect(found.meta.total).toBe(body.meta.total);
    const none = (await shop.clients.admin.get('/api/backoffice/approvals?q=nobody-at-all')).json();
    expect(none).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
  });
});
