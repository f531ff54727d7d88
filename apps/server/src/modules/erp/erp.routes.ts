import {
  ErpCustomerListSchema,
  ErpCustomerSchema,
  ErpCustomerSearchQuerySchema,
  ErpLinkRequestSchema,
  ErpStatusSchema,
  ErpSyncSchema,
  IdParamSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as erp from './erp.service';

const tags = ['erp'];
const OrderParamsSchema = z.object({ orderNo: z.string().trim().min(1).max(40) });

/** The back office's side of the ERP synchronisation (SPEC §1, DESIGN §8), admin only. */
export const erpRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };

  app.get('/api/erp/status', { config, schema: { tags, response: { 200: ErpStatusSchema } } }, (r) =>
    erp.erpStatus(r.ctx),
  );
  app.get(
    '/api/erp/customers',
    {
      config,
      schema: { tags, querystring: ErpCustomerSearchQuerySchema, response: { 200: ErpCustomerListSchema } },
    },
    async (r) => ({ data: await erp.searchErpCustomers(r.ctx, r.query.q) }),
  );
  app.post(
    '/api/customers/:id/erp-link',
    {
      config,
      schema: {
        tags,
        params: IdParamSchema,
        body: ErpLinkRequestSchema,
        response: { 200: ErpCustomerSchema },
      },
    },
    (r) => erp.linkCustomerToErp(r.ctx, r.params.id, r.body.erp_code),
  );
  app.get(
    '/api/customers/:id/erp-syncs',
    { config, schema: { tags, params: IdParamSchema, response: { 200: z.array(ErpSyncSchema) } } },
    (r) => erp.listCustomerErpSyncs(r.ctx, r.params.id),
  );
  app.get(
    '/api/orders/:orderNo/erp-syncs',
    { config, schema: { tags, params: OrderParamsSchema, response: { 200: z.array(ErpSyncSchema) } } },
    (r) => erp.listOrderErpSyncs(r.ctx, r.params.orderNo),
  );
  app.post(
    '/api/orders/:orderNo/erp-sync',
    { config, schema: { tags, params: OrderParamsSchema, response: { 201: ErpSyncSchema } } },
    async (r, reply) => reply.status(201).send(await erp.resendOrderToErp(r.ctx, r.params.orderNo)),
  );
};
