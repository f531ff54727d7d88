import { Badge, Center, EmptyState, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { CouponState, CustomerCoupon, Language } from '@shop/domain';
import { IconTicket } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../api/get-current-user';
import { lightBadgeText } from '../../../components/badge-text';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { formatCouponValue } from '../../../lib/coupon-value';
import { formatDate } from '../../../lib/format';
import { useCoupons } from '../api/get-coupons';

const STATE_COLORS: Record<CouponState, string> = {
  valid: 'teal',
  not_yet_valid: 'blue',
  used: 'gray',
  expired: 'orange',
};

/** 'dal 01/11/2026 al 30/11/2026', or an open end, or 'sempre'. */
function validity(coupon: CustomerCoupon, t: TFunction, lng: Language): string {
  const from = formatDate(coupon.valid_from, lng);
  const until = formatDate(coupon.valid_until, lng);
  if (from && until) return t('coupons.validity.between', { from, until });
  if (from) return t('coupons.validity.from', { from });
  if (until) return t('coupons.validity.until', { until });
  return t('coupons.validity.always');
}

/** /profile/coupons (SPEC §2): the coupons issued to the customer, with their validity and state. */
export function CouponsPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.coupons'));
  const customerId = useCurrentUser().data?.customer?.id;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile.coupons')}</Title>
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && <CouponList customerId={customerId} />}
    </Stack>
  );
}

function CouponList({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const coupons = useCoupons(customerId);
  if (coupons.isPending) {
    return (
      <Center py="xl" role="status" aria-label={t('common.loading')}>
        <Loader type="dots" />
      </Center>
    );
  }
  if (coupons.isError) {
    return <RetryState title={t('coupons.loadError')} onRetry={() => void coupons.refetch()} />;
  }
  if (coupons.data.length === 0) {
    return (
      <EmptyState
        variant="light"
        icon={<IconTicket aria-hidden />}
        title={t('coupons.empty.title')}
        description={t('coupons.empty.description')}
        py="xl"
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('coupons.columns.code')}</Table.Th>
            <Table.Th ta="right">{t('coupons.columns.value')}</Table.Th>
            <Table.Th>{t('coupons.columns.validity')}</Table.Th>
            <Table.Th>{t('coupons.columns.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coupons.data.map((coupon) => (
            <Table.Tr key={coupon.id}>
              <Table.Td ff="monospace" fw={600}>
                {coupon.code}
              </Table.Td>
              <Table.Td ta="right">{formatCouponValue(coupon, lng)}</Table.Td>
              <Table.Td>{validity(coupon, t, lng)}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={STATE_COLORS[coupon.state]}
                  style={lightBadgeText(STATE_COLORS[coupon.state])}
                >
                  {t(`coupons.states.${coupon.state}`)}
                </Badge>
                {coupon.used_at && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('coupons.usedOn', { date: formatDate(coupon.used_at, lng) })}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
