import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { CancelBackorderInputSchema, messages, shopDateOf } from '@shop/domain';
import { IconCalendarX, IconClockPause } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { CardTable } from '../../../components/card-table';
import { DateField } from '../../../components/date-field';
import { ListPagination } from '../../../components/list-pagination';
import { RetryState } from '../../../components/retry-state';
import { useCan } from '../../../hooks/use-can';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { translateMessage } from '../../../i18n/translate-message';
import { formatDate } from '../../../lib/format';
import { BACKORDERS_PER_PAGE, useBackorders } from '../api/get-backorders';
import { CancelBackorderModal } from './cancel-backorder-modal';
import { ListEmpty, ListLoading } from './list-states';
import { pageParam } from './page-param';

/**
 * /profile/backorder (SPEC §2 'my backorder', §9): the units ordered that no stock covers yet, and
 * cancelling them for the orders placed up to a day.
 */
export function BackorderPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.backorder'));
  const customerId = useCurrentUser().data?.customer?.id;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile.backorder')}</Title>
      <Text c="dimmed">{t('myOrders.backorder.intro')}</Text>
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && <Backorders customerId={customerId} />}
    </Stack>
  );
}

/**
 * The day to cancel up to: a real YYYY-MM-DD, not after today in the shop's zone (the server says the
 * same). The list below shows the rows of the orders up to that day: exactly what the cancel takes.
 */
function CancelForm({
  date,
  onDate,
  onCancel,
}: {
  date: string;
  onDate: (date: string) => void;
  onCancel: (date: string) => void;
}) {
  const { t } = useTranslation();
  const today = shopDateOf(new Date());
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const valid = CancelBackorderInputSchema.safeParse({ date }).success && date <= today;
    setInvalid(!valid);
    if (valid) onCancel(date);
  };
  return (
    <Group align="flex-end" gap="sm">
      <DateField
        label={t('myOrders.backorder.date')}
        description={t('myOrders.backorder.dateHint')}
        value={date}
        maxDate={today}
        onChange={(next) => {
          setInvalid(false);
          onDate(next);
        }}
        error={invalid ? translateMessage(messages.invalidValue) : undefined}
        w={220}
      />
      <Button
        color="red"
        variant="light"
        leftSection={<IconCalendarX size={18} aria-hidden />}
        onClick={submit}
      >
        {t('myOrders.backorder.cancel')}
      </Button>
    </Group>
  );
}

function Backorders({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const today = shopDateOf(new Date());
  // DESIGN §6 rule 14: the list shows the rows of the orders up to the chosen day, the very rows (and
  // units) the cancel takes; the server filters both with the same rule (issue 22)
  const [date, setDate] = useState(today);
  const upTo = CancelBackorderInputSchema.safeParse({ date }).success && date <= today ? date : today;
  const backorders = useBackorders(customerId, { page, upTo });
  const [cancelling, setCancelling] = useState<string | null>(null);
  const canOrder = useCan('order');

  if (backorders.isPending) return <ListLoading />;
  if (backorders.isError)
    return <RetryState title={t('myOrders.backorder.loadError')} onRetry={() => void backorders.refetch()} />;
  const { data, meta } = backorders.data;
  if (data.length === 0 && upTo === today)
    return (
      <ListEmpty
        icon={<IconClockPause aria-hidden />}
        title={t('myOrders.backorder.empty.title')}
        description={t('myOrders.backorder.empty.description')}
      />
    );
  return (
    <Stack gap="md">
      {canOrder && (
        <CancelForm
          date={date}
          onDate={(next) => {
            setDate(next);
            if (page > 1) setParams({});
          }}
          onCancel={setCancelling}
        />
      )}
      <Text fw={600} data-testid="backorder-summary">
        {upTo === today
          ? t('myOrders.backorder.summary', { rows: meta.total, quantity: meta.quantity })
          : t('myOrders.backorder.summaryUpTo', {
              rows: meta.total,
              quantity: meta.quantity,
              date: formatDate(upTo, lng),
            })}
      </Text>
      <CardTable minWidth={720} striped verticalSpacing="xs" fz="sm" data-testid="backorders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('myOrders.rows.columns.order')}</Table.Th>
            <Table.Th scope="col">{t('myOrders.rows.columns.date')}</Table.Th>
            <Table.Th scope="col">{t('myOrders.rows.columns.sku')}</Table.Th>
            <Table.Th scope="col">{t('myOrders.rows.columns.description')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('myOrders.rows.columns.residual')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('myOrders.rows.columns.ready')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('myOrders.rows.columns.backorder')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((row) => (
            <Table.Tr key={row.id} data-testid="backorder-row">
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/profile/orders/${encodeURIComponent(row.orderNo)}`}
                  ff="monospace"
                >
                  {row.orderNo}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDate(row.order_date, lng)}</Table.Td>
              <Table.Td ff="monospace">{row.product_sku}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td ta="right">{row.quantities.residual}</Table.Td>
              <Table.Td ta="right">{row.quantities.ready}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {row.backorder}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </CardTable>
      <ListPagination
        total={meta.total}
        perPage={BACKORDERS_PER_PAGE}
        page={page}
        onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
      />
      <CancelBackorderModal
        customerId={customerId}
        date={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => setDate(today)}
      />
    </Stack>
  );
}
