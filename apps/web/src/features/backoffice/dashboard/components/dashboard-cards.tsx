import { Anchor, Badge, Box, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { Dashboard, DashboardPeriod, Language } from '@shop/domain';
import {
  IconAlertTriangle,
  IconArrowDownRight,
  IconArrowUpRight,
  IconCalendarEvent,
  IconCreditCardOff,
  IconPackage,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../../components/orders/order-status-badge';
import { formatDate, formatDateTime, formatMoney } from '../../../../lib/format';

/** The dashboard's cards (issue 22 point 6): every figure is a link to the list that shows its records. */

/** A titled card of the dashboard. */
export function DashboardCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The change from last year in whole percent, or null when last year had nothing to compare. */
export function deltaPercent(current: number, lastYear: number): number | null {
  if (lastYear === 0) return null;
  return Math.round(((current - lastYear) / lastYear) * 100);
}

function Delta({ current, lastYear }: { current: number; lastYear: number }) {
  const { t } = useTranslation();
  const percent = deltaPercent(current, lastYear);
  // Nothing last year: the 'last year' line below says so, a percentage would be meaningless.
  if (percent === null) return null;
  if (percent === 0)
    return (
      <Badge variant="light" color="gray">
        {t('bo.dashboard.deltaSame')}
      </Badge>
    );
  const up = percent > 0;
  const Icon = up ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Badge variant="light" color={up ? 'teal' : 'red'} leftSection={<Icon size={14} aria-hidden />}>
      {t(up ? 'bo.dashboard.deltaUp' : 'bo.dashboard.deltaDown', { percent: Math.abs(percent) })}
    </Badge>
  );
}

/** One sales figure (orders or revenue) of a period, with last year's beside it. */
export function SalesFigure({
  label,
  current,
  lastYear,
  kind,
  lng,
}: {
  label: string;
  current: DashboardPeriod;
  lastYear: DashboardPeriod;
  kind: 'orders' | 'revenue';
  lng: Language;
}) {
  const { t } = useTranslation();
  const show = (p: DashboardPeriod) => (kind === 'orders' ? String(p.orders) : formatMoney(p.revenue, lng));
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap={6}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        <Anchor component={Link} to={current.link} fz={28} fw={700} lh={1.2} underline="hover">
          {show(current)}
        </Anchor>
        <Delta current={current[kind]} lastYear={lastYear[kind]} />
        <Anchor
          component={Link}
          to={lastYear.link}
          size="sm"
          c="dimmed"
          aria-label={`${t('bo.dashboard.lastYearLink')}: ${show(lastYear)}`}
        >
          {t('bo.dashboard.lastYear', { value: show(lastYear) })}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** A label and its count, the count a link to the list. */
function CountRow({
  icon,
  label,
  count,
  link,
  alert,
}: {
  icon?: ReactNode;
  label: ReactNode;
  count: string;
  link: string;
  alert?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {icon && (
          <Box component="span" display="flex" style={{ flexShrink: 0 }}>
            {icon}
          </Box>
        )}
        {typeof label === 'string' ? (
          <Text size="sm" style={{ minWidth: 0 }}>
            {label}
          </Text>
        ) : (
          label
        )}
      </Group>
      <Anchor component={Link} to={link} fw={700} c={alert ? 'red' : undefined} data-testid="dashboard-count">
        {count}
      </Anchor>
    </Group>
  );
}

export function WaitingCard({ waiting }: { waiting: Dashboard['waiting'] }) {
  const { t } = useTranslation();
  return (
    <DashboardCard title={t('bo.dashboard.waiting')}>
      {waiting.every((w) => w.count === 0) && (
        <Text size="sm" c="dimmed">
          {t('bo.dashboard.waitingEmpty')}
        </Text>
      )}
      <Stack gap="xs">
        {waiting.map((w) => (
          <CountRow
            key={w.status}
            label={<OrderStatusBadge status={w.status} />}
            count={String(w.count)}
            link={w.link}
          />
        ))}
      </Stack>
    </DashboardCard>
  );
}

export function AttentionCard({ dashboard, lng }: { dashboard: Dashboard; lng: Language }) {
  const { t } = useTranslation();
  const { failed_payments: failed, erp_failures: erp } = dashboard;
  return (
    <DashboardCard title={t('bo.dashboard.attention')}>
      <CountRow
        icon={<IconCreditCardOff size={18} aria-hidden />}
        label={t('bo.dashboard.failedPayments')}
        count={String(failed.count)}
        link={failed.link}
        alert={failed.count > 0}
      />
      <CountRow
        icon={<IconPlugConnectedX size={18} aria-hidden />}
        label={t('bo.dashboard.erpFailures')}
        count={String(erp.count)}
        link={erp.link}
        alert={erp.count > 0}
      />
      {failed.recent.length > 0 && (
        <Stack gap={6}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {t('bo.dashboard.recentFailed')}
          </Text>
          {failed.recent.map((o) => (
            <Group key={o.order_no} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={o.link} size="sm" fw={600}>
                  {o.order_no}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {o.customer} · {formatDateTime(o.date, lng)}
                </Text>
              </Stack>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(o.total, lng)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}

export function StockCard({ dashboard, lng }: { dashboard: Dashboard; lng: Language }) {
  const { t } = useTranslation();
  const { low_stock: low, preorders_this_week: pre, imports_running: imports } = dashboard;
  const lowCount = low.count_is_estimate
    ? t('bo.dashboard.estimate', { count: low.count })
    : String(low.count);
  return (
    <DashboardCard title={t('bo.dashboard.stock')}>
      <CountRow
        icon={<IconAlertTriangle size={18} aria-hidden />}
        label={t('bo.dashboard.lowStock', { threshold: low.threshold })}
        count={lowCount}
        link={low.link}
      />
      <CountRow
        icon={<IconCalendarEvent size={18} aria-hidden />}
        label={t('bo.dashboard.preorders', {
          from: formatDate(pre.from, lng),
          to: formatDate(pre.to, lng),
        })}
        count={String(pre.count)}
        link={pre.link}
      />
      <Stack gap={6}>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          {t('bo.dashboard.importsRunning')}
        </Text>
        {imports.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('bo.dashboard.importsNone')}
          </Text>
        ) : (
          imports.map((i) => (
            <Stack key={i.id} gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconPackage size={16} aria-hidden />
                  <Anchor component={Link} to={i.link} size="sm" truncate>
                    {i.filename}
                  </Anchor>
                </Group>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('bo.dashboard.importProgress', { processed: i.processed, count: i.total_rows })}
                </Text>
              </Group>
              <Progress
                value={i.total_rows > 0 ? (i.processed / i.total_rows) * 100 : 0}
                size="sm"
                aria-label={i.filename}
              />
            </Stack>
          ))
        )}
      </Stack>
    </DashboardCard>
  );
}
