import { ApprovalDecisionInputSchema, IdParamSchema, OrderSchema, OrderToApproveSchema } from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { approveOrder, listOrdersToApprove, rejectOrder, withdrawOrder } from './approvals.service';

const tags = ['approvals'];
const params = z.object({ orderNo: z.string().trim().min(1).max(40) });

/**
 * Approval of orders over a spending limit (issue 19 point 3, DESIGN §6 rule 18): the customer's
 * 'To approve' list, approve and reject by his approvers, withdraw by the buyer.
 */
export const approvalsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const deciding = { policy: policies.customerMay('approve') };
  const decisionSchema = {
    tags,
    params,
    body: ApprovalDecisionInputSchema,
    response: { 200: OrderSchema },
  };

  app.get(
    '/api/customers/:id/approvals',
    {
      config: { policy: policies.ownCustomer('approve') },
      schema: { tags, params: IdParamSchema, response: { 200: z.array(OrderToApproveSchema) } },
    },
    (request) => listOrdersToApprove(request.ctx, request.params.id),
  );

  app.post('/api/orders/:orderNo/approve', { config: deciding, schema: decisionSchema }, (request) =>
    approveOrder(request.ctx, request.params.orderNo, request.body),
  );

  app.post('/api/orders/:orderNo/reject', { config: deciding, schema: decisionSchema }, (request) =>
    rejectOrder(request.ctx, request.params.orderNo, request.body),
  );

  app.post(
    '/api/orders/:orderNo/withdraw',
    { config: { policy: policies.customerMay('order') }, schema: decisionSchema },
    (request) => withdrawOrder(request.ctx, request.params.orderNo, request.body),
  );
};
