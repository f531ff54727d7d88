import { Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { formatDate } from '../../../../lib/format';
import { getPurchase, productKeys } from '../api/products';

/** The purchase tab (SPEC §2): supplier code, on-order quantity, incoming per warehouse, last receipts. */
export function ProductPurchaseTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const query = useQuery({
    queryKey: productKeys.tab(id, 'purchase'),
    queryFn: ({ signal }) => getPurchase(id, signal),
  });
  if (query.isError)
    return <RetryState title={t('bo.detail.loadError')} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  const purchase = query.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('bo.fields.supplierCode')}
          </Text>
          <Text fw={700} size="lg">
            {purchase.supplier_code ?? '—'}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('bo.stock.onOrder')}
          </Text>
          <Text fw={700} size="lg">
            {purchase.on_order}
          </Text>
        </Card>
      </SimpleGrid>
      <Title order={3}>{t('bo.purchase.incoming')}</Title>
      {purchase.incoming.length === 0 ? (
        <Text c="dimmed">{t('bo.purchase.noIncoming')}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bo.stock.warehouse')}</Table.Th>
              <Table.Th ta="right">{t('bo.stock.onOrder')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {purchase.incoming.map((row) => (
              <Table.Tr key={row.warehouse_code}>
                <Table.Td>{row.warehouse_code}</Table.Td>
                <Table.Td ta="right">{row.on_order}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3}>{t('bo.purchase.receipts')}</Title>
      {purchase.last_receipts.length === 0 ? (
        <Text c="dimmed">{t('bo.purchase.noReceipts')}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bo.purchase.date')}</Table.Th>
              <Table.Th>{t('bo.purchase.document')}</Table.Th>
              <Table.Th>{t('bo.stock.warehouse')}</Table.Th>
              <Table.Th>{t('bo.fields.sku')}</Table.Th>
              <Table.Th ta="right">{t('bo.purchase.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {purchase.last_receipts.map((row) => (
              <Table.Tr key={`${row.document_number}-${row.sku}-${row.warehouse_code}`}>
                <Table.Td>{formatDate(row.document_date, lng)}</Table.Td>
                <Table.Td>{row.document_number}</Table.Td>
                <Table.Td>{row.warehouse_code}</Table.Td>
                <Table.Td>{row.sku}</Table.Td>
                <Table.Td ta="right">{row.quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
