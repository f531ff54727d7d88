import multipart from '@fastify/multipart';
import {
  IdParamSchema,
  IdTextSchema,
  ImageOrderSchema,
  ProductImageSchema,
  UploadedImageSchema,
} from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { IMAGE_MAX_BYTES, uploadRefused } from './image-files';
import * as images from './images.service';

const MAX_FILES = 20;
const ImageListSchema = z.object({ data: z.array(ProductImageSchema) });
const ImageParamsSchema = IdParamSchema.extend({ imageId: IdTextSchema });

/** The uploaded files' contents; a file over 10 MB, too many files or no multipart body is refused. */
async function uploadedFiles(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw uploadRefused();
  const files: Buffer[] = [];
  try {
    for await (const part of request.files()) files.push(await part.toBuffer());
  } catch {
    throw uploadRefused();
  }
  if (files.length === 0) throw uploadRefused();
  return files;
}

/** POST /api/images/upload (SPEC §7) and a product's images tab (SPEC §2), admin only. */
export const imagesRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const tags = ['images'];
  const consumes = ['multipart/form-data'];
  const params = IdParamSchema;
  // Registered here, not app-wide: the cart's quick order registers its own with a 5 MB limit.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: MAX_FILES, fields: 5 } });

  app.post(
    '/api/images/upload',
    { config, schema: { tags, consumes, response: { 201: UploadedImageSchema } } },
    async (r, reply) => {
      const [file] = await uploadedFiles(r);
      return reply.status(201).send(await images.uploadImage(r.ctx, file!));
    },
  );
  app.get(
    '/api/products/:id/images',
    { config, schema: { tags, params, response: { 200: ImageListSchema } } },
    async (r) => ({ data: await images.listProductImages(r.ctx, r.params.id) }),
  );
  app.post(
    '/api/products/:id/images',
    { config, schema: { tags, params, consumes, response: { 201: ImageListSchema } } },
    async (r, reply) => {
      const files = await uploadedFiles(r);
      return reply.status(201).send({ data: await images.addProductImages(r.ctx, r.params.id, files) });
    },
  );
  app.put(
    '/api/products/:id/images/order',
    { config, schema: { tags, params, body: ImageOrderSchema, response: { 200: ImageListSchema } } },
    async (r) => ({ data: await images.reorderProductImages(r.ctx, r.params.id, r.body.ids) }),
  );
  app.patch(
    '/api/products/:id/images/:imageId/cover',
    { config, schema: { tags, params: ImageParamsSchema, response: { 200: ImageListSchema } } },
    async (r) => ({ data: await images.setProductCover(r.ctx, r.params.id, r.params.imageId) }),
  );
  app.delete(
    '/api/products/:id/images/:imageId',
    { config, schema: { tags, params: ImageParamsSchema, response: { 200: ImageListSchema } } },
    async (r) => ({ data: await images.deleteProductImage(r.ctx, r.params.id, r.params.imageId) }),
  );
};
