import { OrderPaymentStateSchema, OrderRefundSchema } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { receiveStripeWebhook } from './payment-events.service';
import { checkoutCompletePath } from './payment-gateway';
import { getOrderPayment, payOrder } from './payments.service';
import { refundOrder } from './refunds.service';
import { TEST_CALLBACK_PATH, TestCallbackSchema, TestOutcomeSchema } from './test-gateway';
import {
  decideTestPayment,
  PaymentLinkVoided,
  receiveTestCallback,
  viewTestPayment,
} from './test-gateway.service';
import {
  languageOfBrowser,
  renderGonePage,
  renderTestPaymentPage,
  renderVoidedPage,
  TEST_PAGE_CSP,
} from './test-gateway-page';

const tags = ['payments'];
const TokenParams = z.object({ token: z.string().max(100) });
const RedirectSchema = z.object({ redirect_url: z.string() });

/**
 * Paying orders (DESIGN §8). The gateway routes are public and exempt from the CSRF check: no cookie
 * authenticates them. The hosted page's token is its capability; callbacks and webhooks carry a
 * signature checked by the service.
 */
export const paymentsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  // The hosted page's form posts urlencoded (and the 307 re-posts it to the callback); here only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/api/orders/:orderNo/payments',
    {
      config: { policy: policies.customerMay('order') },
      schema: {
        tags,
        summary: 'Pays an order awaiting payment, or pays again: where the browser goes to pay',
        params: z.object({ orderNo: z.string().max(64) }),
        response: { 201: RedirectSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await payOrder(request.ctx, request.params.orderNo)),
  );

  app.get(
    '/api/orders/:orderNo/payments',
    {
      config: { policy: policies.customerMay('read') },
      schema: {
        tags,
        summary: "What the order collected, what it owes and what 'Pay now' would ask for",
        params: z.object({ orderNo: z.string().max(64) }),
        response: { 200: OrderPaymentStateSchema },
      },
    },
    async (request) => getOrderPayment(request.ctx, request.params.orderNo),
  );

  app.post(
    '/api/orders/:orderNo/refunds',
    {
      config: { policy: policies.admin },
      schema: {
        tags,
        summary: 'Refunds what the order collected beyond what it owes (through Stripe, or by hand)',
        params: z.object({ orderNo: z.string().max(64) }),
        response: { 200: OrderRefundSchema },
      },
    },
    async (request) => refundOrder(request.ctx, request.params.orderNo),
  );

  await app.register(hostedPageRoutes);

  app.post(
    TEST_CALLBACK_PATH,
    {
      config: { policy: policies.public, csrfExempt: true },
      schema: {
        tags,
        summary: 'Signed outcome from the built-in test gateway',
        querystring: TestCallbackSchema,
      },
    },
    async (request, reply) => {
      const orderNo = await receiveTestCallback(request.ctx, request.query);
      return reply.redirect(checkoutCompletePath(orderNo), 303);
    },
  );

  await app.register(stripeWebhookRoute);
};

/** The test gateway's hosted page: a browser page, so a dead or unknown link answers an HTML page too. */
async function hostedPageRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.setErrorHandler((error, request, reply) => {
    const html = reply.type('text/html; charset=utf-8');
    if (error instanceof PaymentLinkVoided) {
      return html.status(410).send(renderVoidedPage(error.orderNo, error.language));
    }
    if (!(error instanceof NotFoundError)) throw error;
    return html.status(404).send(renderGonePage(languageOfBrowser(request.headers['accept-language'])));
  });
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('content-security-policy', TEST_PAGE_CSP);
  });
  const app = typed(fastify);

  app.get(
    '/payments/test/:token',
    { config: { policy: policies.public }, schema: { hide: true, params: TokenParams } },
    async (request, reply) => {
      const view = await viewTestPayment(request.ctx, request.params.token);
      return reply.type('text/html; charset=utf-8').send(renderTestPaymentPage(view, request.params.token));
    },
  );

  app.post(
    '/payments/test/:token',
    {
      config: { policy: policies.public, csrfExempt: true },
      schema: { hide: true, params: TokenParams, body: z.object({ outcome: TestOutcomeSchema }) },
    },
    async (request, reply) => {
      const callback = await decideTestPayment(request.ctx, request.params.token, request.body.outcome);
      // 307 keeps the POST: the browser delivers the signed callback, as with a real gateway's redirect.
      return reply.redirect(callback, 307);
    },
  );
}

/** Stripe signs the exact bytes it sent: this route alone reads its JSON body raw. */
async function stripeWebhookRoute(fastify: FastifyInstance): Promise<void> {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  typed(fastify).post(
    '/api/payments/stripe/webhook',
    {
      config: { policy: policies.public, csrfExempt: true },
      schema: { tags, summary: 'Stripe Checkout events, verified by stripe-signature' },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      await receiveStripeWebhook(
        request.ctx,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true };
    },
  );
}
