import {
  CurrentUserSchema,
  RecoveryCodesSchema,
  TwoFactorCodeInputSchema,
  TwoFactorConfirmInputSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
} from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/context';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { cookieNames, setSessionCookie } from './auth.cookies';
import type { Client } from './auth.service';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';
import { clearChallengeCookie, readChallengeCookie } from './two-factor.cookies';
import * as twoFactor from './two-factor.service';
import { completeChallenge } from './two-factor-challenge.service';

const tags = ['auth'];

/**
 * Two-factor sign-in (issue 17 point 6), named as Laravel Fortify names it: set-up and removal on the
 * signed-in user's account, and the second step of POST /login.
 */
export function twoFactorRoutes(deps: Deps): RoutesPlugin {
  return async (fastify) => {
    const app = typed(fastify);
    const client = (request: FastifyRequest): Client => ({
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      previousSession: request.cookies[cookieNames(deps.config).session],
      deviceCookie: readDeviceCookie(deps, request),
    });

    app.post(
      '/two-factor-challenge',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'The second step of a sign-in: a code of the app or a recovery code',
          body: TwoFactorCodeInputSchema,
          response: { 200: CurrentUserSchema },
        },
      },
      async (request, reply) => {
        const challenge = readChallengeCookie(deps, request);
        const opened = await completeChallenge(request.ctx, challenge, request.body, client(request));
        clearChallengeCookie(deps, reply);
        setSessionCookie(deps, reply, opened.sessionToken, opened.expiresAt);
        setDeviceCookie(deps, reply, opened.user.email);
        return opened.user;
      },
    );

    app.get(
      '/api/user/two-factor',
      {
        config: { policy: policies.personal },
        schema: {
          tags,
          summary: 'Whether two-factor sign-in is on',
          response: { 200: TwoFactorStatusSchema },
        },
      },
      async (request) => twoFactor.getTwoFactorStatus(request.ctx),
    );

    app.post(
      '/api/user/two-factor',
      {
        config: { policy: policies.personal },
        schema: {
          tags,
          summary: 'Starts the set-up: a new secret, as a QR code and as text',
          response: { 200: TwoFactorEnrolmentSchema },
        },
      },
      async (request) => twoFactor.startEnrolment(request.ctx),
    );

    app.post(
      '/api/user/two-factor/confirm',
      {
        config: { policy: policies.personal },
        schema: {
          tags,
          summary: "Turns it on with the app's first code; answers the ten recovery codes, shown once",
          body: TwoFactorConfirmInputSchema,
          response: { 200: RecoveryCodesSchema },
        },
      },
      async (request) => twoFactor.confirmEnrolment(request.ctx, request.body),
    );

    app.delete(
      '/api/user/two-factor',
      {
        config: { policy: policies.personal },
        schema: {
          tags,
          summary: 'Turns it off (needs a code or a recovery code)',
          body: TwoFactorCodeInputSchema,
        },
      },
      async (request, reply) => {
        await twoFactor.disableTwoFactor(request.ctx, request.body, request.ip);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/user/two-factor/recovery-codes',
      {
        config: { policy: policies.personal },
        schema: {
          tags,
          summary: 'Ten new recovery codes (needs a code); the old ones stop working',
          body: TwoFactorCodeInputSchema,
          response: { 200: RecoveryCodesSchema },
        },
      },
      async (request) => twoFactor.regenerateRecoveryCodes(request.ctx, request.body, request.ip),
    );
  };
}
