import {
  DiscountRuleInputSchema,
  DiscountRuleQuerySchema,
  DiscountRuleSchema,
  IdParamSchema,
  pageOf,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as rules from './discount-rules.service';

/**
 * SPEC §7 discount rules, admin only (a customer's session gets 403, a visitor 401): GET, POST
 * /api/discount-rules (optionally ?customerGroup=<id>), GET, PUT /api/discount-rules/{id}, and DELETE
 * /api/discount-rules/{id} for the back office's delete.
 */
export const discountRulesRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const schema = { tags: ['discount rules'] };
  const params = IdParamSchema;

  app.get(
    '/api/discount-rules',
    {
      config,
      schema: {
        ...schema,
        querystring: DiscountRuleQuerySchema,
        response: { 200: pageOf(DiscountRuleSchema) },
      },
    },
    (r) => rules.listDiscountRules(r.ctx, r.query),
  );
  app.post(
    '/api/discount-rules',
    { config, schema: { ...schema, body: DiscountRuleInputSchema, response: { 201: DiscountRuleSchema } } },
    async (r, reply) => reply.status(201).send(await rules.createDiscountRule(r.ctx, r.body)),
  );
  app.get(
    '/api/discount-rules/:id',
    { config, schema: { ...schema, params, response: { 200: DiscountRuleSchema } } },
    (r) => rules.getDiscountRule(r.ctx, r.params.id),
  );
  app.put(
    '/api/discount-rules/:id',
    {
      config,
      schema: { ...schema, params, body: DiscountRuleInputSchema, response: { 200: DiscountRuleSchema } },
    },
    (r) => rules.updateDiscountRule(r.ctx, r.params.id, r.body),
  );
  app.delete('/api/discount-rules/:id', { config, schema: { ...schema, params } }, async (r, reply) => {
    await rules.deleteDiscountRule(r.ctx, r.params.id);
    return reply.status(204).send();
  });
};
