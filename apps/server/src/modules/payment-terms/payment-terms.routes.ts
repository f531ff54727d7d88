import {
  IdParamSchema,
  PaymentTermsInputSchema,
  PaymentTermsQuerySchema,
  PaymentTermsSchema,
  pageOf,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as terms from './payment-terms.service';

/** Payment terms (issue 20 point 2), staff only like the customer groups that use them. */
export const paymentTermsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const params = IdParamSchema;
  const tags = ['payment terms'];

  app.get(
    '/api/payment-terms',
    {
      config,
      schema: { tags, querystring: PaymentTermsQuerySchema, response: { 200: pageOf(PaymentTermsSchema) } },
    },
    (r) => terms.listPaymentTerms(r.ctx, r.query),
  );
  app.get(
    '/api/payment-terms/:id',
    { config, schema: { tags, params, response: { 200: PaymentTermsSchema } } },
    (r) => terms.getPaymentTerms(r.ctx, r.params.id),
  );
  app.post(
    '/api/payment-terms',
    { config, schema: { tags, body: PaymentTermsInputSchema, response: { 201: PaymentTermsSchema } } },
    async (r, reply) => reply.status(201).send(await terms.createPaymentTerms(r.ctx, r.body)),
  );
  app.put(
    '/api/payment-terms/:id',
    {
      config,
      schema: { tags, params, body: PaymentTermsInputSchema, response: { 200: PaymentTermsSchema } },
    },
    (r) => terms.updatePaymentTerms(r.ctx, r.params.id, r.body),
  );
  app.delete('/api/payment-terms/:id', { config, schema: { tags, params } }, async (r, reply) => {
    await terms.deletePaymentTerms(r.ctx, r.params.id);
    return reply.status(204).send();
  });
};
