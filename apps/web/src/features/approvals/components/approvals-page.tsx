import { Anchor, Button, Center, EmptyState, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconChecklist, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderDecision } from '../../../api/decide-order';
import { useCurrentUser } from '../../../api/get-current-user';
import { NotFound } from '../../../components/not-found';
import { OrderDecisionModal } from '../../../components/orders/order-decision-modal';
import { RetryState } from '../../../components/retry-state';
import { useCan } from '../../../hooks/use-can';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApprovals } from '../api/get-approvals';

/**
 * /profile/approvals (issue 19, DESIGN §6 rule 18): the customer's orders over a buyer's spending limit,
 * each approved or rejected here with a note the buyer reads. Only for roles that approve.
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.approvals'));
  const customerId = useCurrentUser().data?.customer?.id;
  const canApprove = useCan('approve');
  if (!canApprove) return <NotFound />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('titles.profile.approvals')}</Title>
        <Text c="dimmed">{t('approvals.lead')}</Text>
      </div>
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && <ApprovalList customerId={customerId} />}
    </Stack>
  );
}

function ApprovalList({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const approvals = useApprovals(customerId);
  const [deciding, setDeciding] = useState<{ orderNo: string; decision: OrderDecision } | null>(null);

  if (approvals.isPending)
    return (
      <Center py="xl" role="status" aria-label={t('common.loading')}>
        <Loader type="dots" />
      </Center>
    );
  if (approvals.isError)
    return <RetryState title={t('approvals.loadError')} onRetry={() => void approvals.refetch()} />;
  if (approvals.data.length === 0)
    return (
      <EmptyState
        variant="light"
        icon={<IconChecklist aria-hidden />}
        title={t('approvals.empty.title')}
        description={t('approvals.empty.description')}
        py="xl"
      />
    );
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" data-testid="approvals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('approvals.columns.orderNo')}</Table.Th>
              <Table.Th scope="col">{t('approvals.columns.date')}</Table.Th>
              <Table.Th scope="col">{t('approvals.columns.placedBy')}</Table.Th>
              <Table.Th scope="col">{t('approvals.columns.reason')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('approvals.columns.total')}
              </Table.Th>
              <Table.Th scope="col">{t('approvals.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {approvals.data.map((order) => (
              <Table.Tr key={order.order_no} data-testid="approval">
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/profile/orders/${encodeURIComponent(order.order_no)}`}
                    ff="monospace"
                  >
                    {order.order_no}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(order.date, lng)}</Table.Td>
                <Table.Td>{order.placed_by ?? '—'}</Table.Td>
                <Table.Td>{t(`approvals.reason.${order.reason}`)}</Table.Td>
                <Table.Td ta="right" data-testid="approval-total">
                  {formatMoney(order.total, lng)}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      color="teal"
                      leftSection={<IconCheck size={14} aria-hidden />}
                      aria-label={t('approvals.approveLabel', { orderNo: order.order_no })}
                      onClick={() => setDeciding({ orderNo: order.order_no, decision: 'approve' })}
                    >
                      {t('approvals.approve')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      leftSection={<IconX size={14} aria-hidden />}
                      aria-label={t('approvals.rejectLabel', { orderNo: order.order_no })}
                      onClick={() => setDeciding({ orderNo: order.order_no, decision: 'reject' })}
                    >
                      {t('approvals.reject')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <OrderDecisionModal
        orderNo={deciding?.orderNo ?? ''}
        decision={deciding?.decision ?? null}
        onClose={() => setDeciding(null)}
        onDone={() => setDeciding(null)}
      />
    </>
  );
}
