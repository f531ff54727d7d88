import { Button, Loader, NumberInput, Table, Text } from '@mantine/core';
import type { ProductStock } from '@shop/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { notifySaved } from '../../scaffold/notify';
import { listStocks, productKeys, saveStock } from '../api/products';

function StockRow({
  id,
  stock,
  onSaved,
}: {
  id: number;
  stock: ProductStock;
  onSaved: (list: ProductStock[]) => void;
}) {
  const { t } = useTranslation();
  const [onHand, setOnHand] = useState<number>(stock.on_hand);
  const [onOrder, setOnOrder] = useState<number>(stock.on_order);
  const [saving, setSaving] = useState(false);
  const changed = onHand !== stock.on_hand || onOrder !== stock.on_order;
  const label = `${stock.warehouse_code} ${stock.sku}`;
  async function save() {
    setSaving(true);
    try {
      onSaved(await saveStock(stock.product_id, stock.warehouse_id, { on_hand: onHand, on_order: onOrder }));
      notifySaved(t('bo.stock.saved', { warehouse: stock.warehouse_code }));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {stock.warehouse_code}
        </Text>
        <Text size="xs" c="dimmed">
          {stock.warehouse_description}
        </Text>
      </Table.Td>
      <Table.Td>{stock.sku !== '' && stock.product_id !== id ? stock.sku : ''}</Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`${t('bo.stock.onHand')} ${label}`}
          value={onHand}
          onChange={(v) => setOnHand(Number(v) || 0)}
          min={0}
          allowDecimal={false}
          w={110}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`${t('bo.stock.onOrder')} ${label}`}
          value={onOrder}
          onChange={(v) => setOnOrder(Number(v) || 0)}
          min={0}
          allowDecimal={false}
          w={110}
        />
      </Table.Td>
      <Table.Td ta="right">{stock.ordered}</Table.Td>
      <Table.Td ta="right" fw={700}>
        {stock.available}
      </Table.Td>
      <Table.Td>
        <Button size="xs" disabled={!changed} loading={saving} onClick={() => void save()}>
          {t('bo.detail.save')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** The product-warehouse tab (SPEC §2): stock per warehouse (on hand, on order, ordered, available). */
export function ProductStockTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = productKeys.tab(id, 'stocks');
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => listStocks(id, signal) });
  if (query.isError)
    return <RetryState title={t('bo.detail.loadError')} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  if (query.data.length === 0) return <Text c="dimmed">{t('bo.stock.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bo.stock.warehouse')}</Table.Th>
            <Table.Th>{t('bo.stock.variant')}</Table.Th>
            <Table.Th>{t('bo.stock.onHand')}</Table.Th>
            <Table.Th>{t('bo.stock.onOrder')}</Table.Th>
            <Table.Th ta="right">{t('bo.stock.ordered')}</Table.Th>
            <Table.Th ta="right">{t('bo.stock.available')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((stock) => (
            <StockRow
              key={`${stock.product_id}-${stock.warehouse_id}-${stock.on_hand}-${stock.on_order}`}
              id={id}
              stock={stock}
              onSaved={(list) => queryClient.setQueryData(key, list)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
