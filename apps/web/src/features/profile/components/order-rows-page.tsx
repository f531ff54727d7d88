import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { CustomerOrderRow } from '@shop/domain';
import { IconListCheck, IconTruckDelivery } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { ListPagination } from '../../../components/list-pagination';
import { RetryState } from '../../../components/retry-state';
import { useCan } from '../../../hooks/use-can';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ORDER_ROWS_PER_PAGE, useOrderRows } from '../api/get-order-rows';
import { CustomerRowsTable } from './customer-rows-table';
import { ListEmpty, ListLoading } from './list-states';
import { pageParam } from './page-param';
import { RequestShippingModal } from './request-shipping-modal';

/**
 * /profile/order-rows (SPEC §2): the rows still to ship of open orders. Ready rows can be chosen and
 * sent in a shipping request, after a confirmation that says when it will be processed.
 */
export function OrderRowsPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.orderRows'));
  const customerId = useCurrentUser().data?.customer?.id;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile.orderRows')}</Title>
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && <OpenRows customerId={customerId} />}
    </Stack>
  );
}

function OpenRows({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const ready = params.get('ready') === 'true';
  const page = pageParam(params);
  const rows = useOrderRows(customerId, { page, ready });
  const [selected, setSelected] = useState<Map<number, CustomerOrderRow>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const canOrder = useCan('order');

  const show = (next: { ready: boolean; page: number }) => {
    const search = new URLSearchParams();
    if (next.ready) search.set('ready', 'true');
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const select = (ids: number[], checked: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows.data?.data ?? []) {
        if (!ids.includes(row.id)) continue;
        if (checked) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  };

  let list: ReactNode;
  if (rows.isPending) list = <ListLoading />;
  else if (rows.isError)
    list = <RetryState title={t('myOrders.rows.loadError')} onRetry={() => void rows.refetch()} />;
  else if (rows.data.data.length === 0)
    list = (
      <ListEmpty
        icon={<IconListCheck aria-hidden />}
        title={ready ? t('myOrders.rows.empty.ready') : t('myOrders.rows.empty.title')}
        description={ready ? undefined : t('myOrders.rows.empty.description')}
      />
    );
  else
    list = (
      <Stack gap="md">
        <CustomerRowsTable
          rows={rows.data.data}
          selection={{ selected: new Set(selected.keys()), onChange: select }}
        />
        <ListPagination
          total={rows.data.meta.total}
          perPage={ORDER_ROWS_PER_PAGE}
          page={page}
          onChange={(next) => show({ ready, page: next })}
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Switch
          label={t('myOrders.rows.onlyReady')}
          checked={ready}
          onChange={(event) => show({ ready: event.currentTarget.checked, page: 1 })}
        />
        <Group gap="sm">
          <Text size="sm" c="dimmed" data-testid="selected-count">
            {t('myOrders.rows.selected', { count: selected.size })}
          </Text>
          {canOrder && (
            <Button
              leftSection={<IconTruckDelivery size={18} aria-hidden />}
              disabled={selected.size === 0}
              onClick={() => setConfirming(true)}
            >
              {t('myOrders.rows.requestShipping')}
            </Button>
          )}
        </Group>
      </Group>
      {list}
      <RequestShippingModal
        customerId={customerId}
        rows={[...selected.values()]}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onDone={() => {
          setConfirming(false);
          setSelected(new Map());
        }}
      />
    </Stack>
  );
}
