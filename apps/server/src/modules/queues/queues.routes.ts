import {
  QueueJobListSchema,
  QueueJobParamsSchema,
  QueueJobSchema,
  QueueJobsQuerySchema,
  QueueListSchema,
  QueueParamsSchema,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as queues from './queues.service';

const tags = ['queues'];

/** The back office's queue management (SPEC §2 navbar link, DESIGN §8), admin only. */
export const queuesRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };

  app.get('/api/queues', { config, schema: { tags, response: { 200: QueueListSchema } } }, (r) =>
    queues.listQueues(r.ctx),
  );
  app.get(
    '/api/queues/:name/jobs',
    {
      config,
      schema: {
        tags,
        params: QueueParamsSchema,
        querystring: QueueJobsQuerySchema,
        response: { 200: QueueJobListSchema },
      },
    },
    async (r) => ({ data: await queues.listQueueJobs(r.ctx, r.params.name, r.query.state) }),
  );
  app.post(
    '/api/queues/:name/jobs/:id/retry',
    { config, schema: { tags, params: QueueJobParamsSchema, response: { 200: QueueJobSchema } } },
    (r) => queues.retryJob(r.ctx, r.params.name, r.params.id),
  );
  app.delete(
    '/api/queues/:name/jobs/:id',
    { config, schema: { tags, params: QueueJobParamsSchema } },
    async (r, reply) => {
      await queues.deleteJob(r.ctx, r.params.name, r.params.id);
      return reply.status(204).send();
    },
  );
};
