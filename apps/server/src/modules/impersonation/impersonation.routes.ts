import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import {
  clearSessionCookie,
  clearStaffSessionCookie,
  cookieNames,
  setSessionCookie,
  setStaffSessionCookie,
} from '../auth/auth.cookies';
import * as impersonation from './impersonation.service';

const tags = ['impersonation'];
const RedirectSchema = z.object({ redirect: z.string() });
const SignInAsParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

/**
 * Routes of staff signed in as a customer's user (issue 19 point 5). The browser's staff session
 * cookie is kept aside in a second httpOnly cookie while the session cookie holds the customer's; the
 * end swaps them back. Both write their own audit entries.
 */
export const impersonationRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const deps = fastify.deps;
  const names = cookieNames(deps.config);

  app.post(
    '/api/backoffice/customers/:id/users/:userId/sign-in-as',
    {
      config: { policy: policies.admin },
      schema: { tags, params: SignInAsParamsSchema, response: { 200: RedirectSchema } },
    },
    async (request, reply) => {
      const { session, staffSessionExpiresAt } = await impersonation.startImpersonation(
        request.ctx,
        { customerId: request.params.id, userId: request.params.userId },
        { ip: request.ip, userAgent: request.headers['user-agent'] },
      );
      setStaffSessionCookie(deps, reply, request.cookies[names.session]!, staffSessionExpiresAt);
      setSessionCookie(deps, reply, session.token, session.expiresAt);
      return { redirect: '/' };
    },
  );

  app.post(
    '/api/impersonation/end',
    { config: { policy: policies.authenticated }, schema: { tags, response: { 200: RedirectSchema } } },
    async (request, reply) => {
      const ended = await impersonation.endImpersonation(request.ctx, request.cookies[names.staffSession]);
      if (!ended.staffSession) {
        clearSessionCookie(deps, reply);
        return { redirect: '/sign-in' };
      }
      clearStaffSessionCookie(deps, reply);
      setSessionCookie(deps, reply, ended.staffSession.token, ended.staffSession.expiresAt);
      return { redirect: `/backoffice/customers/${ended.customerId}` };
    },
  );
};
