import multipart from '@fastify/multipart';
import {
  CreateReturnRequestSchema,
  CustomerReturnSchema,
  OrderReturnsSchema,
  RETURN_PHOTO_MAX_BYTES,
  ReturnIdParamSchema,
} from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { photoRefused } from './return-photos';
import * as returns from './returns.service';

const tags = ['returns'];
const OrderParamsSchema = z.object({ orderNo: z.string().trim().min(1).max(40) });
/** More than a return may hold, so the service says how many it takes rather than the parser failing. */
const MAX_FILES = 10;

/** The uploaded photos' contents; a file over 5 MB, too many files or no multipart body is refused. */
async function uploadedPhotos(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw photoRefused();
  const files: Buffer[] = [];
  try {
    for await (const part of request.files()) files.push(await part.toBuffer());
  } catch {
    throw photoRefused();
  }
  if (files.length === 0) throw photoRefused();
  return files;
}

/**
 * A customer's returns (issue 21 point 5): asked from the order page for its shipped rows, listed on
 * it, photos added while the return waits for authorisation. Another customer's order or return is 404.
 */
export const returnsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const reading = { policy: policies.customerMay('read') };
  const ordering = { policy: policies.customerMay('order') };
  await app.register(multipart, {
    limits: { fileSize: RETURN_PHOTO_MAX_BYTES, files: MAX_FILES, fields: 5 },
  });

  app.get(
    '/api/orders/:orderNo/returns',
    { config: reading, schema: { tags, params: OrderParamsSchema, response: { 200: OrderReturnsSchema } } },
    (r) => returns.listOrderReturns(r.ctx, r.params.orderNo),
  );
  app.post(
    '/api/orders/:orderNo/returns',
    {
      config: ordering,
      schema: {
        tags,
        params: OrderParamsSchema,
        body: CreateReturnRequestSchema,
        response: { 201: CustomerReturnSchema },
      },
    },
    async (r, reply) => reply.status(201).send(await returns.createReturn(r.ctx, r.params.orderNo, r.body)),
  );
  app.post(
    '/api/returns/:id/photos',
    {
      config: ordering,
      schema: {
        tags,
        params: ReturnIdParamSchema,
        consumes: ['multipart/form-data'],
        response: { 200: CustomerReturnSchema },
      },
    },
    async (r) => returns.addReturnPhotos(r.ctx, r.params.id, await uploadedPhotos(r)),
  );
};
