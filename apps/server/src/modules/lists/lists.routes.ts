import {
  AddListItemSchema,
  CreateShoppingListSchema,
  IdParamSchema,
  IdTextSchema,
  PutCartSchema,
  QuickOrderReportSchema,
  ServerCartSchema,
  ShoppingListSchema,
  ShoppingListSummarySchema,
  StockAlertInputSchema,
  StockAlertSchema,
  UpdateShoppingListSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as lists from './lists.service';
import * as alerts from './stock-alerts.service';
import * as cart from './stored-cart.service';

const tags = ['lists'];
const ItemParamsSchema = IdParamSchema.extend({ productId: IdTextSchema });
const ProductParamsSchema = z.object({ productId: IdTextSchema });

/**
 * Carts and lists on the server (issue 22 point 3): the signed-in customer's cart, his saved carts and
 * shopping lists, his wishlist of coming releases. A customer's own data only (anyone else's list is
 * 404); staff keep their back-office cart in the browser and get 403 here.
 */
export const listsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  // A viewer may keep a cart and lists he cannot order (as he may price one, issue 19).
  const config = { policy: policies.customerMay('read') };
  const one = { tags, params: IdParamSchema, response: { 200: ShoppingListSchema } };

  app.get('/api/cart', { config, schema: { tags, response: { 200: ServerCartSchema } } }, (request) =>
    cart.getStoredCart(request.ctx),
  );

  app.put(
    '/api/cart',
    { config, schema: { tags, body: PutCartSchema, response: { 200: ServerCartSchema } } },
    (request) => cart.putStoredCart(request.ctx, request.body),
  );

  app.get(
    '/api/lists',
    { config, schema: { tags, response: { 200: z.object({ data: z.array(ShoppingListSummarySchema) }) } } },
    async (request) => ({ data: await lists.listLists(request.ctx) }),
  );

  app.post(
    '/api/lists',
    { config, schema: { tags, body: CreateShoppingListSchema, response: { 201: ShoppingListSchema } } },
    async (request, reply) => reply.status(201).send(await lists.createList(request.ctx, request.body)),
  );

  app.get('/api/lists/:id', { config, schema: one }, (request) =>
    lists.getList(request.ctx, request.params.id),
  );

  app.patch('/api/lists/:id', { config, schema: { ...one, body: UpdateShoppingListSchema } }, (request) =>
    lists.updateList(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/lists/:id',
    { config, schema: { tags, params: IdParamSchema } },
    async (request, reply) => {
      await lists.deleteList(request.ctx, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post('/api/lists/:id/items', { config, schema: { ...one, body: AddListItemSchema } }, (request) =>
    lists.addListItem(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/lists/:id/items/:productId',
    { config, schema: { tags, params: ItemParamsSchema, response: { 200: ShoppingListSchema } } },
    (request) => lists.removeListItem(request.ctx, request.params.id, request.params.productId),
  );

  app.post(
    '/api/lists/:id/cart',
    { config, schema: { tags, params: IdParamSchema, response: { 200: QuickOrderReportSchema } } },
    (request) => lists.listToCart(request.ctx, request.params.id),
  );

  app.get(
    '/api/wishlist',
    { config, schema: { tags, response: { 200: z.object({ data: z.array(StockAlertSchema) }) } } },
    async (request) => ({ data: await alerts.listStockAlerts(request.ctx) }),
  );

  app.post(
    '/api/wishlist',
    { config, schema: { tags, body: StockAlertInputSchema } },
    async (request, reply) => {
      await alerts.addStockAlert(request.ctx, request.body.product_id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/wishlist/:productId',
    { config, schema: { tags, params: ProductParamsSchema } },
    async (request, reply) => {
      await alerts.removeStockAlert(request.ctx, request.params.productId);
      return reply.status(204).send();
    },
  );
};
