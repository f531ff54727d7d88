import {
  DeliveryNotePageSchema,
  DeliveryNoteSchema,
  DigitalDocumentsQuerySchema,
  DigitalDocumentsSchema,
  DocumentRefParamSchema,
  IdParamSchema,
  PageQuerySchema,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as documents from './documents.service';

const tags = ['documents'];

/**
 * The customer's delivery notes, invoices and credit notes (SPEC §7; DESIGN §6 rule 15): lists by
 * customer, one delivery note, and the PDF of any document. Customers see their own, administrators any.
 */
export const documentsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const own = { policy: policies.ownCustomer('read') };
  // Whose document it is shows only once it is read: the service answers 404 for another customer's.
  const signedIn = { policy: policies.customerMay('read') };

  app.get(
    '/api/customers/:id/delivery-notes',
    {
      config: own,
      schema: {
        tags,
        params: IdParamSchema,
        querystring: PageQuerySchema,
        response: { 200: DeliveryNotePageSchema },
      },
    },
    (r) => documents.listDeliveryNotes(r.ctx, r.params.id, r.query),
  );

  app.get(
    '/api/delivery-notes/:id',
    {
      config: signedIn,
      schema: { tags, params: DocumentRefParamSchema, response: { 200: DeliveryNoteSchema } },
    },
    (r) => documents.getDeliveryNote(r.ctx, r.params.id),
  );

  app.get(
    '/api/customers/:id/digital-documents',
    {
      config: own,
      schema: {
        tags,
        params: IdParamSchema,
        querystring: DigitalDocumentsQuerySchema,
        response: { 200: DigitalDocumentsSchema },
      },
    },
    (r) => documents.listDigitalDocuments(r.ctx, r.params.id, r.query),
  );

  app.get(
    '/api/documents/:id/pdf',
    { config: signedIn, schema: { tags, params: DocumentRefParamSchema, produces: ['application/pdf'] } },
    async (r, reply) => {
      const { filename, pdf } = await documents.documentPdf(r.ctx, r.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
