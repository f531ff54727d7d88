import {
  AuthoriseReturnRequestSchema,
  BackofficeReturnDetailSchema,
  BackofficeReturnListItemSchema,
  BackofficeReturnListQuerySchema,
  pageOf,
  ReceiveReturnRequestSchema,
  ReturnIdParamSchema,
  ReturnNoteRequestSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as returns from './backoffice-returns.service';

const tags = ['returns (back office)'];
const params = ReturnIdParamSchema;
const PhotoParamsSchema = ReturnIdParamSchema.extend({ name: z.string().max(100) });
const detail = { 200: BackofficeReturnDetailSchema };

/**
 * The back office's returns (issue 21 point 5; DESIGN §6 rule 19), admin only: the list, the detail
 * with its photos, and each step of the status machine, answering the return as it is after it.
 */
export const backofficeReturnsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };

  app.get(
    '/api/backoffice/returns',
    {
      config,
      schema: {
        tags,
        querystring: BackofficeReturnListQuerySchema,
        response: { 200: pageOf(BackofficeReturnListItemSchema) },
      },
    },
    (r) => returns.listBackofficeReturns(r.ctx, r.query),
  );
  app.get('/api/backoffice/returns/:id', { config, schema: { tags, params, response: detail } }, (r) =>
    returns.getBackofficeReturn(r.ctx, r.params.id),
  );
  app.get(
    '/api/backoffice/returns/:id/photos/:name',
    { config, schema: { tags, params: PhotoParamsSchema, produces: ['image/jpeg'] } },
    async (r, reply) => {
      const photo = await returns.getReturnPhoto(r.ctx, r.params.id, r.params.name);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=3600')
        .send(photo);
    },
  );
  app.post(
    '/api/backoffice/returns/:id/authorise',
    { config, schema: { tags, params, body: AuthoriseReturnRequestSchema, response: detail } },
    (r) => returns.authoriseReturn(r.ctx, r.params.id, r.body.instructions),
  );
  app.post(
    '/api/backoffice/returns/:id/refuse',
    { config, schema: { tags, params, body: ReturnNoteRequestSchema, response: detail } },
    (r) => returns.refuseReturn(r.ctx, r.params.id, r.body.note),
  );
  app.post(
    '/api/backoffice/returns/:id/cancel',
    { config, schema: { tags, params, body: ReturnNoteRequestSchema, response: detail } },
    (r) => returns.cancelReturn(r.ctx, r.params.id, r.body.note),
  );
  app.post(
    '/api/backoffice/returns/:id/receive',
    { config, schema: { tags, params, body: ReceiveReturnRequestSchema, response: detail } },
    (r) => returns.receiveReturn(r.ctx, r.params.id, r.body),
  );
  app.post(
    '/api/backoffice/returns/:id/credit',
    { config, schema: { tags, params, response: detail } },
    (r) => returns.creditReturn(r.ctx, r.params.id),
  );
  app.post(
    '/api/backoffice/returns/:id/refund',
    { config, schema: { tags, params, response: detail } },
    (r) => returns.refundReturn(r.ctx, r.params.id),
  );
};
