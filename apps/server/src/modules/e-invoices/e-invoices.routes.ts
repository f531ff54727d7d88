import {
  DocumentRefParamSchema,
  EInvoiceExportQuerySchema,
  EInvoiceListQuerySchema,
  EInvoiceSchema,
  EInvoiceSendInputSchema,
  EInvoiceSendResultSchema,
  IdParamSchema,
  pageOf,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as eInvoices from './e-invoices.service';

const tags = ['e-invoices'];
const staffTags = ['e-invoices (back office)'];

/**
 * FatturaPA files (issue 21 points 3 and 4): an invoice's or credit note's XML beside its PDF (the
 * customer his own, staff any), and the back office's list by period, .zip export, regeneration and
 * sending to the SDI.
 */
export const eInvoicesRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const staff = { policy: policies.admin };

  app.get(
    '/api/documents/:id/xml',
    {
      // Whose document it is shows only once it is read: the service answers 404 for another customer's.
      config: { policy: policies.customerMay('read') },
      schema: { tags, params: DocumentRefParamSchema, produces: ['application/xml'] },
    },
    async (r, reply) => {
      const { fileName, xml } = await eInvoices.documentXml(r.ctx, r.params.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(xml);
    },
  );

  app.get(
    '/api/backoffice/e-invoices',
    {
      config: staff,
      schema: {
        tags: staffTags,
        querystring: EInvoiceListQuerySchema,
        response: { 200: pageOf(EInvoiceSchema) },
      },
    },
    (r) => eInvoices.listEInvoices(r.ctx, r.query),
  );

  app.get(
    '/api/backoffice/e-invoices/export',
    {
      config: staff,
      schema: { tags: staffTags, querystring: EInvoiceExportQuerySchema, produces: ['application/zip'] },
    },
    async (r, reply) => {
      const { fileName, zip } = await eInvoices.exportEInvoices(r.ctx, r.query);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );

  app.post(
    '/api/backoffice/e-invoices/:id/regenerate',
    { config: staff, schema: { tags: staffTags, params: IdParamSchema, response: { 200: EInvoiceSchema } } },
    (r) => eInvoices.regenerateEInvoice(r.ctx, r.params.id),
  );

  app.post(
    '/api/backoffice/e-invoices/send',
    {
      config: staff,
      schema: { tags: staffTags, body: EInvoiceSendInputSchema, response: { 200: EInvoiceSendResultSchema } },
    },
    (r) => eInvoices.sendEInvoices(r.ctx, r.body),
  );
};
