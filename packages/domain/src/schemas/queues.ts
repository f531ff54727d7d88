import { z } from 'zod';

/**
 * The back office's queue management (SPEC §2, DESIGN §8): every pg-boss queue with its jobs counted by
 * state, the jobs of one queue in one state, and retrying or deleting a job.
 */

/** pg-boss's job states, in the order a job goes through them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const JobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobStateSchema>;

const count = z.number().int();
export const QueueCountsSchema = z.object({
  created: count,
  retry: count,
  active: count,
  completed: count,
  cancelled: count,
  failed: count,
});
export type QueueCounts = z.infer<typeof QueueCountsSchema>;

export const QueueSummarySchema = z.object({ name: z.string(), counts: QueueCountsSchema });
export type QueueSummary = z.infer<typeof QueueSummarySchema>;

/** `enabled: false` (and no queues) while the job queue is off. */
export const QueueListSchema = z.object({ enabled: z.boolean(), data: z.array(QueueSummarySchema) });
export type QueueList = z.infer<typeof QueueListSchema>;

export const QueueJobSchema = z.object({
  id: z.string(),
  state: JobStateSchema,
  data: z.unknown(),
  /** What the last failure said, when the job failed. */
  error: z.string().nullable(),
  retry_count: z.number().int(),
  retry_limit: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type QueueJob = z.infer<typeof QueueJobSchema>;

/** At most this many jobs are listed, newest first. */
export const QUEUE_JOBS_LIMIT = 100;
export const QueueJobListSchema = z.object({ data: z.array(QueueJobSchema) });
export type QueueJobList = z.infer<typeof QueueJobListSchema>;

export const QueueJobsQuerySchema = z.object({ state: JobStateSchema.default('failed') });

/** pg-boss queue names: letters, digits, '_', '-', '.'. */
export const QueueParamsSchema = z.object({ name: z.string().regex(/^[\w.-]{1,100}$/) });
export const QueueJobParamsSchema = QueueParamsSchema.extend({ id: z.uuid() });
