import { PassThrough } from 'node:stream';
import { AuditEntrySchema, AuditLogExportQuerySchema, AuditLogQuerySchema, pageOf } from '@shop/domain';
import { shopDate } from '../../lib/dates';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as audit from './audit.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The audit log (issue 17 point 7), admin only: the list with its filters and its export. There is no
 * write route: entries are only appended, by the trail's hooks and the account events.
 */
export const auditRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const tags = ['audit log'];

  app.get(
    '/api/audit-log',
    {
      config,
      schema: { tags, querystring: AuditLogQuerySchema, response: { 200: pageOf(AuditEntrySchema) } },
    },
    (r) => audit.listAuditLog(r.ctx, r.query),
  );
  app.get(
    '/api/audit-log/export',
    { config, schema: { tags, querystring: AuditLogExportQuerySchema } },
    (r, reply) => {
      const out = new PassThrough();
      audit.exportAuditLog(r.ctx, r.query, out).catch((error) => {
        r.log.error({ err: error }, 'export failed');
        out.destroy(error);
      });
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="audit-log-${shopDate(r.ctx.now())}.xlsx"`)
        .send(out);
    },
  );
};
