import type { BackofficeOrderDetail, Order, OrderPaymentState, Quote } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  line,
  openShop,
  postOrder,
  rowsOf,
  type Shop,
  type Who,
} from '../orders/checkout.fixtures';

/**
 * DESIGN §6 rule 16, issue 16 defects 1, 2, 5 and 8: money follows the order. Payments carry the
 * amount due when opened; an edit, a row cancel or a cancellation voids open attempts; only what the
 * order owes to the cent confirms it; money that arrives unowed is a refund staff see and give back.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const form = { 'content-type': 'application/x-www-form-urlencoded' };
type Buyer = Exclude<Who, 'admin'>;

async function placed(
  who: Buyer,
  products: ReturnType<typeof line>[],
  payment_method = 'card',
): Promise<Order> {
  const res = await postOrder(shop, who, { products, payment_method });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order;
}

async function quote(
  who: Buyer,
  products: ReturnType<typeof line>[],
  payment_method = 'card',
): Promise<Quote> {
  const res = await shop.clients[who].post('/api/cart/quote', { products, payment_method });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const read = async (order: Order): Promise<Order> =>
  (await shop.clients.admin.get(`/api/orders/${order.orderNo}`)).json();
const detail = async (order: Order): Promise<BackofficeOrderDetail> =>
  (await shop.clients.admin.get(`/api/backoffice/orders/${order.orderNo}`)).json();
const paymentState = async (who: Buyer, order: Order): Promise<OrderPaymentState> => {
  const res = await shop.clients[who].get(`/api/orders/${order.orderNo}/payments`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Opens a payment as the customer: the hosted page's URL. */
async function openPayment(who: Buyer, order: Order): Promise<string> {
  const res = await shop.clients[who].post(`/api/orders/${order.orderNo}/payments`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().redirect_url;
}

/** The customer presses Approve on the page: the signed callback the browser is sent to. */
async function approveOn(pageUrl: string): Promise<string> {
  const res = await shop.t.client().post(pageUrl, 'outcome=approved', form);
  expect(res.statusCode, res.body).toBe(307);
  return res.headers.location as string;
}

const deliver = (callbackUrl: string) => shop.t.client().post(callbackUrl, 'outcome=approved', form);

/** The amount the hosted page asks for, as it prints it. */
async function pageAmount(pageUrl: string): Promise<string> {
  const page = await shop.t.client().get(pageUrl);
  expect(page.statusCode).toBe(200);
  return /<dt>Importo<\/dt>\s*<dd>([^<]+)<\/dd>/.exec(page.body)?.[1] ?? '';
}

/** The test page speaks the customer's language: these customers are Italian. */
const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const editRow = (order: Order, rowIndex: number, quantity: number) =>
  shop.clients.admin.put(`/api/orders/${order.orderNo}`, {
    rows: [{ id: order.rows[rowIndex]!.id, quantity }],
  });

describe('defect 1: a payment opened before an edit does not confirm the order for the old total', () => {
  it('voids the old link, keeps the money paid and asks for the difference', async () => {
    const product = await addProduct(shop.t.db, { price: 1390, stock: 50 });
    const order = await placed('private', [line(product.id, 1)]);
    const pageUrl = await openPayment('private', order);
    const callback = await approveOn(pageUrl);

    expect((await editRow(order, 0, 5)).statusCode).toBe(200);
    const edited = await read(order);
    const five = await quote('private', [line(product.id, 5)]);
    expect(edited.total).toBe(five.total);

    // The page opened before the edit answers a clear page, and its buttons take nothing.
    const stale = await shop.t.client().get(pageUrl);
    expect(stale.statusCode).toBe(410);
    expect(stale.body).toContain(`L'ordine ${order.orderNo} è cambiato dopo l'apertura di questo pagamento`);
    expect(stale.body).toContain(`href="/profile/orders/${order.orderNo}"`);
    expect((await shop.t.client().post(pageUrl, 'outcome=approved', form)).statusCode).toBe(410);

    // The decision already on its way still moved money: recorded, counted, not enough to confirm.
    expect((await deliver(callback)).statusCode).toBe(303);
    expect((await read(order)).status).toBe('pending');
    const owed = await paymentState('private', order);
    expect(owed).toEqual({
      total: edited.total,
      paid: order.total,
      due: edited.total - order.total,
      refund_due: 0,
      payable: edited.total - order.total,
    });
    const staff = await detail(order);
    expect(staff.balance).toEqual({ paid: order.total, due: edited.total - order.total, refund_due: 0 });
    // The attempt checkout opened was superseded by the one the customer approved.
    expect(staff.payments.map((p) => [p.status, p.amount, p.amount_paid])).toEqual([
      ['cancelled', order.total, null],
      ['approved', order.total, order.total],
    ]);

    // The customer pays the difference, and that confirms the order to the cent.
    const rest = await openPayment('private', order);
    expect(await pageAmount(rest)).toBe(euro(edited.total - order.total));
    expect((await deliver(await approveOn(rest))).statusCode).toBe(303);
    const paid = await read(order);
    expect(paid.status).toBe('confirmed');
    expect(paid.paid_at).not.toBeNull();
    expect(await paymentState('private', order)).toMatchObject({ paid: edited.total, due: 0, payable: 0 });
  });

  it('does not confirm an order whose total fell below what was paid: the excess is a refund due', async () => {
    const product = await addProduct(shop.t.db, { price: 1390, stock: 50 });
    const order = await placed('private', [line(product.id, 5)]);
    const callback = await approveOn(await openPayment('private', order));
    expect((await editRow(order, 0, 1)).statusCode).toBe(200);
    const lowered = (await read(order)).total;

    await deliver(callback);
    expect((await read(order)).status).toBe('pending');
    expect((await detail(order)).balance).toEqual({
      paid: order.total,
      due: 0,
      refund_due: order.total - lowered,
    });
    // Nothing to pay online while the shop owes the customer.
    expect((await shop.clients.private.post(`/api/orders/${order.orderNo}/payments`)).statusCode).toBe(409);

    // Staff give the excess back (the test gateway cannot: by hand); the order is then paid exactly.
    const refund = await shop.clients.admin.post(`/api/orders/${order.orderNo}/refunds`);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toEqual({ refunded: order.total - lowered, via: 'by_hand' });
    const after = await detail(order);
    expect(after.status).toBe('confirmed');
    expect(after.balance).toEqual({ paid: lowered, due: 0, refund_due: 0 });
    expect(after.payments.map((p) => p.refunded_amount)).toEqual([0, order.total - lowered]);
    // A second press finds nothing left to refund.
    expect((await shop.clients.admin.post(`/api/orders/${order.orderNo}/refunds`)).statusCode).toBe(409);
  });

  it('refuses a callback whose amount was changed, even by one cent (the signature covers it)', async () => {
    const product = await addProduct(shop.t.db, { price: 1390, stock: 50 });
    const order = await placed('private', [line(product.id, 1)]);
    const callback = await approveOn(await openPayment('private', order));
    const amount = /amount=(\d+)/.exec(callback)![1]!;
    const forged = callback.replace(`amount=${amount}`, `amount=${Number(amount) - 1}`);
    expect((await deliver(forged)).statusCode).toBe(403);
    expect((await read(order)).status).toBe('pending');
    // The genuine one, replayed, confirms once.
    expect((await deliver(callback)).statusCode).toBe(303);
    expect((await deliver(callback)).statusCode).toBe(303);
    expect((await read(order)).status).toBe('confirmed');
    expect((await detail(order)).payments.filter((p) => p.status === 'approved')).toHaveLength(1);
  });

  it('a gateway reporting one cent less leaves that cent due and the order unconfirmed', async () => {
    const product = await addProduct(shop.t.db, { price: 1390, stock: 50 });
    const order = await placed('private', [line(product.id, 1)]);
    await openPayment('private', order);
    const [payment] = await rowsOf<{ id: number }>(
      shop.t.db,
      sql`select p.id from payments p join orders o on o.id = p.order_id where o.order_no = ${order.orderNo}`,
    );
    const { applyGatewayEvent } = await import('./payment-events.service');
    await applyGatewayEvent({ ...shop.t.app.deps, log: shop.t.app.log, actor: null } as never, {
      gateway: 'test',
      eventId: `short-${order.orderNo}`,
      type: 'payment.approved',
      payment: { id: payment!.id },
      outcome: 'approved',
      amount: order.total - 1,
      payload: {},
    });
    expect((await read(order)).status).toBe('pending');
    expect(await paymentState('private', order)).toMatchObject({ due: 1, payable: 1 });
  });
});

describe('defect 2: a cancelled row is no longer charged', () => {
  it('lowers the total, the amount asked and the amount that confirms the order', async () => {
    const kept = await addProduct(shop.t.db, { price: 1592, stock: 50 });
    const dropped = await addProduct(shop.t.db, { price: 820, stock: 50 });
    const order = await placed('private', [line(kept.id, 1), line(dropped.id, 1)]);
    const pageUrl = await openPayment('private', order);

    const cancel = await shop.clients.admin.post(`/api/order-rows/${order.rows[1]!.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const alone = await quote('private', [line(kept.id, 1)]);
    const after = await read(order);
    expect(after.total).toBe(alone.total);
    expect(after.vat).toBe(alone.vat);
    expect(after.shipping_costs).toBe(alone.shipping.price);
    expect((await shop.t.client().get(pageUrl)).statusCode).toBe(410);

    const fresh = await openPayment('private', order);
    expect(await pageAmount(fresh)).toBe(euro(alone.total));
    await deliver(await approveOn(fresh));
    expect((await read(order)).status).toBe('confirmed');
  });

  it('a partial cancel charges the units left, with rule 5 as the cart would', async () => {
    const product = await addProduct(shop.t.db, { price: 1001, stock: 50 });
    const order = await placed('private', [line(product.id, 7)]);
    const cancel = await shop.clients.admin.post(`/api/order-rows/${order.rows[0]!.id}/cancel`, {
      quantity: 2,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const five = await quote('private', [line(product.id, 5)]);
    expect((await read(order)).total).toBe(five.total);
  });

  it('cancelling the customer backorder recomputes the orders it touched', async () => {
    const product = await addProduct(shop.t.db, { price: 2500, stock: 1, preorder: true });
    const order = await placed('company', [line(product.id, 3)], 'cash_on_delivery');
    const res = await shop.clients.admin.post(`/api/customers/${shop.ids.company}/cancel-backorder`, {
      date: shop.t.clock.now.toISOString().slice(0, 10),
    });
    expect(res.statusCode, res.body).toBe(200);
    const one = await quote('company', [line(product.id, 1)], 'cash_on_delivery');
    expect((await read(order)).total).toBe(one.total);
  });
});

describe('defect 8: an edit re-evaluates the free-shipping threshold and the fee', () => {
  it('charges shipping once an edit takes the order below the threshold, and frees it above', async () => {
    const product = await addProduct(shop.t.db, { price: 7000, stock: 50 });
    const order = await placed('private', [line(product.id, 2)], 'cash_on_delivery');
    expect(order.shipping_costs).toBe(0);

    expect((await editRow(order, 0, 1)).statusCode).toBe(200);
    const one = await quote('private', [line(product.id, 1)], 'cash_on_delivery');
    const lowered = await read(order);
    expect(one.shipping.price).toBeGreaterThan(0);
    expect([lowered.shipping_costs, lowered.payment_fee, lowered.vat, lowered.total]).toEqual([
      one.shipping.price,
      one.payment_fee,
      one.vat,
      one.total,
    ]);

    expect((await editRow(order, 0, 3)).statusCode).toBe(200);
    const three = await quote('private', [line(product.id, 3)], 'cash_on_delivery');
    const raised = await read(order);
    expect([raised.shipping_costs, raised.total]).toEqual([0, three.total]);
  });

  it('adding rows re-prices the whole order too', async () => {
    const first = await addProduct(shop.t.db, { price: 7000, stock: 50 });
    const second = await addProduct(shop.t.db, { price: 7000, stock: 50 });
    const order = await placed('private', [line(first.id, 1)], 'cash_on_delivery');
    const add = await shop.clients.admin.post(`/api/order/${order.id}/rows`, {
      rows: [{ product_id: second.id, quantity: 1 }],
    });
    expect(add.statusCode, add.body).toBe(200);
    const both = await quote('private', [line(first.id, 1), line(second.id, 1)], 'cash_on_delivery');
    expect(both.shipping.price).toBe(0);
    expect(order.shipping_costs).toBeGreaterThan(0);
    expect((await read(order)).total).toBe(both.total);
  });
});

describe('defect 5: a cancelled order cannot be paid, and money that reaches it is refunded', () => {
  it('voids the link on cancel; a payment already on its way is a refund due, mailed and refundable', async () => {
    const product = await addProduct(shop.t.db, { price: 2391, stock: 50 });
    const order = await placed('private', [line(product.id, 1)]);
    const pageUrl = await openPayment('private', order);
    const callback = await approveOn(pageUrl);
    const sentBefore = shop.t.mails.length;

    const cancel = await shop.clients.admin.post(`/api/orders/${order.orderNo}/status`, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await shop.t.client().get(pageUrl)).statusCode).toBe(410);
    expect((await shop.clients.private.post(`/api/orders/${order.orderNo}/payments`)).statusCode).toBe(409);

    await deliver(callback);
    const staff = await detail(order);
    expect(staff.status).toBe('cancelled');
    expect(staff.balance).toEqual({ paid: order.total, due: 0, refund_due: order.total });
    await expect.poll(() => shop.t.mails.length).toBe(sentBefore + 1);
    const mail = shop.t.mails.at(-1)!;
    expect(mail.to).toBe('private@example.com');
    expect(mail.subject).toBe(`Ordine ${order.orderNo}: il tuo pagamento sarà rimborsato`);
    expect(mail.text).toContain(`EUR ${(order.total / 100).toFixed(2)}`);

    const refund = await shop.clients.admin.post(`/api/orders/${order.orderNo}/refunds`);
    expect(refund.json()).toEqual({ refunded: order.total, via: 'by_hand' });
    expect((await detail(order)).balance).toEqual({ paid: 0, due: 0, refund_due: 0 });
    expect((await read(order)).status).toBe('cancelled');
  });

  it('customers cannot refund, and nobody can refund an order that owes nothing back', async () => {
    const product = await addProduct(shop.t.db, { price: 2391, stock: 50 });
    const order = await placed('private', [line(product.id, 1)]);
    expect((await shop.clients.private.post(`/api/orders/${order.orderNo}/refunds`)).statusCode).toBe(403);
    const none = await shop.clients.admin.post(`/api/orders/${order.orderNo}/refunds`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Nothing is due to be refunded on this order.');
  });
});
