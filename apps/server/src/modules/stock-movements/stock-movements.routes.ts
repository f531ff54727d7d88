import { PassThrough } from 'node:stream';
import {
  IdParamSchema,
  pageOf,
  StockMovementInputSchema,
  StockMovementResultSchema,
  WarehouseTransactionSchema,
  WarehouseTransactionsQuerySchema,
} from '@shop/domain';
import { shopDate } from '../../lib/dates';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { recordMovement } from './stock-movements.service';
import * as transactions from './warehouse-transactions.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ExportQuerySchema = WarehouseTransactionsQuerySchema.pick({ sku: true, warehouse: true });

/**
 * SPEC §7 warehouse transactions and the movements staff record (SPEC §1 warehouse movements), admin
 * only: the list (filters sku, warehouse), one transaction, its export, and recording a movement.
 */
export const stockMovementsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const tags = ['warehouse transactions'];

  app.get(
    '/api/warehouse-transactions',
    {
      config,
      schema: {
        tags,
        querystring: WarehouseTransactionsQuerySchema,
        response: { 200: pageOf(WarehouseTransactionSchema) },
      },
    },
    (r) => transactions.listWarehouseTransactions(r.ctx, r.query),
  );
  app.get(
    '/api/warehouse-transactions/export',
    { config, schema: { tags, querystring: ExportQuerySchema } },
    (r, reply) => {
      const out = new PassThrough();
      transactions.exportWarehouseTransactions(r.ctx, r.query, out).catch((error) => {
        r.log.error({ err: error }, 'export failed');
        out.destroy(error);
      });
      return reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename="warehouse-transactions-${shopDate(r.ctx.now())}.xlsx"`,
        )
        .send(out);
    },
  );
  app.get(
    '/api/warehouse-transactions/:id',
    { config, schema: { tags, params: IdParamSchema, response: { 200: WarehouseTransactionSchema } } },
    (r) => transactions.getWarehouseTransaction(r.ctx, r.params.id),
  );
  app.post(
    '/api/warehouse-transactions',
    {
      config,
      schema: { tags, body: StockMovementInputSchema, response: { 201: StockMovementResultSchema } },
    },
    async (r, reply) => reply.status(201).send(await recordMovement(r.ctx, r.body)),
  );
};
