import {
  CurrentUserSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  LoginResponseSchema,
  MessageSchema,
  messages,
  RegisterInputSchema,
  ResetPasswordInputSchema,
} from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/context';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { clearSessionCookie, cookieNames, setCsrfCookie, setSessionCookie } from './auth.cookies';
import * as auth from './auth.service';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';
import { RATE_LIMITS } from './throttle.service';
import { setChallengeCookie } from './two-factor.cookies';

const tags = ['auth'];

/** Sign-in, registration and password recovery in the Laravel Sanctum style the SPEC's client expects. */
export function authRoutes(deps: Deps): RoutesPlugin {
  return async (fastify) => {
    const app = typed(fastify);
    const client = (request: FastifyRequest): auth.Client => ({
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      previousSession: request.cookies[cookieNames(deps.config).session],
      deviceCookie: readDeviceCookie(deps, request),
    });

    app.get(
      '/sanctum/csrf-cookie',
      { config: { policy: policies.public }, schema: { tags, summary: 'Sets the XSRF-TOKEN cookie' } },
      async (request, reply) => {
        setCsrfCookie(deps, reply, request.cookies[cookieNames(deps.config).session]);
        return reply.status(204).send();
      },
    );

    app.post(
      '/login',
      {
        config: { policy: policies.public },
        schema: { tags, body: LoginInputSchema, response: { 200: LoginResponseSchema } },
      },
      async (request, reply) => {
        const opened = await auth.login(request.ctx, request.body, client(request));
        if ('twoFactorUserId' in opened) {
          setChallengeCookie(deps, reply, opened.twoFactorUserId);
          return { two_factor: true as const };
        }
        setSessionCookie(deps, reply, opened.sessionToken, opened.expiresAt);
        setDeviceCookie(deps, reply, opened.user.email);
        return opened.user;
      },
    );

    app.post('/logout', { config: { policy: policies.public }, schema: { tags } }, async (request, reply) => {
      await auth.logout(request.ctx);
      clearSessionCookie(deps, reply);
      return reply.status(204).send();
    });

    app.post(
      '/register',
      {
        config: { policy: policies.public, rateLimit: RATE_LIMITS.register },
        schema: { tags, body: RegisterInputSchema, response: { 201: CurrentUserSchema } },
      },
      async (request, reply) => {
        const opened = await auth.register(request.ctx, request.body, client(request));
        setSessionCookie(deps, reply, opened.sessionToken, opened.expiresAt);
        setDeviceCookie(deps, reply, opened.user.email);
        return reply.status(201).send(opened.user);
      },
    );

    app.post(
      '/forgot-password',
      {
        config: { policy: policies.public, rateLimit: RATE_LIMITS.forgotPassword },
        schema: { tags, body: ForgotPasswordInputSchema, response: { 200: MessageSchema } },
      },
      async (request) => {
        await auth.forgotPassword(request.ctx, request.body.email);
        return { message: messages.resetLinkSent };
      },
    );

    app.post(
      '/reset-password',
      {
        config: { policy: policies.public },
        schema: { tags, body: ResetPasswordInputSchema, response: { 200: MessageSchema } },
      },
      async (request) => {
        await auth.resetPassword(request.ctx, request.body);
        return { message: messages.passwordReset };
      },
    );

    app.get(
      '/api/user',
      {
        config: { policy: policies.authenticated },
        schema: {
          tags,
          summary: 'The signed-in user with their customer',
          response: { 200: CurrentUserSchema },
        },
      },
      async (request) => auth.currentUser(request.ctx),
    );
  };
}
