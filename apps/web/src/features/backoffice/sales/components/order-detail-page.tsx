import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type BackofficeOrderDetail,
  decidedByStaff,
  isOrderEditable,
  type Language,
  type OrderApproval,
} from '@shop/domain';
import { IconChevronLeft, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OrderStatusBadge } from '../../../../components/orders/order-status-badge';
import { useLanguage } from '../../../../hooks/use-language';
import { usePageTitle } from '../../../../hooks/use-page-title';
import type { TranslationKey } from '../../../../i18n/keys';
import { countryName } from '../../../../lib/countries';
import { formatDate, formatDateTime, formatMoney } from '../../../../lib/format';
import { ErpSyncPanel } from '../../jobs/components/erp-sync-panel';
import { Facts, Section } from '../../scaffold/detail-sections';
import { LoadFailure } from '../../scaffold/load-failure';
import { getOrder, orderKeys } from '../api/orders';
import { useOrderReturnsList } from '../api/returns';
import { CreditDecisionButtons } from './credit-decision';
import { OrderPayments } from './order-payments';
import { OrderDocuments, OrderHistory } from './order-records';
import { OrderRowDialog, type RowAction } from './order-row-dialogs';
import { OrderRowsTable } from './order-rows-table';
import { OrderStatusActions } from './order-status-actions';
import { channelKey } from './orders-list-page';
import { OrderReturnsList } from './returns-pages';

/**
 * SPEC §2 /backoffice/orders/{orderNo}: the order with its status and the actions allowed now, customer,
 * addresses, totals, rows with their actions, payments, documents, status history, returns and the ERP panel.
 */

const LIST = '/backoffice/orders';

function addressText(a: BackofficeOrderDetail['billing_address'], lng: Language) {
  const name = [a.company, [a.firstname, a.lastname].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
  return [
    name,
    a.co,
    a.address,
    `${a.postcode} ${a.city}${a.state ? ` (${a.state})` : ''}`,
    countryName(a.country, lng),
    a.phone,
  ]
    .filter(Boolean)
    .join(', ');
}

function OrderOverview({ order }: { order: BackofficeOrderDetail }) {
  const lng = useLanguage();
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, lng);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Section titleKey="bo.orders.sections.customer">
        <Facts
          items={[
            [
              'bo.orders.customer',
              <Anchor key="c" component={Link} to={`/backoffice/customers/${order.customer.id}`}>
                {order.customer.name}
              </Anchor>,
            ],
            ['bo.orders.customerEmail', order.customer.email],
            ['bo.orders.customerVatId', order.customer.vat_id],
            ['bo.fields.erpCode', order.customer.erp_code],
            ['bo.orders.channel', t(channelKey(order.channel))],
            ['bo.orders.placedBy', order.placed_by?.email ?? null],
            ...(order.placed_by?.staff_email
              ? [['bo.orders.placedByStaff', order.placed_by.staff_email] as [TranslationKey, ReactNode]]
              : []),
            ['bo.orders.paymentMethod', t(`payment.methods.${order.payment_method}` as TranslationKey)],
            ['bo.orders.erpOrderNo', order.erp_order_no],
            ['bo.orders.customerReference', order.customer_reference],
            ['bo.orders.customerReferenceDate', formatDate(order.customer_reference_date, lng)],
            [
              'bo.orders.erpOrderReason',
              order.erp_order_reason &&
                t(`bo.orderEdit.erpOrderReasons.${order.erp_order_reason}` as TranslationKey, {
                  defaultValue: order.erp_order_reason,
                }),
            ],
          ]}
        />
      </Section>
      <Section titleKey="bo.orders.sections.addresses">
        <Facts
          items={[
            ['bo.orders.billingAddress', addressText(order.billing_address, lng)],
            ['bo.orders.shippingAddress', addressText(order.shipping_address, lng)],
          ]}
        />
      </Section>
      <Section titleKey="bo.orders.sections.totals">
        <Facts
          items={[
            ['bo.orders.totals.withoutTaxes', money(order.total_without_taxes)],
            ['bo.orders.totals.shipping', money(order.shipping_costs)],
            ['bo.orders.totals.paymentFee', money(order.payment_fee)],
            ['bo.orders.totals.vat', money(order.vat)],
            ['bo.orders.totals.total', <strong key="t">{money(order.total)}</strong>],
          ]}
        />
      </Section>
    </SimpleGrid>
  );
}

/** Issue 19: why the order needed approval and who decided what, when, with his note. */
function OrderApprovalFacts({ approval, orderNo }: { approval: OrderApproval; orderNo: string }) {
  const lng = useLanguage();
  const { t } = useTranslation();
  return (
    <Section titleKey="bo.orders.sections.approval">
      <Facts
        items={[
          ['bo.orders.approval.reason', t(`approvals.reason.${approval.reason}`)],
          ['bo.orders.approval.outcome', t(`bo.orders.approval.outcomes.${approval.outcome ?? 'waiting'}`)],
          ['bo.orders.approval.decidedBy', approval.decided_by],
          ['bo.orders.approval.decidedAt', approval.decided_at && formatDateTime(approval.decided_at, lng)],
          ['bo.orders.approval.note', approval.note],
        ]}
      />
      {/* issue 20: staff decide an order held for credit here or in the approvals queue */}
      {approval.outcome === null && decidedByStaff(approval.reason) && (
        <Group mt="sm">
          <CreditDecisionButtons orderNo={orderNo} />
        </Group>
      )}
    </Section>
  );
}

/** Issue 21 point 5: the order's returns, each linking to its page. */
function OrderReturnsSection({ orderNo }: { orderNo: string }) {
  const returns = useOrderReturnsList(orderNo);
  if (!returns.data) return null;
  return (
    <Section titleKey="bo.returns.orderReturns">
      <OrderReturnsList items={returns.data.data} />
    </Section>
  );
}

export function OrderDetailPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const orderNo = useParams().orderNo ?? '';
  const [refusal, setRefusal] = useState<string | null>(null);
  const [rowAction, setRowAction] = useState<RowAction | null>(null);
  usePageTitle(`${t('backoffice.pages.order')} ${orderNo}`);
  const query = useQuery({
    queryKey: orderKeys.detail(orderNo),
    queryFn: ({ signal }) => getOrder(orderNo, signal),
  });
  const order = query.data;

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={LIST} size="sm">
          <Group gap={4} component="span">
            <IconChevronLeft size={14} aria-hidden />
            {t('backoffice.pages.orders')}
          </Group>
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>{t('bo.orders.heading', { orderNo })}</Title>
          {order && <OrderStatusBadge status={order.status} />}
        </Group>
        {order && <Text c="dimmed">{`${formatDate(order.date, lng)} · ${order.customer.name}`}</Text>}
      </div>
      {query.isError ? (
        <LoadFailure
          error={query.error}
          retryTitle={t('bo.detail.loadError')}
          onRetry={() => void query.refetch()}
          listPath={LIST}
        />
      ) : !order ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <OrderStatusActions order={order} onRefused={setRefusal} />
            {isOrderEditable(order.status) && (
              <Button
                component={Link}
                to={`${LIST}/${encodeURIComponent(order.order_no)}/edit`}
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                {t('bo.edit')}
              </Button>
            )}
          </Group>
          {refusal && (
            <Alert variant="light" color="red" role="alert" withCloseButton onClose={() => setRefusal(null)}>
              {refusal}
            </Alert>
          )}
          <OrderOverview order={order} />
          {order.approval && <OrderApprovalFacts approval={order.approval} orderNo={order.order_no} />}
          <Section titleKey="bo.orders.sections.rows">
            <OrderRowsTable order={order} onAction={setRowAction} />
          </Section>
          <Section titleKey="bo.orders.sections.payments">
            <OrderPayments order={order} />
          </Section>
          <Section titleKey="bo.orders.sections.documents">
            <OrderDocuments order={order} />
          </Section>
          <Section titleKey="bo.orders.sections.history">
            <OrderHistory order={order} />
          </Section>
          <OrderReturnsSection orderNo={order.order_no} />
          <ErpSyncPanel subject={{ kind: 'order', orderNo: order.order_no }} />
          <OrderRowDialog orderNo={order.order_no} action={rowAction} onClose={() => setRowAction(null)} />
        </>
      )}
    </Stack>
  );
}
