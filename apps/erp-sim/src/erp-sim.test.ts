import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErpCustomerPush, ErpOrderPush } from '@shop/domain';
import { isSignedBy } from '@shop/domain/erp-signature';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildErpSim, deliverByInject, type ErpSim, startErpSim } from './erp-sim';

const TOKEN = 'test-token';
const auth = { authorization: `Bearer ${TOKEN}` };

function order(orderNo: string): ErpOrderPush {
  const address = {
    company: 'Dischi Rossi S.r.l.',
    firstname: 'Giulia',
    lastname: 'Rossi',
    co: null,
    address: 'Corso di Porta Ticinese 58',
    postcode: '20123',
    city: 'Milano',
    state: 'MI',
    country: 'IT',
    phone: null,
  };
  return {
    id: 1,
    orderNo,
    erp_order_no: null,
    channel: 'web',
    customer_id: 3,
    billing_company: 'Dischi Rossi S.r.l.',
    date: '2026-11-21T10:00:00.000Z',
    status: 'registered',
    payment_method: 'as_agreed',
    shipping_method_id: null,
    shipping_address: address,
    billing_address: address,
    shipping_costs: 0,
    payment_fee: 0,
    coupon_code: null,
    vat: 440,
    total: 2440,
    total_without_taxes: 2000,
    customer_reference: null,
    customer_reference_date: null,
    erp_order_reason: null,
    paid_at: null,
    rows: [
      {
        id: 11,
        product_id: 5,
        product_sku: 'LP-0005',
        description: 'Kind of Blue (LP)',
        total_ordered_qty: 2,
        quantities: { ordered: 2, shipped: 0, cancelled: 0, residual: 2, ready: 2 },
        discount: 0,
        price: 1000,
        vat_rate: 2200,
        subtotal: 2000,
        status: 'not_shipped',
        is_preorder: false,
        note: null,
      },
    ],
    customer: {
      id: 3,
      erp_code: 'C000101',
      email: 'company@example.com',
      name: 'Dischi Rossi S.r.l.',
      vat_id: 'IT12345670157',
    },
  };
}

const shopCustomer = (id: number, changes: Partial<ErpCustomerPush> = {}): ErpCustomerPush => ({
  id,
  erp_code: null,
  type: 'G',
  company: 'Zeta Dischi S.r.l.',
  firstname: 'Giulia',
  lastname: 'Zeta',
  email: 'ordini@zetadischi.example',
  vat_id: 'IT00743110157',
  tax_number: '00743110157',
  sdi_code: 'M5UXCR1',
  pec: null,
  country: 'IT',
  ...changes,
});

/** A fresh simulator per test, asked through inject. */
function sim() {
  const s = buildErpSim({ token: TOKEN });
  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'PUT', url, payload: payload as object, headers: { ...auth, ...headers } });
  const get = (url: string) => s.app.inject({ method: 'GET', url, headers: auth });
  const pushOrder = (orderNo: string, body: unknown = order(orderNo)) =>
    put(`/orders/${orderNo}`, body, { 'idempotency-key': orderNo });
  return { ...s, put, get, pushOrder };
}

describe('the protocol', () => {
  it('answers 401 without the Bearer token, or with another one', async () => {
    const s = sim();
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: TOKEN }]) {
      const res = await s.app.inject({ method: 'GET', url: '/customers?q=rossi', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
    const push = await s.app.inject({
      method: 'PUT',
      url: '/orders/2026-000001',
      headers: { 'idempotency-key': '2026-000001' },
      payload: order('2026-000001'),
    });
    expect(push.statusCode).toBe(401);
    expect(s.store.orders.size).toBe(0);
    expect((await s.app.inject({ method: 'GET', url: '/_sim/state' })).statusCode).toBe(401);
  });

  it('finds customers by name, VAT id, tax number or code, ignoring case', async () => {
    const s = sim();
    const names = async (q: string) =>
      (await s.get(`/customers?q=${encodeURIComponent(q)}`)).json().data.map((c: { name: string }) => c.name);
    const rossi = await s.get('/customers?q=ROSSI');
    expect(rossi.statusCode).toBe(200);
    expect(rossi.json()).toEqual({
      data: [
        {
          code: 'C000101',
          name: 'Dischi Rossi S.r.l.',
          vat_id: 'IT12345670157',
          tax_number: '12345670157',
          city: 'Milano',
          country: 'IT',
        },
      ],
    });
    expect(await names('che-123')).toEqual(['Alpen Musik AG']);
    expect(await names('18774300588')).toEqual(['Ipermercati Adriatici S.p.A.']);
    expect(await names('c00012')).toEqual([
      'Vinilmania S.r.l.',
      'Radio Onde Libere Soc. Coop.',
      'Tonträger Huber KG',
    ]);
    expect(await names('nobody')).toEqual([]);
    expect(s.store.requests).toContain('GET /customers?q=nobody');
  });

  it('gives one customer by code, 404 when there is none', async () => {
    const s = sim();
    const found = await s.get('/customers/C000103');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ code: 'C000103', name: 'Alpen Musik AG', country: 'CH' });
    const missing = await s.get('/customers/X999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Customer not found' });
  });

  it('stores an order pushed twice once, with the same ERP number: 201 then 200 duplicate', async () => {
    const s = sim();
    const first = await s.pushOrder('2026-000001');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ erp_order_no: 'ERP-000001', duplicate: false });
    const again = await s.pushOrder('2026-000001');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ erp_order_no: 'ERP-000001', duplicate: true });
    const other = await s.pushOrder('2026-000002');
    expect(other.json()).toEqual({ erp_order_no: 'ERP-000002', duplicate: false });

    expect(s.store.orders.size).toBe(2);
    expect(s.store.orders.get('2026-000001')).toMatchObject({ erp_order_no: 'ERP-000001', received: 2 });
    expect(s.store.orders.get('2026-000001')!.order.total).toBe(2440);
  });

  it('answers 400 to an Idempotency-Key missing or other than the order number, storing nothing', async () => {
    const s = sim();
    expect((await s.pushOrder('2026-000001')).statusCode).toBe(201);
    const other = await s.put('/orders/2026-000002', order('2026-000002'), {
      'idempotency-key': '2026-000001',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: 'Idempotency-Key must be the order number' });
    const missing = await s.put('/orders/2026-000002', order('2026-000002'));
    expect(missing.statusCode).toBe(400);
    expect([...s.store.orders.keys()]).toEqual(['2026-000001']);
  });

  it('answers 400 with a message to a body that is not an order, or is another order', async () => {
    const s = sim();
    const { rows: _, ...noRows } = order('2026-000001');
    const bad = await s.pushOrder('2026-000001', noRows);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('rows');
    const notJson = await s.app.inject({
      method: 'PUT',
      url: '/orders/2026-000001',
      headers: { ...auth, 'idempotency-key': '2026-000001', 'content-type': 'application/json' },
      payload: '{"orderNo":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(typeof notJson.json().message).toBe('string');
    const another = await s.pushOrder('2026-000001', order('2026-000009'));
    expect(another.statusCode).toBe(400);
    expect(another.json()).toEqual({ message: 'The body is another order' });
    expect(s.store.orders.size).toBe(0);
  });

  it('keeps a pushed return by its number, each push its latest state', async () => {
    const s = sim();
    const ret = {
      number: 'RMA-2026-000001',
      order_no: '2026-000101',
      status: 'authorised',
      customer: { id: 7, erp_code: null },
      warehouse_id: null,
      rows: [
        { order_row_id: 3, sku: 'MU-0001', quantity: 2, received_qty: null, reason: 'damaged', note: null },
      ],
      credit_note: null,
    };
    const first = await s.put('/returns/RMA-2026-000001', ret);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ number: 'RMA-2026-000001', status: 'authorised' });
    const received = await s.put('/returns/RMA-2026-000001', { ...ret, status: 'received', warehouse_id: 1 });
    expect(received.json()).toEqual({ number: 'RMA-2026-000001', status: 'received' });
    expect(s.store.returns.get('RMA-2026-000001')).toMatchObject({
      received: 2,
      ret: { status: 'received' },
    });
    const other = await s.put('/returns/RMA-2026-000002', ret);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: 'The body is another return' });
  });

  it('creates a pushed customer with a new code, keeps the code on update, and makes it findable', async () => {
    const s = sim();
    const created = await s.put('/shop-customers/42', shopCustomer(42));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ code: 'C500001' });
    const updated = await s.put('/shop-customers/42', shopCustomer(42, { company: 'Zeta Vinili S.r.l.' }));
    expect(updated.json()).toEqual({ code: 'C500001' });
    expect(s.store.shopCustomers.get(42)).toMatchObject({ code: 'C500001', received: 2 });
    expect((await s.get('/customers?q=zeta')).json().data).toEqual([
      {
        code: 'C500001',
        name: 'Zeta Vinili S.r.l.',
        vat_id: 'IT00743110157',
        tax_number: '00743110157',
        city: null,
        country: 'IT',
      },
    ]);

    const linked = await s.put('/shop-customers/43', shopCustomer(43, { erp_code: 'C000123' }));
    expect(linked.json()).toEqual({ code: 'C000123' });
    expect((await s.get('/customers/C000123')).json()).toMatchObject({
      name: 'Zeta Dischi S.r.l.',
      city: 'Trieste',
    });

    const otherId = await s.put('/shop-customers/44', shopCustomer(45));
    expect(otherId.statusCode).toBe(400);
    expect(otherId.json()).toEqual({ message: 'The body is another customer' });
  });
});

describe('failing and slow', () => {
  it('answers 503 to everything while down, then 201 when up again', async () => {
    const s = sim();
    s.store.down = true;
    const down = await s.pushOrder('2026-000001');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: 'ERP unavailable' });
    expect((await s.get('/customers?q=rossi')).statusCode).toBe(503);
    expect(s.store.orders.size).toBe(0);
    s.store.down = false;
    expect((await s.pushOrder('2026-000001')).statusCode).toBe(201);
  });

  it('fails the next two pushes with 503, then takes the order', async () => {
    const s = sim();
    s.store.failNext = 2;
    expect((await s.get('/customers/C000101')).statusCode).toBe(200);
    expect((await s.pushOrder('2026-000001')).statusCode).toBe(503);
    expect((await s.put('/shop-customers/7', shopCustomer(7))).statusCode).toBe(503);
    const third = await s.pushOrder('2026-000001');
    expect(third.statusCode).toBe(201);
    expect(third.json()).toEqual({ erp_order_no: 'ERP-000001', duplicate: false });
    expect(s.store.failNext).toBe(0);
  });

  it('waits delay_ms before answering a protocol request, never a control one', async () => {
    const s = sim();
    s.store.delayMs = 150;
    let started = performance.now();
    expect((await s.get('/customers/C000101')).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    started = performance.now();
    expect((await s.get('/_sim/state')).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('the control endpoints', () => {
  let erp: ErpSim;
  beforeAll(async () => {
    erp = await startErpSim({ token: TOKEN });
  });
  afterAll(() => erp.close());
  afterEach(() => {
    Object.assign(erp.store, { down: false, delayMs: 0, failNext: 0 });
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${erp.url}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  it('listens on 127.0.0.1 on a free port', () => {
    expect(erp.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('sets and shows down, delay and planned failures, and still answers while down', async () => {
    expect(await call('GET', '/_sim/state')).toEqual({
      status: 200,
      body: {
        down: false,
        delay_ms: 0,
        fail_next: 0,
        customers: 9,
        orders: 0,
        shop_customers: 0,
        returns: 0,
        callbacks: 0,
      },
    });
    const set = await call('PUT', '/_sim/state', { down: true, delay_ms: 20, fail_next: 3 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ down: true, delay_ms: 20, fail_next: 3 });
    expect(erp.store).toMatchObject({ down: true, delayMs: 20, failNext: 3 });
    expect(await call('GET', '/customers?q=rossi')).toEqual({
      status: 503,
      body: { message: 'ERP unavailable' },
    });
    expect((await call('PUT', '/_sim/state', { down: false })).body).toMatchObject({
      down: false,
      delay_ms: 20,
      fail_next: 3,
    });
    expect((await call('PUT', '/_sim/state', { delay_ms: -1 })).status).toBe(400);
    expect((await call('PUT', '/_sim/state', { slow: true })).status).toBe(400);
    expect((await call('GET', '/_sim/state', undefined, { authorization: 'Bearer nope' })).status).toBe(401);
  });

  it('lists the orders received and shows one, 404 for an unknown one', async () => {
    const pushed = await call('PUT', '/orders/2026-000077', order('2026-000077'), {
      'idempotency-key': '2026-000077',
    });
    expect(pushed).toEqual({ status: 201, body: { erp_order_no: 'ERP-000001', duplicate: false } });
    expect((await call('GET', '/_sim/orders')).body).toEqual({
      data: [
        {
          order_no: '2026-000077',
          erp_order_no: 'ERP-000001',
          received: 1,
          received_at: expect.any(String),
          customer: 'Dischi Rossi S.r.l.',
          total: 2440,
        },
      ],
    });
    const one = await call('GET', '/_sim/orders/2026-000077');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ order_no: '2026-000077', erp_order_no: 'ERP-000001', received: 1 });
    expect((one.body as { order: ErpOrderPush }).order.rows[0]!.product_sku).toBe('LP-0005');
    expect(await call('GET', '/_sim/orders/1999-000001')).toEqual({
      status: 404,
      body: { message: 'Order not found' },
    });
  });
});

describe('callbacks', () => {
  type Received = { body: string; headers: IncomingHttpHeaders; url: string };
  const received: Received[] = [];
  const shop = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ body, headers: request.headers, url: request.url ?? '' });
      const { id, type } = JSON.parse(body) as { id: string; type: string };
      const signed =
        typeof request.headers['x-erp-signature'] === 'string' &&
        isSignedBy(
          TOKEN,
          Number(request.headers['x-erp-timestamp']),
          body,
          request.headers['x-erp-signature'],
        );
      response.writeHead(signed ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify(signed ? { received: id, type } : { message: 'Bad signature' }));
    });
  });
  let erp: ErpSim;
  beforeAll(async () => {
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const { port } = shop.address() as AddressInfo;
    erp = await startErpSim({ token: TOKEN, shopUrl: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await erp.close();
    await new Promise((resolve) => shop.close(resolve));
  });

  it('signs <timestamp>.<raw body> with the token, and the shop verifies it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const result = await erp.sendCallback('order.status', { order_no: '2026-000001', status: 'in_work' });
    expect(result).toEqual({
      status: 200,
      body: { received: result.id, type: 'order.status' },
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const sent = received.at(-1)!;
    expect(sent.url).toBe('/api/erp/callbacks');
    expect(JSON.parse(sent.body)).toEqual({
      id: result.id,
      type: 'order.status',
      data: { order_no: '2026-000001', status: 'in_work' },
    });
    expect(sent.headers['content-type']).toBe('application/json');
    const timestamp = Number(sent.headers['x-erp-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(before + 2);
    expect(isSignedBy(TOKEN, timestamp, sent.body, String(sent.headers['x-erp-signature']))).toBe(true);
    expect(isSignedBy('another-token', timestamp, sent.body, String(sent.headers['x-erp-signature']))).toBe(
      false,
    );
  });

  it('sends the given id and timestamp, a forged signature, or none', async () => {
    const given = await erp.sendCallback(
      'stock',
      { items: [{ sku: 'LP-0005', warehouse_id: 1, on_hand: 12 }] },
      { id: 'cb-1', timestamp: 1_795_000_000 },
    );
    expect(given).toEqual({ status: 200, body: { received: 'cb-1', type: 'stock' }, id: 'cb-1' });
    expect(received.at(-1)!.headers['x-erp-timestamp']).toBe('1795000000');

    const forged = await erp.sendCallback(
      'credit_note',
      { order_no: '2026-000001', rows: [{ row_id: 11, quantity: 1 }] },
      { signature: 'sha256=00' },
    );
    expect(forged).toMatchObject({ status: 401, body: { message: 'Bad signature' } });
    expect(received.at(-1)!.headers['x-erp-signature']).toBe('sha256=00');

    await erp.sendCallback(
      'order.status',
      { order_no: '2026-000001', status: 'shipped' },
      { signature: null },
    );
    expect(received.at(-1)!.headers).not.toHaveProperty('x-erp-signature');
  });

  it('replays a callback with the identical body and headers', async () => {
    const first = await erp.sendCallback('order.shipment', {
      order_no: '2026-000001',
      rows: [{ row_id: 11, quantity: 2 }],
    });
    const original = received.at(-1)!;
    const replay = await erp.resend(first.id);
    expect(replay).toEqual(first);
    const again = received.at(-1)!;
    expect(again.body).toBe(original.body);
    for (const header of ['content-type', 'x-erp-timestamp', 'x-erp-signature']) {
      expect(again.headers[header]).toBe(original.headers[header]);
    }
    expect(erp.store.callbacks.filter((c) => c.id === first.id)).toHaveLength(2);
    await expect(erp.resend('never-sent')).rejects.toThrow('No callback never-sent was sent');
  });

  it('sends a callback on POST /_sim/callbacks and answers with the shop status and body', async () => {
    const call = (body: unknown) =>
      fetch(`${erp.url}/_sim/callbacks`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await call({ type: 'order.status', data: { order_no: '2026-000003', status: 'picking' } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { id: string };
    expect(answer).toEqual({
      status: 200,
      body: { received: answer.id, type: 'order.status' },
      id: answer.id,
    });
    expect(JSON.parse(received.at(-1)!.body).data).toEqual({ order_no: '2026-000003', status: 'picking' });

    const paid = await call({
      type: 'invoice.paid',
      data: { number: 'INV-2026-000004', paid_at: '2026-11-20T10:00:00Z' },
    });
    expect(paid.status).toBe(200);
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({
      type: 'invoice.paid',
      data: { number: 'INV-2026-000004', paid_at: '2026-11-20T10:00:00Z' },
    });

    const bad = await call({ type: 'order.status', data: { order_no: '2026-000003', status: 'lost' } });
    expect(bad.status).toBe(400);
    expect((await call({ type: 'refund', data: {} })).status).toBe(400);
  });

  it('answers 502 on POST /_sim/callbacks when the shop cannot be reached', async () => {
    const lonely = await startErpSim({ token: TOKEN, shopUrl: 'http://127.0.0.1:9' });
    try {
      const res = await fetch(`${lonely.url}/_sim/callbacks`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'order.status', data: { order_no: '2026-000003', status: 'picking' } }),
      });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toMatch(/^The shop cannot be reached/);
    } finally {
      await lonely.close();
    }
  });

  it('delivers into a shop app that does not listen', async () => {
    const app = Fastify();
    app.post('/api/erp/callbacks', async (request) => ({ received: (request.body as { id: string }).id }));
    const s = buildErpSim({ token: TOKEN, deliver: deliverByInject(app) });
    const result = await s.sendCallback(
      'order.status',
      { order_no: '2026-000001', status: 'closed' },
      { id: 'x' },
    );
    expect(result).toEqual({ status: 200, body: { received: 'x' }, id: 'x' });
    s.setShop(deliverByInject(Fastify()));
    expect((await s.resend('x')).status).toBe(404);
    await app.close();
  });
});
