import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { JOB_STATES, type JobState, QUEUE_JOBS_LIMIT, type QueueJob, type QueueSummary } from '@shop/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RetryState } from '../../../../components/retry-state';
import { usePageTitle } from '../../../../hooks/use-page-title';
import { refusalOf } from '../../sales/components/order-format';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import {
  deleteQueueJob,
  QUEUES_REFRESH_MS,
  queueKeys,
  retryQueueJob,
  useQueueJobs,
  useQueues,
} from '../api/queues';
import { QueueCountsTable, type QueueSelection } from './queue-counts-table';
import { type JobAction, QueueJobsTable, shortId } from './queue-jobs-table';

const isJobState = (value: string | null): value is JobState =>
  (JOB_STATES as readonly (string | null)[]).includes(value);

/**
 * The queue shown: the one in the address when it exists, else the first with failed jobs (what needs
 * a person), else the first. The state: the one in the address, else failed.
 */
function selectionOf(queues: QueueSummary[], params: URLSearchParams): QueueSelection | null {
  const asked = params.get('queue');
  const queue = queues.find((q) => q.name === asked) ?? queues.find((q) => q.counts.failed > 0) ?? queues[0];
  if (!queue) return null;
  const state = params.get('state');
  return { queue: queue.name, state: isJobState(state) ? state : 'failed' };
}

/**
 * SPEC §2 queue management (the navbar's external link), DESIGN §8: every pg-boss queue with its jobs
 * counted by state, the jobs of the chosen queue and state with their last error, retry of a failed
 * job and deletion after a confirmation. Refreshes every 5 s and on demand.
 */
export function QueuesPage() {
  const { t } = useTranslation();
  usePageTitle(t('backoffice.pages.queues'));
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState<JobAction | null>(null);
  const queues = useQueues();
  const selected = queues.data?.enabled ? selectionOf(queues.data.data, params) : null;
  const jobs = useQueueJobs(selected?.queue ?? null, selected?.state ?? 'failed');

  const select = (next: QueueSelection) =>
    setParams({ queue: next.queue, state: next.state }, { replace: true });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queueKeys.all });

  async function act(job: QueueJob, kind: JobAction['kind']) {
    if (!selected) return;
    if (kind === 'delete' && !(await confirmDeletion(t('bo.queues.jobWhat', { id: shortId(job.id) }))))
      return;
    setBusy({ id: job.id, kind });
    try {
      if (kind === 'retry') await retryQueueJob(selected.queue, job.id);
      else await deleteQueueJob(selected.queue, job.id);
      notifySaved(t(kind === 'retry' ? 'bo.queues.retried' : 'bo.queues.deleted'));
    } catch (error) {
      notifications.show({ color: 'red', message: refusalOf(error) });
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('backoffice.pages.queues')}</Title>
          <Text size="sm" c="dimmed">
            {t('bo.queues.autoRefresh', { seconds: QUEUES_REFRESH_MS / 1000 })}
          </Text>
        </Stack>
        <Group gap="xs">
          {(queues.isFetching || jobs.isFetching) && <Loader size="sm" aria-label={t('common.loading')} />}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void refresh()}
          >
            {t('bo.queues.refresh')}
          </Button>
        </Group>
      </Group>
      {queues.isError ? (
        <RetryState title={t('bo.queues.loadError')} onRetry={() => void queues.refetch()} />
      ) : queues.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : !queues.data.enabled ? (
        <Alert variant="light" color="yellow" title={t('bo.queues.off')}>
          {t('bo.queues.offHint')}
        </Alert>
      ) : !selected ? (
        <Text c="dimmed">{t('bo.queues.none')}</Text>
      ) : (
        <>
          <QueueCountsTable queues={queues.data.data} selected={selected} onSelect={select} />
          <Card withBorder component="section" aria-labelledby="queue-jobs-title">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h4" id="queue-jobs-title">
                  {t('bo.queues.jobsOf', { queue: selected.queue })}
                </Title>
                <SegmentedControl
                  aria-label={t('bo.queues.state')}
                  value={selected.state}
                  onChange={(state) => isJobState(state) && select({ queue: selected.queue, state })}
                  data={JOB_STATES.map((state) => ({ value: state, label: t(`bo.queues.states.${state}`) }))}
                />
              </Group>
              {jobs.isError ? (
                <RetryState title={t('bo.queues.jobsLoadError')} onRetry={() => void jobs.refetch()} />
              ) : jobs.isPending ? (
                <Group justify="center" py="md">
                  <Loader size="sm" aria-label={t('common.loading')} />
                </Group>
              ) : jobs.data.data.length === 0 ? (
                <Text c="dimmed" py="md" ta="center">
                  {t(`bo.queues.empty.${selected.state}`)}
                </Text>
              ) : (
                <>
                  <QueueJobsTable
                    jobs={jobs.data.data}
                    busy={busy}
                    onRetry={(job) => void act(job, 'retry')}
                    onDelete={(job) => void act(job, 'delete')}
                  />
                  {jobs.data.data.length >= QUEUE_JOBS_LIMIT && (
                    <Text size="sm" c="dimmed">
                      {t('bo.queues.newest', { count: QUEUE_JOBS_LIMIT })}
                    </Text>
                  )}
                </>
              )}
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}
