import { Badge, Group, Table, Text } from '@mantine/core';
import type { QuickOrderReport as Report } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { lightBadgeText } from '../badge-text';

type Status = Report['lines'][number]['status'];

const COLORS: Record<Status, string> = {
  added: 'teal',
  capped: 'orange',
  not_found: 'red',
  out_of_stock: 'gray',
  invalid: 'red',
};

/** One line per input line (quick order, reorder): what was added, capped, not found or out of stock. */
export function QuickOrderReport({ report, caption }: { report: Report; caption: string }) {
  const { t } = useTranslation();
  const added = report.lines.filter((l) => l.status === 'added' || l.status === 'capped').length;
  return (
    <div data-testid="quick-order-report">
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={600}>{caption}</Text>
        <Text size="sm" c="dimmed" data-testid="quick-order-summary">
          {t('quickOrder.report.summary', { added, total: report.lines.length })}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('quickOrder.report.line')}</Table.Th>
              <Table.Th scope="col">{t('quickOrder.report.code')}</Table.Th>
              <Table.Th scope="col">{t('quickOrder.report.product')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('quickOrder.report.requested')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('quickOrder.report.quantity')}
              </Table.Th>
              <Table.Th scope="col">{t('quickOrder.report.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.lines.map((line) => (
              <Table.Tr key={line.line} data-status={line.status} data-testid="quick-order-line">
                <Table.Td>{line.line}</Table.Td>
                <Table.Td ff="monospace">{line.code}</Table.Td>
                <Table.Td>
                  {line.title ? (
                    <>
                      <Text size="sm" lineClamp={1}>
                        {line.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.sku}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{line.requested ?? '—'}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {line.quantity}
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={COLORS[line.status]}
                    style={lightBadgeText(COLORS[line.status])}
                    radius="sm"
                  >
                    {t(`quickOrder.status.${line.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
