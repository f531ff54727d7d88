import {
  ApiTokenSchema,
  ChangePasswordInputSchema,
  CreatedApiTokenSchema,
  CreateUserInputSchema,
  IdParamSchema,
  IdTextSchema,
  RequestTokenInputSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as tokens from '../auth/api-tokens.service';
import { RATE_LIMITS } from '../auth/throttle.service';
import * as users from './users.service';

const tags = ['users'];
const UserParams = IdParamSchema;
const TokenParams = UserParams.extend({ tokenId: IdTextSchema });

export const usersRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);

  app.post(
    '/api/users',
    {
      config: { policy: policies.admin },
      schema: {
        tags,
        body: CreateUserInputSchema,
        response: {
          201: z.object({
            id: z.number(),
            email: z.string(),
            is_super_admin: z.boolean(),
            customer_id: z.number().nullable(),
          }),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await users.createUser(request.ctx, request.body)),
  );

  app.post(
    '/api/users/:id/request-token',
    {
      config: { policy: policies.ownUser(), rateLimit: RATE_LIMITS.tokenCreation },
      schema: {
        tags,
        params: UserParams,
        body: RequestTokenInputSchema,
        response: { 201: CreatedApiTokenSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tokens.requestToken(request.ctx, request.params.id, request.body)),
  );

  app.get(
    '/api/users/:id/tokens',
    {
      config: { policy: policies.ownUser() },
      schema: { tags, params: UserParams, response: { 200: z.object({ data: z.array(ApiTokenSchema) }) } },
    },
    async (request) => ({ data: await tokens.listTokens(request.ctx, request.params.id) }),
  );

  app.delete(
    '/api/users/:id/:tokenId/revoke',
    { config: { policy: policies.ownUser() }, schema: { tags, params: TokenParams } },
    async (request, reply) => {
      await tokens.revokeToken(request.ctx, request.params.id, request.params.tokenId);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/users/:id/password',
    {
      config: { policy: policies.ownUser() },
      schema: { tags, params: UserParams, body: ChangePasswordInputSchema },
    },
    async (request, reply) => {
      await users.changePassword(request.ctx, request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};
