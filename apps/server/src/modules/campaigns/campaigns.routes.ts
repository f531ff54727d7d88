import { CATEGORY_CODES, CampaignDetailSchema, CampaignSchema, IdParamSchema, pageOf } from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as campaigns from './campaigns.service';

const tags = ['campaigns'];
const flag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const ListQuerySchema = z.strictObject({
  category: z.enum(CATEGORY_CODES).optional(),
  /** SPEC §2 /new-campaign: only campaigns started in the last 30 days. */
  new: flag.optional(),
});
const DetailQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(24),
});

/** SPEC §7 campaign reads, public; a campaign's products (priced) need sign-in. */
export const campaignsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.public };

  app.get(
    '/api/campaigns',
    { config, schema: { tags, querystring: ListQuerySchema, response: { 200: pageOf(CampaignSchema) } } },
    async (r) => {
      const data = await campaigns.listCampaigns(r.ctx, r.query);
      return { data, meta: { total: data.length, page: 1, per_page: data.length } };
    },
  );
  app.get(
    '/api/campaigns/:id',
    {
      config,
      schema: {
        tags,
        params: IdParamSchema,
        querystring: DetailQuerySchema,
        response: { 200: CampaignDetailSchema },
      },
    },
    (r) => campaigns.getCampaign(r.ctx, r.params.id, r.query),
  );
};
