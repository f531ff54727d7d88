import { Badge, Table, UnstyledButton } from '@mantine/core';
import { JOB_STATES, type JobState, type QueueSummary } from '@shop/domain';
import { useTranslation } from 'react-i18next';

/** What a count of jobs in a state looks like: failures stand out in red, nothing is grey. */
const STATE_COLORS: Record<JobState, string> = {
  created: 'blue',
  retry: 'yellow',
  active: 'cyan',
  completed: 'teal',
  cancelled: 'gray',
  failed: 'red',
};

export type QueueSelection = { queue: string; state: JobState };

interface QueueCountsTableProps {
  queues: QueueSummary[];
  selected: QueueSelection | null;
  onSelect: (selection: QueueSelection) => void;
}

/** Every queue with its jobs counted by state; a count is a button showing those jobs below. */
export function QueueCountsTable({ queues, selected, onSelect }: QueueCountsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label={t('bo.queues.queuesTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bo.queues.queue')}</Table.Th>
            {JOB_STATES.map((state) => (
              <Table.Th key={state} ta="center">
                {t(`bo.queues.states.${state}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queues.map(({ name, counts }) => {
            const isSelected = selected?.queue === name;
            return (
              <Table.Tr key={name} bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}>
                <Table.Th scope="row" fw={isSelected ? 700 : 500} ff="monospace">
                  {name}
                </Table.Th>
                {JOB_STATES.map((state) => {
                  const count = counts[state];
                  const pressed = isSelected && selected?.state === state;
                  const alarming = state === 'failed' && count > 0;
                  return (
                    <Table.Td key={state} ta="center">
                      <UnstyledButton
                        onClick={() => onSelect({ queue: name, state })}
                        aria-pressed={pressed}
                        aria-label={t('bo.queues.showJobs', {
                          state: t(`bo.queues.states.${state}`),
                          queue: name,
                          count,
                        })}
                        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                      >
                        <Badge
                          color={count === 0 ? 'gray' : STATE_COLORS[state]}
                          variant={pressed || alarming ? 'filled' : count === 0 ? 'default' : 'light'}
                          size="lg"
                          radius="sm"
                          miw={48}
                          style={{
                            cursor: 'pointer',
                            outline: pressed ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                            outlineOffset: 2,
                          }}
                        >
                          {count}
                        </Badge>
                      </UnstyledButton>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
