import { Stack, Title } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { ListPagination } from '../../../components/list-pagination';
import { RetryState } from '../../../components/retry-state';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useOnShippingRows } from '../api/get-on-shipping-rows';
import { ORDER_ROWS_PER_PAGE } from '../api/get-order-rows';
import { CustomerRowsTable } from './customer-rows-table';
import { ListEmpty, ListLoading } from './list-states';
import { pageParam } from './page-param';

/** /profile/on-shipping-rows (SPEC §2): rows in a shipping request, with the day it is processed. */
export function OnShippingRowsPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.onShippingRows'));
  const customerId = useCurrentUser().data?.customer?.id;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile.onShippingRows')}</Title>
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && <OnShippingRows customerId={customerId} />}
    </Stack>
  );
}

function OnShippingRows({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const rows = useOnShippingRows(customerId, page);
  if (rows.isPending) return <ListLoading />;
  if (rows.isError)
    return <RetryState title={t('myOrders.onShipping.loadError')} onRetry={() => void rows.refetch()} />;
  if (rows.data.data.length === 0)
    return (
      <ListEmpty
        icon={<IconTruck aria-hidden />}
        title={t('myOrders.onShipping.empty.title')}
        description={t('myOrders.onShipping.empty.description')}
      />
    );
  return (
    <Stack gap="md">
      <CustomerRowsTable rows={rows.data.data} withProcessingDate />
      <ListPagination
        total={rows.data.meta.total}
        perPage={ORDER_ROWS_PER_PAGE}
        page={page}
        onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
      />
    </Stack>
  );
}
