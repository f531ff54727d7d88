import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ErpCallbackSchema,
  type ErpCustomer,
  ErpCustomerPushSchema,
  ErpOrderPushSchema,
  ErpReturnPushSchema,
} from '@shop/domain';
import Fastify, { type FastifyError, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CallbackDelivery, callbackSender, deliverTo } from './callbacks';
import { SEED_CUSTOMERS } from './seed-customers';
import {
  createStore,
  type ErpSimStore,
  receiveOrder,
  receiveReturn,
  searchCustomers,
  takeFailure,
  upsertShopCustomer,
} from './store';

export {
  type CallbackDelivery,
  type CallbackResult,
  deliverByInject,
  deliverTo,
  type SendCallbackOptions,
} from './callbacks';
export { SEED_CUSTOMERS } from './seed-customers';
export type { ErpSimStore, PushedCustomer, ReceivedOrder, ReceivedReturn, SentCallback } from './store';

export const DEFAULT_ERP_TOKEN = 'dev-erp-token';
export const DEFAULT_SHOP_URL = 'http://127.0.0.1:3000';

export type ErpSimOptions = {
  /** The shared ERP_TOKEN: the Bearer token the shop sends and the key callbacks are signed with. */
  token?: string;
  /** The shop's APP_URL, where callbacks go. */
  shopUrl?: string;
  /** How callbacks reach the shop instead of HTTP to `shopUrl` (e.g. `deliverByInject(app)`). */
  deliver?: CallbackDelivery;
  /** The ERP's customers; SEED_CUSTOMERS unless given. */
  customers?: ErpCustomer[];
  logger?: boolean;
};

const UNAVAILABLE = { message: 'ERP unavailable' };
const UNAUTHORIZED = { message: 'Unauthorized' };

class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, z.prettifyError(result.error));
  return result.data;
}

const CustomerSearchSchema = z.object({ q: z.string().default('') });
const StateChangeSchema = z.strictObject({
  down: z.boolean().optional(),
  delay_ms: z.number().int().min(0).max(600_000).optional(),
  fail_next: z.number().int().min(0).optional(),
});
const SimCallbackSchema = z.object({
  id: z.string().optional(),
  type: z.string(),
  data: z.unknown(),
});

function stateOf(store: ErpSimStore) {
  return {
    down: store.down,
    delay_ms: store.delayMs,
    fail_next: store.failNext,
    customers: store.customers.size,
    orders: store.orders.size,
    shop_customers: store.shopCustomers.size,
    returns: store.returns.size,
    callbacks: store.callbacks.length,
  };
}

/**
 * The ERP simulator (docs/erp-protocol.md): the protocol's routes over an in-memory store, made to
 * fail or be slow through the store or /_sim/state, and the signed callbacks it sends to the shop.
 */
export function buildErpSim(options: ErpSimOptions = {}) {
  const token = options.token ?? DEFAULT_ERP_TOKEN;
  const store = createStore(options.customers ?? SEED_CUSTOMERS);
  let delivery = options.deliver ?? deliverTo(options.shopUrl ?? DEFAULT_SHOP_URL);
  const callbacks = callbackSender(store, token, () => delivery);
  const authorized = (request: FastifyRequest) => request.headers.authorization === `Bearer ${token}`;

  // A delayed request must not hold close() up; a big order's push must not pass the body limit.
  const app = Fastify({
    logger: options.logger ?? false,
    forceCloseConnections: true,
    bodyLimit: 10 * 1024 * 1024,
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    return reply.code(status).send({ message: error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));

  app.register(async (erp) => {
    erp.addHook('onRequest', async (request, reply) => {
      store.requests.push(`${request.method} ${request.url}`);
      if (store.delayMs > 0) await sleep(store.delayMs);
      if (store.down) return reply.code(503).send(UNAVAILABLE);
      if (!authorized(request)) return reply.code(401).send(UNAUTHORIZED);
    });

    erp.get('/customers', async (request) => ({
      data: searchCustomers(store, parse(CustomerSearchSchema, request.query).q),
    }));

    erp.get<{ Params: { code: string } }>('/customers/:code', async (request, reply) => {
      const customer = store.customers.get(request.params.code);
      return customer ?? reply.code(404).send({ message: 'Customer not found' });
    });

    erp.put<{ Params: { orderNo: string } }>('/orders/:orderNo', async (request, reply) => {
      const { orderNo } = request.params;
      if (request.headers['idempotency-key'] !== orderNo) {
        throw new HttpError(400, 'Idempotency-Key must be the order number');
      }
      const order = parse(ErpOrderPushSchema, request.body);
      if (order.orderNo !== orderNo) throw new HttpError(400, 'The body is another order');
      if (takeFailure(store)) return reply.code(503).send(UNAVAILABLE);
      const answer = receiveOrder(store, order, new Date());
      return reply.code(answer.duplicate ? 200 : 201).send(answer);
    });

    erp.put<{ Params: { id: string } }>('/shop-customers/:id', async (request, reply) => {
      const customer = parse(ErpCustomerPushSchema, request.body);
      if (String(customer.id) !== request.params.id) throw new HttpError(400, 'The body is another customer');
      if (takeFailure(store)) return reply.code(503).send(UNAVAILABLE);
      return upsertShopCustomer(store, customer);
    });

    erp.put<{ Params: { number: string } }>('/returns/:number', async (request, reply) => {
      const ret = parse(ErpReturnPushSchema, request.body);
      if (ret.number !== request.params.number) throw new HttpError(400, 'The body is another return');
      if (takeFailure(store)) return reply.code(503).send(UNAVAILABLE);
      return receiveReturn(store, ret);
    });
  });

  // The control routes: never down nor slow, so a test can always bring the ERP back.
  app.register(async (sim) => {
    sim.addHook('onRequest', async (request, reply) => {
      if (!authorized(request)) return reply.code(401).send(UNAUTHORIZED);
    });

    sim.get('/_sim/state', async () => stateOf(store));

    sim.put('/_sim/state', async (request) => {
      const change = parse(StateChangeSchema, request.body);
      if (change.down !== undefined) store.down = change.down;
      if (change.delay_ms !== undefined) store.delayMs = change.delay_ms;
      if (change.fail_next !== undefined) store.failNext = change.fail_next;
      return stateOf(store);
    });

    sim.get('/_sim/orders', async () => ({
      data: [...store.orders].map(([order_no, o]) => ({
        order_no,
        erp_order_no: o.erp_order_no,
        received: o.received,
        received_at: o.received_at,
        customer: o.order.customer.name,
        total: o.order.total,
      })),
    }));

    sim.get<{ Params: { orderNo: string } }>('/_sim/orders/:orderNo', async (request, reply) => {
      const received = store.orders.get(request.params.orderNo);
      return received
        ? { order_no: request.params.orderNo, ...received }
        : reply.code(404).send({ message: 'Order not found' });
    });

    // Answers 200 with the shop's own status and body: the callback's outcome, not the simulator's.
    sim.post('/_sim/callbacks', async (request, reply) => {
      const { id, type, data } = parse(SimCallbackSchema, request.body);
      const callback = parse(ErpCallbackSchema, { id: id ?? randomUUID(), type, data });
      try {
        return await callbacks.send(callback.type, callback.data, { id: callback.id });
      } catch (error) {
        return reply.code(502).send({ message: `The shop cannot be reached: ${(error as Error).message}` });
      }
    });
  });

  return {
    app,
    store,
    token,
    sendCallback: callbacks.send,
    resend: callbacks.resend,
    /** Points the callbacks at another shop: its URL, or a delivery such as `deliverByInject(app)`. */
    setShop(target: string | CallbackDelivery) {
      delivery = typeof target === 'string' ? deliverTo(target) : target;
    },
  };
}

export type ErpSim = Awaited<ReturnType<typeof startErpSim>>;

/** The simulator listening on `host` (127.0.0.1) and `port` (0: any free one), for tests, dev and the bench. */
export async function startErpSim(options: ErpSimOptions & { port?: number; host?: string } = {}) {
  const sim = buildErpSim(options);
  const host = options.host ?? '127.0.0.1';
  await sim.app.listen({ port: options.port ?? 0, host });
  const { port } = sim.app.server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    token: sim.token,
    store: sim.store,
    sendCallback: sim.sendCallback,
    resend: sim.resend,
    setShop: sim.setShop,
    close: () => sim.app.close(),
  };
}
