import { Button, Code, Group, Table, Text, Tooltip } from '@mantine/core';
import type { QueueJob } from '@shop/domain';
import { IconRotateClockwise, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../hooks/use-language';
import { formatDateTime } from '../../../../lib/format';

/** A job's id as the table shows it: its first block, enough to tell jobs apart. */
export const shortId = (id: string) => id.slice(0, 8);

/** A job's data on one line with spaces after commas and colons, so it wraps between values. */
const dataText = (data: unknown) => JSON.stringify(data ?? null, null, 1).replace(/\s*\n\s*/g, ' ');

export type JobAction = { id: string; kind: 'retry' | 'delete' };

interface QueueJobsTableProps {
  jobs: QueueJob[];
  /** The action under way, if any: the table waits for it. */
  busy: JobAction | null;
  onRetry: (job: QueueJob) => void;
  onDelete: (job: QueueJob) => void;
}

/** A queue's jobs in one state: id, when created, attempts, the last error, the data, retry and delete. */
export function QueueJobsTable({ jobs, busy, onRetry, onDelete }: QueueJobsTableProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="xs" aria-label={t('bo.queues.jobsTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bo.queues.id')}</Table.Th>
            <Table.Th>{t('bo.queues.createdAt')}</Table.Th>
            <Table.Th ta="right">{t('bo.queues.retries')}</Table.Th>
            <Table.Th>{t('bo.queues.error')}</Table.Th>
            <Table.Th>{t('bo.queues.data')}</Table.Th>
            <Table.Th>{t('bo.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => {
            const id = shortId(job.id);
            const data = dataText(job.data);
            return (
              <Table.Tr key={job.id}>
                <Table.Td>
                  <Tooltip label={job.id}>
                    <Code title={job.id} tabIndex={0}>
                      {id}
                    </Code>
                  </Tooltip>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.created_at, lng)}</Table.Td>
                <Table.Td ta="right">
                  {job.retry_count}/{job.retry_limit}
                </Table.Td>
                <Table.Td maw={360}>
                  {job.error ? (
                    <Text size="sm" c="red" lineClamp={3} title={job.error}>
                      {job.error}
                    </Text>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td maw={280}>
                  <Text size="xs" ff="monospace" lineClamp={2} title={data}>
                    {data}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {job.state === 'failed' && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconRotateClockwise size={14} aria-hidden />}
                        loading={busy?.id === job.id && busy.kind === 'retry'}
                        disabled={busy !== null}
                        aria-label={t('bo.queues.retryJob', { id })}
                        onClick={() => onRetry(job)}
                      >
                        {t('bo.queues.retry')}
                      </Button>
                    )}
                    {job.state !== 'active' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        loading={busy?.id === job.id && busy.kind === 'delete'}
                        disabled={busy !== null}
                        aria-label={t('bo.queues.deleteJob', { id })}
                        onClick={() => onDelete(job)}
                      >
                        {t('bo.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
