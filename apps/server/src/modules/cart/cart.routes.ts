import multipart from '@fastify/multipart';
import {
  messages,
  QuickOrderReportSchema,
  QuickOrderTextSchema,
  QuoteRequestSchema,
  QuoteSchema,
} from '@shop/domain';
import { ValidationError } from '../../lib/errors';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { quickOrderLimits } from '../../lib/sheet-guard';
import { quoteCart } from './cart.service';
import { quickOrder } from './quick-order.service';
import { readQuickOrderUpload } from './quick-order-file';

const tags = ['cart'];

/** The cart priced by the server and quick order (SPEC §4, DESIGN §6; issue 5). */
export const cartRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  // A quote changes nothing, so a viewer's storefront may price a cart it cannot order (issue 19).
  const reading = { policy: policies.customerMay('read') };
  const config = { policy: policies.customerMay('order') };
  const limits = quickOrderLimits(fastify.deps.config.uploads);
  await app.register(multipart, { limits: { fileSize: limits.maxBytes, files: 1, fields: 2 } });

  app.post(
    '/api/cart/quote',
    { config: reading, schema: { tags, body: QuoteRequestSchema, response: { 200: QuoteSchema } } },
    (request) => quoteCart(request.ctx, request.body),
  );

  app.post(
    '/api/cart/quick-order',
    { config, schema: { tags, body: QuickOrderTextSchema, response: { 200: QuickOrderReportSchema } } },
    (request) => quickOrder(request.ctx, request.body.text, request.body.customer_id),
  );

  app.post(
    '/api/cart/quick-order/file',
    {
      config,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: QuickOrderReportSchema } },
    },
    async (request) => {
      if (!request.isMultipart()) throw ValidationError.field('file', messages.quickOrderFile);
      const upload = await readQuickOrderUpload(request.parts(), limits);
      return quickOrder(request.ctx, upload.text, upload.customerId);
    },
  );
};
