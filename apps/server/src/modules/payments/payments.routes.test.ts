import { messages } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { insertOrder, orderState } from './payments.fixtures';

/**
 * Paying an order through the built-in test gateway (DESIGN §8): pay → hosted page → approve or
 * decline → signed callback → order confirmed or failed_payment, and the browser back on the order.
 */

let t: TestApp;
let company: TestClient;
let other: TestClient;
let admin: TestClient;
let companyId: number;

const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.db, { customer: { type: 'G', company: 'Dischi Rossi S.r.l.' } });
  const stranger = await createUser(t.db);
  const staff = await createUser(t.db, { isSuperAdmin: true });
  companyId = owner.customerId!;
  company = t.client();
  other = t.client();
  admin = t.client();
  await company.login(owner.email, PASSWORD);
  await other.login(stranger.email, PASSWORD);
  await admin.login(staff.email, PASSWORD);
});
afterAll(() => t.close());

async function startPayment(client: TestClient, orderNo: string): Promise<string> {
  const res = await client.post(`/api/orders/${orderNo}/payments`);
  expect(res.statusCode).toBe(201);
  return res.json().redirect_url;
}

/** The customer presses a button on the hosted page; answers the signed callback the browser follows. */
async function decide(pageUrl: string, outcome: 'approved' | 'declined'): Promise<string> {
  const res = await t.client().post(pageUrl, `outcome=${outcome}`, form);
  expect(res.statusCode).toBe(307);
  return res.headers.location as string;
}

/** The browser re-posts the form to the callback (307 keeps method and body). */
function deliver(callbackUrl: string, outcome: 'approved' | 'declined') {
  return t.client().post(callbackUrl, `outcome=${outcome}`, form);
}

describe('paying through the test gateway', () => {
  it('shows the order number and amount on the hosted page', async () => {
    const order = await insertOrder(t.db, { customerId: companyId, total: 123_456 });
    const pageUrl = await startPayment(company, order.orderNo);
    expect(pageUrl).toMatch(/^\/payments\/test\/[\w-]{43}$/);

    const page = await t.client().get(pageUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    // in the customer's language: Italian, the default (issue 22)
    expect(page.body).toContain('<html lang="it">');
    expect(page.body).toContain('<h1>Pagamento di prova</h1>');
    expect(page.body).toContain(`<dd>${order.orderNo}</dd>`);
    expect(page.body).toContain('<dd>1234,56\u00a0€</dd>');
    expect(page.body).toContain('<dd>Carta di credito</dd>');
    expect(page.body).toMatch(
      /<button type="submit" name="outcome" value="approved">Approva il pagamento<\/button>/,
    );
    expect(page.body).toMatch(
      /<button type="submit" name="outcome" value="declined">Rifiuta il pagamento<\/button>/,
    );
    expect(page.body).toContain('prefers-color-scheme: dark');
    expect(page.body).not.toMatch(/<script|https?:\/\//);
    expect((await orderState(t.db, order.id)).payments).toEqual([
      { id: expect.any(Number), status: 'pending', amount: 123_456, gateway: 'test' },
    ]);
  });

  it('speaks English to a customer who chose English', async () => {
    const english = await createUser(t.db, { customer: { type: 'G', company: 'Rossi Ltd', language: 'en' } });
    const client = t.client();
    await client.login(english.email, PASSWORD);
    const order = await insertOrder(t.db, { customerId: english.customerId!, total: 123_456 });
    const page = await t.client().get(await startPayment(client, order.orderNo));
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<dd>€1,234.56</dd>');
    expect(page.body).toContain('<dd>Credit card</dd>');
    expect(page.body).toMatch(
      /<button type="submit" name="outcome" value="approved">Approve payment<\/button>/,
    );
  });

  it('approving confirms the order, sets paid_at and returns the browser to the order', async () => {
    const order = await insertOrder(t.db, { customerId: companyId });
    const pageUrl = await startPayment(company, order.orderNo);
    const callback = await decide(pageUrl, 'approved');
    expect(callback).toMatch(
      /^\/api\/payments\/test\/callback\?payment_id=\d+&outcome=approved&amount=12345&event_id=/,
    );

    const res = await deliver(callback, 'approved');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/checkout/complete/${order.orderNo}`);
    const state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'confirmed', paidAt: t.clock.now, events: 1 });
    expect(state.payments.map((p) => p.status)).toEqual(['approved']);
    expect(state.history).toEqual([{ from: 'pending', to: 'confirmed' }]);
    // The link is single-use: the decided payment's page is gone.
    const gone = await t.client().get(pageUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Link di pagamento non valido');
    const late = await t.client().post(pageUrl, 'outcome=declined', {
      ...form,
      'accept-language': 'en-GB,en;q=0.9',
    });
    expect(late.statusCode).toBe(404);
    expect(late.body).toContain('Payment link not valid');
    expect((await orderState(t.db, order.id)).status).toBe('confirmed');
  });

  it('declining sets failed_payment; paying again goes back to pending and can then be approved', async () => {
    const order = await insertOrder(t.db, { customerId: companyId });
    const declined = await deliver(
      await decide(await startPayment(company, order.orderNo), 'declined'),
      'declined',
    );
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`/checkout/complete/${order.orderNo}`);
    expect(await orderState(t.db, order.id)).toMatchObject({ status: 'failed_payment', paidAt: null });

    const again = await startPayment(company, order.orderNo);
    let state = await orderState(t.db, order.id);
    expect(state.status).toBe('pending');
    expect(state.payments.map((p) => p.status)).toEqual(['declined', 'pending']);

    await deliver(await decide(again, 'approved'), 'approved');
    state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'confirmed', paidAt: t.clock.now, events: 2 });
    expect(state.payments.map((p) => p.status)).toEqual(['declined', 'approved']);
    expect(state.history).toEqual([
      { from: 'pending', to: 'failed_payment' },
      { from: 'failed_payment', to: 'pending' },
      { from: 'pending', to: 'confirmed' },
    ]);
  });

  it('answers 422 to a decision that is neither approve nor decline', async () => {
    const order = await insertOrder(t.db, { customerId: companyId });
    const res = await t.client().post(await startPayment(company, order.orderNo), 'outcome=maybe', form);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('outcome');
    expect((await orderState(t.db, order.id)).status).toBe('pending');
  });

  it('a new attempt supersedes an open one: the old link stops working', async () => {
    const order = await insertOrder(t.db, { customerId: companyId });
    const first = await startPayment(company, order.orderNo);
    const second = await startPayment(company, order.orderNo);
    expect(second).not.toBe(first);
    expect((await t.client().get(first)).statusCode).toBe(404);
    expect((await t.client().get(second)).statusCode).toBe(200);
    expect((await orderState(t.db, order.id)).payments.map((p) => p.status)).toEqual([
      'cancelled',
      'pending',
    ]);
  });

  it('a replayed callback changes nothing', async () => {
    const order = await insertOrder(t.db, { customerId: companyId });
    const callback = await decide(await startPayment(company, order.orderNo), 'declined');
    await deliver(callback, 'declined');
    await startPayment(company, order.orderNo);
    const before = await orderState(t.db, order.id);
    expect(before).toMatchObject({ status: 'pending', events: 1 });

    const replay = await deliver(callback, 'declined');
    expect(replay.statusCode).toBe(303);
    expect(await orderState(t.db, order.id)).toEqual(before);
  });

  it('a forged or altered callback is refused with 403 and changes nothing', async () => {
    const order = await insertOrder(t.db, { customerId: companyId });
    const callback = await decide(await startPayment(company, order.orderNo), 'declined');
    const before = await orderState(t.db, order.id);

    const altered = callback.replace('outcome=declined', 'outcome=approved');
    const forged = callback.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`);
    for (const url of [altered, forged]) {
      const res = await deliver(url, 'approved');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'The payment callback signature is not valid.' });
    }
    expect(await orderState(t.db, order.id)).toEqual(before);
    expect(before).toMatchObject({ status: 'pending', events: 0 });
  });
});

describe('a SEPA direct debit order: registered until the debit is approved', () => {
  const sepaOrder = () =>
    insertOrder(t.db, { customerId: companyId, status: 'registered', paymentMethod: 'sepa' });

  it('approving the debit confirms the order and sets paid_at', async () => {
    const order = await sepaOrder();
    const pageUrl = await startPayment(company, order.orderNo);
    expect((await t.client().get(pageUrl)).body).toContain('<dd>Addebito diretto SEPA</dd>');
    expect(await orderState(t.db, order.id)).toMatchObject({ status: 'registered', paidAt: null });

    const res = await deliver(await decide(pageUrl, 'approved'), 'approved');
    expect(res.headers.location).toBe(`/checkout/complete/${order.orderNo}`);
    const state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'confirmed', paidAt: t.clock.now, events: 1 });
    expect(state.payments.map((p) => p.status)).toEqual(['approved']);
    expect(state.history).toEqual([{ from: 'registered', to: 'confirmed' }]);
  });

  it('a declined debit leaves it registered with the payment declined; authorising again confirms it', async () => {
    const order = await sepaOrder();
    await deliver(await decide(await startPayment(company, order.orderNo), 'declined'), 'declined');
    let state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'registered', paidAt: null, events: 1, history: [] });
    expect(state.payments.map((p) => p.status)).toEqual(['declined']);

    await deliver(await decide(await startPayment(company, order.orderNo), 'approved'), 'approved');
    state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'confirmed', paidAt: t.clock.now, events: 2 });
    expect(state.payments.map((p) => p.status)).toEqual(['declined', 'approved']);
    expect(state.history).toEqual([{ from: 'registered', to: 'confirmed' }]);
  });
});

describe('POST /api/orders/{orderNo}/payments', () => {
  it("answers 404 for another customer's order and 401 without a session", async () => {
    const order = await insertOrder(t.db, { customerId: companyId });
    const res = await other.post(`/api/orders/${order.orderNo}/payments`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.notFound });
    const anonymous = t.client();
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post(`/api/orders/${order.orderNo}/payments`)).statusCode).toBe(401);
    expect((await orderState(t.db, order.id)).payments).toEqual([]);
  });

  it('lets an administrator open a payment for any order', async () => {
    const order = await insertOrder(t.db, { customerId: companyId });
    expect(await startPayment(admin, order.orderNo)).toMatch(/^\/payments\/test\//);
  });

  it('refuses with 409 an order paid offline, and one no longer awaiting payment', async () => {
    const cod = await insertOrder(t.db, {
      customerId: companyId,
      status: 'registered',
      paymentMethod: 'cash_on_delivery',
    });
    const offline = await company.post(`/api/orders/${cod.orderNo}/payments`);
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toEqual({ message: messages.orderNotPaidOnline });

    const confirmed = await insertOrder(t.db, { customerId: companyId, status: 'confirmed' });
    const paid = await company.post(`/api/orders/${confirmed.orderNo}/payments`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: messages.orderNotPayable });
    expect((await orderState(t.db, cod.id)).payments).toEqual([]);
    expect((await orderState(t.db, confirmed.id)).payments).toEqual([]);
  });
});
