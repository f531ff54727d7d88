import { Box, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { formatMonth } from '../../../../lib/format';
import { getSales, productKeys } from '../api/products';
import { PriceTiersSection } from './price-tiers-section';

function Bar({ value, max, color }: { value: number; max: number; color: string }) {
  return (
    <Box
      w={`${max ? Math.max(2, (value / max) * 100) : 0}%`}
      h={10}
      bg={color}
      style={{ borderRadius: 2, transition: 'width 200ms' }}
      aria-hidden
    />
  );
}

/**
 * The sales tab (SPEC §2): the product's volume tiers (issue 20 point 4), then ordered and shipped
 * quantities by month, as a table with bars.
 */
export function ProductSalesTab({ id }: { id: number }) {
  return (
    <Stack gap="xl">
      <PriceTiersSection productId={id} />
      <SalesByMonth id={id} />
    </Stack>
  );
}

function SalesByMonth({ id }: { id: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const query = useQuery({
    queryKey: productKeys.tab(id, 'sales'),
    queryFn: ({ signal }) => getSales(id, signal),
  });
  if (query.isError)
    return <RetryState title={t('bo.detail.loadError')} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  const months = query.data.months;
  const max = Math.max(0, ...months.flatMap((m) => [m.ordered, m.shipped]));
  return (
    <Stack gap="xs">
      <Group gap="md">
        <Group gap={6}>
          <Box w={12} h={12} bg="blue.6" aria-hidden />
          <Text size="sm">{t('bo.sales.ordered')}</Text>
        </Group>
        <Group gap={6}>
          <Box w={12} h={12} bg="teal.6" aria-hidden />
          <Text size="sm">{t('bo.sales.shipped')}</Text>
        </Group>
      </Group>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bo.sales.month')}</Table.Th>
            <Table.Th ta="right">{t('bo.sales.ordered')}</Table.Th>
            <Table.Th ta="right">{t('bo.sales.shipped')}</Table.Th>
            <Table.Th w="40%">
              <Text span size="sm" c="dimmed">
                {t('bo.sales.chart')}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Td>{formatMonth(m.month, lng)}</Table.Td>
              <Table.Td ta="right">{m.ordered}</Table.Td>
              <Table.Td ta="right">{m.shipped}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Bar value={m.ordered} max={max} color="blue.6" />
                  <Bar value={m.shipped} max={max} color="teal.6" />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
