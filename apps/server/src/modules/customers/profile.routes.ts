import {
  CustomerSchema,
  CustomerSettingsInputSchema,
  IdParamSchema,
  VatCheckQuerySchema,
  VatCheckResultSchema,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { RATE_LIMITS } from '../auth/throttle.service';
import * as profile from './profile.service';

const tags = ['customers'];

/** The customer's profile home (SPEC §2): settings and the VAT number's live check ('My data' saves through customers-admin.routes.ts). */
export const profileRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);

  app.put(
    '/api/customers/:id/settings',
    {
      config: { policy: policies.ownCustomer('manage') },
      schema: {
        tags,
        params: IdParamSchema,
        body: CustomerSettingsInputSchema,
        response: { 200: CustomerSchema },
      },
    },
    (request) => profile.updateSettings(request.ctx, request.params.id, request.body),
  );

  // Public: the sign-up form checks a company's number too (issue 22), within a per-address limit.
  app.get(
    '/api/vat-numbers/check',
    {
      config: { policy: policies.public, rateLimit: RATE_LIMITS.vatCheck },
      schema: { tags, querystring: VatCheckQuerySchema, response: { 200: VatCheckResultSchema } },
    },
    (request) => profile.checkVatNumberLive(request.ctx, request.query),
  );
};
