import { messages } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import type { Ctx, Deps } from '../../lib/context';
import { isValidCsrfToken } from '../../lib/csrf';
import { CsrfError, ForbiddenError } from '../../lib/errors';
import { enforcePolicy } from '../../lib/policy';
import { bearerToken, CSRF_HEADER, cookieNames } from './auth.cookies';
import { actorFromApiToken, actorFromSession } from './auth.service';
import { assertSecondFactorReady } from './two-factor.service';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * For every routed request: who is calling (Bearer token or session cookie), the CSRF check for
 * cookie-authenticated writes (419), then the route's access policy (DESIGN §5).
 */
export function registerRequestAuth(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.addHook('onRequest', async (request) => {
    const base = { ...deps, log: request.log };
    if (request.routeOptions.config.policy?.kind === 'own-secret') {
      request.ctx = { ...base, actor: null, ip: request.ip };
      return;
    }
    const bearer = bearerToken(request);
    const sessionCookie = request.cookies[cookieNames(deps.config).session];
    const actor = bearer
      ? await actorFromApiToken({ ...base }, bearer)
      : sessionCookie
        ? await actorFromSession({ ...base }, sessionCookie)
        : null;
    request.ctx = { ...base, actor, ip: request.ip };
    if (request.is404) return;
    // A read-only token changes nothing: refused before CSRF, policy or handler run (issue 17).
    if (actor?.tokenScope === 'read' && !SAFE_METHODS.has(request.method)) {
      throw new ForbiddenError(messages.apiTokenReadOnly);
    }
    const config = request.routeOptions.config;
    if (!bearer && !SAFE_METHODS.has(request.method) && !config.csrfExempt) {
      const header = request.headers[CSRF_HEADER];
      const ok = isValidCsrfToken(
        deps.signingKey,
        sessionCookie,
        request.cookies[cookieNames(deps.config).csrf],
        typeof header === 'string' ? header : undefined,
      );
      if (!ok) throw new CsrfError();
    }
    enforcePolicy(config.policy, actor, request.params);
    await assertSecondFactorReady(request.ctx, config.policy);
  });
}
