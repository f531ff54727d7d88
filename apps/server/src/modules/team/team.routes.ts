import {
  IdParamSchema,
  IdTextSchema,
  InviteTeamMemberInputSchema,
  pageOf,
  TeamMemberSchema,
  UpdateTeamMemberInputSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as team from './team.service';

const tags = ['team'];
const UserParamsSchema = IdParamSchema.extend({ userId: IdTextSchema });
const one = { tags, params: UserParamsSchema, response: { 200: TeamMemberSchema } };

/**
 * Routes of the Team of a customer's users (issue 19 points 1, 2): the company admin manages his own
 * customer's, staff any customer's from the back office; a user of another customer answers 404.
 */
export const teamRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.ownCustomer('manage') };

  app.get(
    '/api/customers/:id/users',
    { config, schema: { tags, params: IdParamSchema, response: { 200: pageOf(TeamMemberSchema) } } },
    async (request) => {
      const data = await team.listTeam(request.ctx, request.params.id);
      return { data, meta: { total: data.length, page: 1, per_page: data.length } };
    },
  );

  app.post(
    '/api/customers/:id/users',
    {
      config,
      schema: {
        tags,
        params: IdParamSchema,
        body: InviteTeamMemberInputSchema,
        response: { 201: TeamMemberSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await team.invite(request.ctx, request.params.id, request.body)),
  );

  app.put(
    '/api/customers/:id/users/:userId',
    { config, schema: { ...one, body: UpdateTeamMemberInputSchema } },
    async (request) => team.updateMember(request.ctx, request.params.id, request.params.userId, request.body),
  );

  app.post(
    '/api/customers/:id/users/:userId/resend',
    {
      config,
      schema: { tags, params: UserParamsSchema, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => team.resendInvitation(request.ctx, request.params.id, request.params.userId),
  );

  app.post('/api/customers/:id/users/:userId/disable', { config, schema: one }, async (request) =>
    team.disableMember(request.ctx, request.params.id, request.params.userId),
  );

  app.post('/api/customers/:id/users/:userId/enable', { config, schema: one }, async (request) =>
    team.enableMember(request.ctx, request.params.id, request.params.userId),
  );

  app.delete(
    '/api/customers/:id/users/:userId',
    { config, schema: { tags, params: UserParamsSchema } },
    async (request, reply) => {
      await team.removeMember(request.ctx, request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );
};
