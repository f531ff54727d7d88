import { IdParamSchema, InviteStaffInputSchema, StaffMemberSchema } from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as staff from './staff.service';

const tags = ['staff'];
const admin = { policy: policies.admin };
const one = { tags, params: IdParamSchema, response: { 200: StaffMemberSchema } };

/** The back office's staff screen (issue 18 point 4). */
export const staffRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);

  app.get(
    '/api/staff',
    { config: admin, schema: { tags, response: { 200: z.object({ data: z.array(StaffMemberSchema) }) } } },
    async (request) => ({ data: await staff.listStaff(request.ctx) }),
  );

  app.post(
    '/api/staff',
    { config: admin, schema: { tags, body: InviteStaffInputSchema, response: { 201: StaffMemberSchema } } },
    async (request, reply) => reply.status(201).send(await staff.invite(request.ctx, request.body)),
  );

  app.post('/api/staff/:id/disable', { config: admin, schema: one }, async (request) =>
    staff.disable(request.ctx, request.params.id),
  );

  app.post('/api/staff/:id/enable', { config: admin, schema: one }, async (request) =>
    staff.enable(request.ctx, request.params.id),
  );

  app.delete('/api/staff/:id/two-factor', { config: admin, schema: one }, async (request) =>
    staff.resetTwoFactor(request.ctx, request.params.id),
  );
};
