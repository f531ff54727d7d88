import {
  CurrentUserSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MessageSchema,
  messages,
  RegisterInputSchema,
  ResetPasswordInputSchema,
} from '@shop/domain';
import type { Deps } from '../../lib/context';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { clearSessionCookie, SESSION_COOKIE, setCsrfCookie, setSessionCookie } from './auth.cookies';
import * as auth from './auth.service';

const tags = ['auth'];

/** Sign-in, registration and password recovery in the Laravel Sanctum style the SPEC's client expects. */
export function authRoutes(deps: Deps): RoutesPlugin {
  return async (fastify) => {
    const app = typed(fastify);
    const client = (r: { ip: string; headers: Record<string, unknown> }) => ({
      ip: r.ip,
      userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'] : undefined,
    });

    app.get(
      '/sanctum/csrf-cookie',
      { config: { policy: policies.public }, schema: { tags, summary: 'Sets the XSRF-TOKEN cookie' } },
      async (request, reply) => {
        setCsrfCookie(deps, reply, request.cookies[SESSION_COOKIE]);
        return reply.status(204).send();
      },
    );

    app.post(
      '/login',
      {
        config: { policy: policies.public },
        schema: { tags, body: LoginInputSchema, response: { 200: CurrentUserSchema } },
      },
      async (request, reply) => {
        const opened = await auth.login(request.ctx, request.body, client(request));
        setSessionCookie(deps, reply, opened.sessionToken, opened.expiresAt);
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
        config: { policy: policies.public },
        schema: { tags, body: RegisterInputSchema, response: { 201: CurrentUserSchema } },
      },
      async (request, reply) => {
        const opened = await auth.register(request.ctx, request.body, client(request));
        setSessionCookie(deps, reply, opened.sessionToken, opened.expiresAt);
        return reply.status(201).send(opened.user);
      },
    );

    app.post(
      '/forgot-password',
      {
        config: { policy: policies.public },
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
