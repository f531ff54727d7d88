import type { JobState, QueueJob, QueueJobList, QueueList } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/**
 * The job queues (GET /api/queues, GET /api/queues/{name}/jobs) and a job's retry and delete. Both
 * lists refresh every few seconds while the page is open: jobs move on their own.
 */
export const QUEUES_REFRESH_MS = 5_000;

export const queueKeys = {
  all: ['bo', 'queues'] as const,
  jobs: (name: string, state: JobState) => ['bo', 'queues', 'jobs', name, state] as const,
};

const jobPath = (name: string, id: string) =>
  `/api/queues/${encodeURIComponent(name)}/jobs/${encodeURIComponent(id)}`;

export const getQueues = (signal?: AbortSignal) => api.get<QueueList>('/api/queues', { signal });

export const listQueueJobs = (name: string, state: JobState, signal?: AbortSignal) =>
  api.get<QueueJobList>(`/api/queues/${encodeURIComponent(name)}/jobs`, { query: { state }, signal });

/** Silent: the page shows the server's refusal itself (a 409 must not sign the user out). */
export const retryQueueJob = (name: string, id: string) =>
  api.post<QueueJob>(`${jobPath(name, id)}/retry`, undefined, { silent: true });

export const deleteQueueJob = (name: string, id: string) =>
  api.delete<void>(jobPath(name, id), { silent: true });

export function useQueues() {
  return useQuery({
    queryKey: queueKeys.all,
    queryFn: ({ signal }) => getQueues(signal),
    refetchInterval: QUEUES_REFRESH_MS,
  });
}

export function useQueueJobs(name: string | null, state: JobState) {
  return useQuery({
    queryKey: queueKeys.jobs(name ?? '', state),
    queryFn: ({ signal }) => listQueueJobs(name ?? '', state, signal),
    enabled: name !== null,
    refetchInterval: QUEUES_REFRESH_MS,
  });
}
