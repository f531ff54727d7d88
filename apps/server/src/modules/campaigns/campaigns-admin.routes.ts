import {
  AdminCampaignSchema,
  CampaignInputSchema,
  CampaignListQuerySchema,
  CampaignRowSchema,
  CampaignRowsInputSchema,
  CampaignRowsQuerySchema,
  CampaignRowsWrittenSchema,
  IdParamSchema,
  pageOf,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as admin from './campaigns-admin.service';

/**
 * SPEC §7 campaign writes for the back office, admin only (a customer's session gets 403, a visitor
 * 401). GET /api/campaigns and /api/campaigns/{id} stay the storefront's (running campaigns, priced
 * products), so the back office reads every campaign under /api/backoffice/campaigns.
 */
export const campaignsAdminRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const schema = { tags: ['campaigns (back office)'] };
  const params = IdParamSchema;

  app.get(
    '/api/backoffice/campaigns',
    {
      config,
      schema: {
        ...schema,
        querystring: CampaignListQuerySchema,
        response: { 200: pageOf(AdminCampaignSchema) },
      },
    },
    (r) => admin.listAdminCampaigns(r.ctx, r.query),
  );
  app.get(
    '/api/backoffice/campaigns/:id',
    { config, schema: { ...schema, params, response: { 200: AdminCampaignSchema } } },
    (r) => admin.getAdminCampaign(r.ctx, r.params.id),
  );
  app.get(
    '/api/backoffice/campaigns/:id/rows',
    {
      config,
      schema: {
        ...schema,
        params,
        querystring: CampaignRowsQuerySchema,
        response: { 200: pageOf(CampaignRowSchema) },
      },
    },
    (r) => admin.listCampaignRows(r.ctx, r.params.id, r.query),
  );
  app.post(
    '/api/campaigns',
    { config, schema: { ...schema, body: CampaignInputSchema, response: { 201: AdminCampaignSchema } } },
    async (r, reply) => reply.status(201).send(await admin.createCampaign(r.ctx, r.body)),
  );
  app.put(
    '/api/campaign/:id',
    {
      config,
      schema: { ...schema, params, body: CampaignInputSchema, response: { 200: AdminCampaignSchema } },
    },
    (r) => admin.updateCampaign(r.ctx, r.params.id, r.body),
  );
  app.post(
    '/api/campaigns/:id/rows',
    {
      config,
      schema: {
        ...schema,
        params,
        body: CampaignRowsInputSchema,
        response: { 200: CampaignRowsWrittenSchema },
      },
    },
    (r) => admin.addCampaignRows(r.ctx, r.params.id, r.body),
  );
  app.delete('/api/campaign-rows/:id/delete', { config, schema: { ...schema, params } }, async (r, reply) => {
    await admin.deleteCampaignRow(r.ctx, r.params.id);
    return reply.status(204).send();
  });
};
