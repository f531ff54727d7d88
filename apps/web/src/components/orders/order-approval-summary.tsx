import { Alert, Stack, Text } from '@mantine/core';
import type { OrderApproval, OrderPlacedBy } from '@shop/domain';
import { IconCircleCheck, IconCircleX, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatDate } from '../../lib/format';

const COLORS = { approved: 'teal', rejected: 'red', withdrawn: 'gray' } as const;

/**
 * Issue 19 point 4: who placed the order (and the staff member who placed it for him), and the approval
 * it needed: why it waits, or who decided what, when, with his note. Storefront and back office alike.
 */
export function OrderApprovalSummary({
  placedBy,
  approval,
}: {
  placedBy: OrderPlacedBy | undefined;
  approval: OrderApproval | null | undefined;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (!placedBy?.email && !approval) return null;
  return (
    <Stack gap="xs">
      {placedBy?.email && (
        <Text size="sm" c="dimmed" data-testid="order-placed-by">
          {placedBy.staff_email
            ? t('order.approval.placedByStaff', { email: placedBy.email, staff: placedBy.staff_email })
            : t('order.approval.placedBy', { email: placedBy.email })}
        </Text>
      )}
      {approval && (
        <Alert
          variant="light"
          color={approval.outcome ? COLORS[approval.outcome] : 'yellow'}
          icon={
            approval.outcome === 'approved' ? (
              <IconCircleCheck aria-hidden />
            ) : approval.outcome ? (
              <IconCircleX aria-hidden />
            ) : (
              <IconHourglass aria-hidden />
            )
          }
          // a lasting state of the order, not an alert to interrupt with
          role="status"
          data-testid="order-approval"
          data-outcome={approval.outcome ?? 'waiting'}
        >
          <Text size="sm" fw={600} data-testid="order-approval-state">
            {approval.outcome === null && t(`order.approval.waiting.${approval.reason}`)}
            {approval.outcome === 'approved' &&
              t('order.approval.approved', {
                by: approval.decided_by ?? '—',
                date: formatDate(approval.decided_at, lng) || '—',
              })}
            {approval.outcome === 'rejected' &&
              t('order.approval.rejected', { by: approval.decided_by ?? '—' })}
            {approval.outcome === 'withdrawn' && t('order.approval.withdrawn')}
          </Text>
          {approval.note && (
            <Text size="sm" data-testid="order-approval-note">
              {t('order.approval.note', { note: approval.note })}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
