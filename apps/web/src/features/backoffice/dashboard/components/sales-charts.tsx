import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { Dashboard, Language } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../../lib/format';
import { DashboardCard } from './dashboard-cards';

/** The dashboard's charts (@mantine/charts): sales of the last 30 days, this month's sales by category. */

const compact = (lng: Language) =>
  new Intl.NumberFormat(lng === 'it' ? 'it-IT' : 'en-GB', {
    notation: 'compact',
    maximumFractionDigits: 1,
  });

/** A day on the axis: dd/MM in Italian, MM-dd in English (DESIGN §7 without the year). */
const shortDay = (date: string, lng: Language) => {
  const full = formatDate(date, lng);
  return lng === 'it' ? full.slice(0, 5) : full.slice(5);
};

function Empty() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" py="xl" ta="center">
      {t('bo.dashboard.noSales')}
    </Text>
  );
}

export function SalesByDayChart({ days, lng }: { days: Dashboard['sales_by_day']; lng: Language }) {
  const { t } = useTranslation();
  const data = days.map((d) => ({ day: shortDay(d.date, lng), revenue: d.revenue / 100, orders: d.orders }));
  const axis = compact(lng);
  return (
    <DashboardCard title={t('bo.dashboard.salesByDay')}>
      {days.every((d) => d.orders === 0) ? (
        <Empty />
      ) : (
        <BarChart
          h={260}
          data={data}
          dataKey="day"
          series={[{ name: 'revenue', label: t('bo.dashboard.revenue'), color: 'indigo.6' }]}
          valueFormatter={(v) => formatMoney(Math.round(v * 100), lng)}
          yAxisProps={{ tickFormatter: (v: number) => axis.format(v), width: 56 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          gridAxis="x"
          aria-label={t('bo.dashboard.salesByDay')}
        />
      )}
    </DashboardCard>
  );
}

export function SalesByCategoryChart({
  categories,
  lng,
}: {
  categories: Dashboard['sales_by_category'];
  lng: Language;
}) {
  const { t } = useTranslation();
  const data = categories.map((c) => ({
    category: c.category || t('bo.dashboard.noCategory'),
    revenue: c.revenue / 100,
  }));
  const axis = compact(lng);
  return (
    <DashboardCard title={t('bo.dashboard.salesByCategory')}>
      {data.length === 0 ? (
        <Empty />
      ) : (
        <BarChart
          h={Math.max(160, data.length * 40 + 40)}
          data={data}
          dataKey="category"
          orientation="vertical"
          series={[{ name: 'revenue', label: t('bo.dashboard.revenue'), color: 'teal.6' }]}
          valueFormatter={(v) => formatMoney(Math.round(v * 100), lng)}
          xAxisProps={{ tickFormatter: (v: number) => axis.format(v) }}
          yAxisProps={{ width: 110 }}
          gridAxis="y"
          aria-label={t('bo.dashboard.salesByCategory')}
        />
      )}
    </DashboardCard>
  );
}
