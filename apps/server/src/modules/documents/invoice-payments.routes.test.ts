import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerGroups, documents, invoiceInstalments, orders } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { insertOrder } from '../payments/payments.fixtures';
import { issueDocument } from './document-issue.service';

/**
 * An invoice's due dates and paid state (issue 20 points 2 and 3): the terms of the customer or his
 * group give the instalments when it is issued; the order's payment pays it, at issue or later; the
 * customer's invoice list shows paid, due or overdue (the app's clock: 21 November 2026, Rome).
 */

let t: TestApp;
let admin: TestClient;
const terms: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createUser(t.db, { isSuperAdmin: true });
  admin = t.client();
  expect((await admin.login(staff.email, PASSWORD)).statusCode).toBe(200);
  for (const [name, instalments] of [
    ['30 days end of month', [{ days: 30, end_of_month: true, share: 10_000 }]],
    ['60 days', [{ days: 60, end_of_month: false, share: 10_000 }]],
    [
      '30/60/90 days',
      [
        { days: 30, share: 3334 },
        { days: 60, share: 3333 },
        { days: 90, share: 3333 },
      ],
    ],
  ] as const) {
    const res = await admin.post('/api/payment-terms', { name, instalments });
    expect(res.statusCode, res.body).toBe(201);
    terms[name] = res.json().id;
  }
});
afterAll(() => t.close());

/** A signed-in customer with these columns, and a client for him. */
async function customerWith(values: { paymentTermsId?: number; customerGroupId?: number } = {}) {
  const user = await createUser(t.db, { customer: { type: 'G', company: 'Dischi Rossi', ...values } });
  const client = t.client();
  expect((await client.login(user.email, PASSWORD)).statusCode).toBe(200);
  return { id: user.customerId!, client };
}

/** An invoice of 82.00 net at 22% (100.04 with VAT) for an order of the customer, issued on `date`. */
async function invoice(customerId: number, date: string, orderId?: number) {
  const order = orderId ?? (await insertOrder(t.db, { customerId })).id;
  return issueDocument(
    { db: t.db },
    {
      type: 'invoice',
      customerId,
      orderId: order,
      date,
      rows: [
        {
          orderRowId: null,
          productSku: 'SPESE',
          description: 'Servizio',
          quantity: 1,
          price: 8200,
          vatRate: 2200,
        },
      ],
    },
  );
}

async function invoicesOf(customer: { id: number; client: TestClient }, year = 2026) {
  const res = await customer.client.get(
    `/api/customers/${customer.id}/digital-documents?type=invoice&year=${year}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    number: string;
    total: number;
    payment_terms_name: string | null;
    due_dates: { due_date: string; amount: number; paid: boolean }[];
    payment_status: string | null;
  }[];
}

describe('due dates at issue', () => {
  it("come from the customer's own terms: 30 days end of month from 30 January 2028 is 29 February", async () => {
    const customer = await customerWith({ paymentTermsId: terms['30 days end of month'] });
    const doc = await invoice(customer.id, '2028-01-30');
    const [row] = await invoicesOf(customer, 2028);
    expect(row).toMatchObject({
      number: doc.number,
      total: 10_004,
      payment_terms_name: '30 days end of month',
      due_dates: [{ due_date: '2028-02-29', amount: 10_004, paid: false }],
      payment_status: 'due',
    });
  });

  it("come from the group's terms when the customer has none, across the year end", async () => {
    const [group] = await t.db
      .insert(customerGroups)
      .values({ code: 'RIV60', description: 'Rivenditori', paymentTermsId: terms['60 days'] })
      .returning();
    const customer = await customerWith({ customerGroupId: group!.id });
    await invoice(customer.id, '2026-11-15');
    const [row] = await invoicesOf(customer);
    expect(row).toMatchObject({
      payment_terms_name: '60 days',
      due_dates: [{ due_date: '2027-01-14', amount: 10_004, paid: false }],
      payment_status: 'due',
    });
  });

  it("prefer the customer's terms to his group's, and spread instalments to the cent", async () => {
    const [group] = await t.db
      .insert(customerGroups)
      .values({ code: 'RIV-EOM', description: 'Fine mese', paymentTermsId: terms['30 days end of month'] })
      .returning();
    const customer = await customerWith({
      customerGroupId: group!.id,
      paymentTermsId: terms['30/60/90 days'],
    });
    await invoice(customer.id, '2026-11-10');
    const [row] = await invoicesOf(customer);
    expect(row!.payment_terms_name).toBe('30/60/90 days');
    // 100.04 × 33.34% = 33.353…, × 33.33% = 33.343…: the cent left goes to the largest remainder.
    expect(row!.due_dates).toEqual([
      { due_date: '2026-12-10', amount: 3336, paid: false },
      { due_date: '2027-01-09', amount: 3334, paid: false },
      { due_date: '2027-02-08', amount: 3334, paid: false },
    ]);
  });

  it('fall on the invoice date without terms; an unpaid one past its date is overdue', async () => {
    const customer = await customerWith();
    await invoice(customer.id, '2026-11-21');
    await invoice(customer.id, '2026-11-20');
    const rows = await invoicesOf(customer);
    expect(rows.map((r) => [r.payment_terms_name, r.due_dates, r.payment_status])).toEqual([
      [null, [{ due_date: '2026-11-21', amount: 10_004, paid: false }], 'due'],
      [null, [{ due_date: '2026-11-20', amount: 10_004, paid: false }], 'overdue'],
    ]);
  });

  it('stay as issued when the terms change later', async () => {
    const customer = await customerWith({ paymentTermsId: terms['60 days'] });
    await invoice(customer.id, '2026-11-01');
    const edit = await admin.put(`/api/payment-terms/${terms['60 days']}`, {
      name: '60 days',
      instalments: [{ days: 90, end_of_month: false, share: 10_000 }],
    });
    expect(edit.statusCode).toBe(200);
    expect((await invoicesOf(customer))[0]!.due_dates).toEqual([
      { due_date: '2026-12-31', amount: 10_004, paid: false },
    ]);
    await admin.put(`/api/payment-terms/${terms['60 days']}`, {
      name: '60 days',
      instalments: [{ days: 60, end_of_month: false, share: 10_000 }],
    });
  });
});

describe('paid state', () => {
  it('an invoice of an order paid online is paid at issue, when the order was', async () => {
    const customer = await customerWith({ paymentTermsId: terms['30/60/90 days'] });
    const order = await insertOrder(t.db, { customerId: customer.id, status: 'confirmed' });
    const paidAt = new Date('2026-11-02T09:00:00Z');
    await t.db.update(orders).set({ paidAt }).where(eq(orders.id, order.id));
    const doc = await invoice(customer.id, '2026-09-01', order.id);
    const [row] = await invoicesOf(customer);
    expect(row!.payment_status).toBe('paid');
    expect(row!.due_dates.every((d) => d.paid)).toBe(true);
    const [stored] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(stored!.paidAt).toEqual(paidAt);
  });

  it("an invoice becomes paid, every instalment, when its order's payment arrives later", async () => {
    const customer = await customerWith({ paymentTermsId: terms['30/60/90 days'] });
    const order = await insertOrder(t.db, { customerId: customer.id, total: 10_004 });
    const doc = await invoice(customer.id, '2026-08-01', order.id);
    expect((await invoicesOf(customer))[0]!.payment_status).toBe('overdue');

    const start = await customer.client.post(`/api/orders/${order.orderNo}/payments`);
    expect(start.statusCode, start.body).toBe(201);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const page = await t.client().post(start.json().redirect_url, 'outcome=approved', form);
    expect(page.statusCode).toBe(307);
    const callback = await t.client().post(page.headers.location as string, 'outcome=approved', form);
    expect(callback.statusCode).toBeLessThan(400);

    const [row] = await invoicesOf(customer);
    expect(row!.payment_status).toBe('paid');
    expect(row!.due_dates.map((d) => d.paid)).toEqual([true, true, true]);
    const instalments = await t.db
      .select()
      .from(invoiceInstalments)
      .where(eq(invoiceInstalments.documentId, doc.id));
    expect(instalments.map((i) => i.paidAt)).toEqual([t.clock.now, t.clock.now, t.clock.now]);
  });

  it('delivery notes carry no due dates nor payment status', async () => {
    const customer = await customerWith();
    const order = await insertOrder(t.db, { customerId: customer.id });
    await issueDocument(
      { db: t.db },
      { type: 'delivery_note', customerId: customer.id, orderId: order.id, date: '2026-11-21', rows: [] },
    );
    const res = await customer.client.get(
      `/api/customers/${customer.id}/digital-documents?type=delivery_note`,
    );
    expect(res.json().data[0]).toMatchObject({
      payment_terms_name: null,
      due_dates: [],
      payment_status: null,
    });
  });
});
