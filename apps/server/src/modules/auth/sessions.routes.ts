import { SessionIdParamSchema, UserSessionSchema } from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as sessions from './sessions.service';

const tags = ['auth'];

/** The account's signed-in browsers (issue 17 point 2): listed, signed out one by one or all but this one. */
export const sessionsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);

  app.get(
    '/api/user/sessions',
    {
      config: { policy: policies.personal },
      schema: { tags, response: { 200: z.object({ data: z.array(UserSessionSchema) }) } },
    },
    async (request) => ({ data: await sessions.listSessions(request.ctx) }),
  );

  app.delete(
    '/api/user/sessions/:sessionId',
    { config: { policy: policies.personal }, schema: { tags, params: SessionIdParamSchema } },
    async (request, reply) => {
      await sessions.endSession(request.ctx, request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/user/other-sessions',
    { config: { policy: policies.personal }, schema: { tags } },
    async (request, reply) => {
      await sessions.endOtherSessions(request.ctx);
      return reply.status(204).send();
    },
  );
};
