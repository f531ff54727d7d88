import { ErpCallbackAnswerSchema } from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { receiveErpCallback } from './erp-callbacks.service';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The ERP's callbacks (docs/erp-protocol.md): no session and no CSRF token, authenticated by their
 * HMAC signature alone, which covers the exact bytes sent, so this route alone reads its JSON body raw.
 */
export const erpCallbacksRoutes: RoutesPlugin = async (fastify) => {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  typed(fastify).post(
    '/api/erp/callbacks',
    {
      config: { policy: policies.public, csrfExempt: true },
      schema: {
        tags: ['erp'],
        summary: 'A callback from the ERP (ErpCallback), signed with X-Erp-Timestamp and X-Erp-Signature',
        response: { 200: ErpCallbackAnswerSchema },
      },
    },
    (request) =>
      receiveErpCallback(request.ctx, {
        rawBody: typeof request.body === 'string' ? request.body : '',
        timestamp: header(request.headers['x-erp-timestamp']),
        signature: header(request.headers['x-erp-signature']),
      }),
  );
};
