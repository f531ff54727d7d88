import {
  AccountApprovalListQuerySchema,
  AccountApprovalSchema,
  AccountApprovedSchema,
  IdParamSchema,
  pageOf,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { approveAccount, listAccountApprovals } from './account-approvals.service';

const tags = ['account approvals (back office)'];

/** Issue 22: the back office's list of new companies waiting for approval, and their approval. */
export const accountApprovalsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };

  app.get(
    '/api/backoffice/account-approvals',
    {
      config,
      schema: {
        tags,
        querystring: AccountApprovalListQuerySchema,
        response: { 200: pageOf(AccountApprovalSchema) },
      },
    },
    (r) => listAccountApprovals(r.ctx, r.query),
  );

  app.post(
    '/api/backoffice/account-approvals/:id/approve',
    { config, schema: { tags, params: IdParamSchema, response: { 200: AccountApprovedSchema } } },
    (r) => approveAccount(r.ctx, r.params.id),
  );
};
