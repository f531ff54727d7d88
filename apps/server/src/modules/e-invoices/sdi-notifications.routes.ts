import { SdiNotificationAnswerSchema } from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { receiveSdiNotification } from './sdi-notifications.service';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The SDI's notifications (issue 21 point 4), relayed by the intermediary: no session and no CSRF
 * token, authenticated by their HMAC signature alone, which covers the exact bytes sent, so this route
 * reads its JSON body raw (as the ERP's callbacks do).
 */
export const sdiNotificationsRoutes: RoutesPlugin = async (fastify) => {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  typed(fastify).post(
    '/api/sdi/notifications',
    {
      config: { policy: policies.public, csrfExempt: true },
      schema: {
        tags: ['e-invoices'],
        summary: 'An SDI notification (RC, NS, MC), signed with X-Sdi-Timestamp and X-Sdi-Signature',
        response: { 200: SdiNotificationAnswerSchema },
      },
    },
    (request) =>
      receiveSdiNotification(request.ctx, {
        rawBody: typeof request.body === 'string' ? request.body : '',
        timestamp: header(request.headers['x-sdi-timestamp']),
        signature: header(request.headers['x-sdi-signature']),
      }),
  );
};
