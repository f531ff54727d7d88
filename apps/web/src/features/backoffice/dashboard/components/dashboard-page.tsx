import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Language } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { usePageTitle } from '../../../../hooks/use-page-title';
import { formatDate } from '../../../../lib/format';
import { useDashboard } from '../api/get-dashboard';
import { AttentionCard, SalesFigure, StockCard, WaitingCard } from './dashboard-cards';
import { SalesByCategoryChart, SalesByDayChart } from './sales-charts';

function Skeletons() {
  return (
    <Stack gap="md" aria-hidden>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {[1, 2, 3, 4].map((n) => (
          <Card key={n} withBorder radius="md" padding="md">
            <Skeleton h={14} w="50%" mb="sm" />
            <Skeleton h={30} w="70%" mb="sm" />
            <Skeleton h={14} w="60%" />
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {[1, 2, 3].map((n) => (
          <Card key={n} withBorder radius="md" padding="md">
            <Skeleton h={18} w="40%" mb="md" />
            <Skeleton h={120} />
          </Card>
        ))}
      </SimpleGrid>
      <Skeleton h={300} radius="md" />
    </Stack>
  );
}

/**
 * /backoffice: the back office's home (issue 22 point 6). Today's and this month's orders and revenue
 * against last year, orders waiting for staff by status, failed payments and ERP failures, stock running
 * out, pre-orders of the week, imports running, and sales charts; each figure opens its filtered list.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('bo.dashboard.title'));
  const lng: Language = i18n.resolvedLanguage === 'en' ? 'en' : 'it';
  const query = useDashboard();
  const d = query.data;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{t('bo.dashboard.title')}</Title>
        {d && (
          <Text size="sm" c="dimmed">
            {t('bo.dashboard.subtitle', { date: formatDate(d.today, lng) })}
          </Text>
        )}
      </Stack>
      {query.isError && !d ? (
        <RetryState title={t('bo.dashboard.loadError')} onRetry={() => void query.refetch()} />
      ) : !d ? (
        <Skeletons />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
            <SalesFigure
              label={t('bo.dashboard.ordersToday')}
              current={d.today_sales.current}
              lastYear={d.today_sales.last_year}
              kind="orders"
              lng={lng}
            />
            <SalesFigure
              label={t('bo.dashboard.revenueToday')}
              current={d.today_sales.current}
              lastYear={d.today_sales.last_year}
              kind="revenue"
              lng={lng}
            />
            <SalesFigure
              label={t('bo.dashboard.ordersMonth')}
              current={d.month_sales.current}
              lastYear={d.month_sales.last_year}
              kind="orders"
              lng={lng}
            />
            <SalesFigure
              label={t('bo.dashboard.revenueMonth')}
              current={d.month_sales.current}
              lastYear={d.month_sales.last_year}
              kind="revenue"
              lng={lng}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('bo.dashboard.salesNote')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <WaitingCard waiting={d.waiting} />
            <AttentionCard dashboard={d} lng={lng} />
            <StockCard dashboard={d} lng={lng} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <SalesByDayChart days={d.sales_by_day} lng={lng} />
            <SalesByCategoryChart categories={d.sales_by_category} lng={lng} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
