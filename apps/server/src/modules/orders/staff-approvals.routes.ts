import {
  ApprovalDecisionInputSchema,
  BackofficeOrderDetailSchema,
  CreditApprovalListQuerySchema,
  CreditApprovalSchema,
  pageOf,
  RejectionInputSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { approveHeldOrder, listCreditApprovals, rejectHeldOrder } from './approvals.service';

const tags = ['approvals (back office)'];
const params = z.object({ orderNo: z.string().trim().min(1).max(40) });
const response = { 200: BackofficeOrderDetailSchema };

/**
 * The back office's approvals queue (issue 20 point 3, DESIGN §6 rule 18): orders held for credit,
 * approved or rejected by staff; a reject says why, the buyer reads it.
 */
export const staffApprovalsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };

  app.get(
    '/api/backoffice/approvals',
    {
      config,
      schema: {
        tags,
        querystring: CreditApprovalListQuerySchema,
        response: { 200: pageOf(CreditApprovalSchema) },
      },
    },
    (r) => listCreditApprovals(r.ctx, r.query),
  );

  app.post(
    '/api/backoffice/orders/:orderNo/approve',
    { config, schema: { tags, params, body: ApprovalDecisionInputSchema, response } },
    (r) => approveHeldOrder(r.ctx, r.params.orderNo, r.body),
  );

  app.post(
    '/api/backoffice/orders/:orderNo/reject',
    { config, schema: { tags, params, body: RejectionInputSchema, response } },
    (r) => rejectHeldOrder(r.ctx, r.params.orderNo, r.body),
  );
};
