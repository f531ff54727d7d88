import { SetupRequestSchema, SetupResultSchema, SetupStateSchema } from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { RATE_LIMITS } from '../auth/throttle.service';
import { assertSetupAllowed, isSetupNeeded, setupShop } from './setup.service';

const tags = ['setup'];

/** The first-run screen's API (issue 18 point 2): public, the logged setup token is the capability. */
export const setupRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);

  app.get(
    '/api/setup',
    {
      config: { policy: policies.public },
      schema: {
        tags,
        summary: 'Whether the shop still has to be set up',
        response: { 200: SetupStateSchema },
      },
    },
    async (request) => ({ needed: await isSetupNeeded(request.ctx) }),
  );

  app.post(
    '/api/setup',
    {
      config: { policy: policies.public, rateLimit: RATE_LIMITS.setup },
      // The token is checked before the fields: without it nothing about them is answered.
      preValidation: async (request) => {
        const token = (request.body as { token?: unknown } | null)?.token;
        await assertSetupAllowed(request.ctx, typeof token === 'string' ? token : undefined);
      },
      schema: {
        tags,
        summary: 'Sets the shop up with its first super admin: the link to set the password',
        body: SetupRequestSchema,
        response: { 201: SetupResultSchema },
      },
    },
    async (request, reply) => {
      const { token: _token, ...input } = request.body;
      return reply.status(201).send(await setupShop(request.ctx, input));
    },
  );
};
