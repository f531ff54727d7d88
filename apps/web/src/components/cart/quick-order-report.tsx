import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { QuickOrderReport as Report } from '@shop/domain';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lightBadgeText } from '../badge-text';
import { QuantityLimitNote } from './quantity-limit-note';

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
          {t('quickOrder.report.summary', { count: added, total: report.lines.length })}
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
                      <Text size="sm">{line.title}</Text>
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
                  {line.status === 'capped' && (
                    <QuantityLimitNote requested={line.requested ?? null} quantity={line.quantity} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

/** The report in its panel, with the way on to the cart the lines went into. */
export function QuickOrderReportPanel({
  report,
  caption,
  cartPath,
}: {
  report: Report;
  caption: string;
  cartPath: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <QuickOrderReport report={report} caption={caption} />
        <Group justify="flex-end">
          <Button component={Link} to={cartPath} leftSection={<IconShoppingCart size={16} aria-hidden />}>
            {t('quickOrder.toCart')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
