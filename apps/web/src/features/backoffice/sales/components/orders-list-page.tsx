import {
  type BackofficeOrderListItem,
  ERP_SYNC_FILTERS,
  ORDER_CHANNELS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
} from '@shop/domain';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { OrderStatusBadge } from '../../../../components/orders/order-status-badge';
import type { TranslationKey } from '../../../../i18n/keys';
import { formatDate, formatMoney } from '../../../../lib/format';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { listOrders, orderKeys, useCustomerChoices } from '../api/orders';

/**
 * SPEC §2 /backoffice/orders: every order, searched by order number or customer, filtered by status,
 * dates, customer, channel, payment method and ERP sync state, sorted, in pages; 'Add order' opens the
 * back-office cart, where an order is placed for a customer.
 */

const lng = () => (i18n.resolvedLanguage === 'en' ? 'en' : 'it');
export const channelKey = (channel: string) => `bo.orders.channels.${channel}` as TranslationKey;
export const erpSyncKey = (state: string) => `bo.orders.erpSync.${state}` as TranslationKey;

function useChoices(values: readonly string[], keyOf: (value: string) => TranslationKey) {
  const { t } = useTranslation();
  return values.map((value) => ({ value, label: t(keyOf(value)) }));
}
const useStatusChoices = () => useChoices(ORDER_STATUSES, (s) => `order.status.${s}` as TranslationKey);
const useChannelChoices = () => useChoices(ORDER_CHANNELS, channelKey);
const usePaymentChoices = () => useChoices(PAYMENT_METHODS, (m) => `payment.methods.${m}` as TranslationKey);
const useErpChoices = () => useChoices(ERP_SYNC_FILTERS, erpSyncKey);

const config: ListPageConfig<BackofficeOrderListItem> = {
  titleKey: 'backoffice.pages.orders',
  queryKey: orderKeys.list,
  fetch: listOrders,
  searchPlaceholderKey: 'bo.orders.searchPlaceholder',
  columns: [
    { key: 'order_no', labelKey: 'bo.orders.orderNo', sort: 'order_no' },
    { key: 'date', labelKey: 'bo.orders.date', sort: 'date', render: (o) => formatDate(o.date, lng()) },
    { key: 'customer', labelKey: 'bo.orders.customer', sort: 'customer', render: (o) => o.customer.name },
    { key: 'channel', labelKey: 'bo.orders.channel', render: (o) => i18n.t(channelKey(o.channel)) },
    {
      key: 'payment_method',
      labelKey: 'bo.orders.paymentMethod',
      render: (o) => i18n.t(`payment.methods.${o.payment_method}` as TranslationKey),
    },
    {
      key: 'status',
      labelKey: 'bo.orders.status',
      sort: 'status',
      render: (o) => <OrderStatusBadge status={o.status} />,
    },
    {
      key: 'total',
      labelKey: 'bo.orders.total',
      sort: 'total',
      align: 'right',
      render: (o) => formatMoney(o.total, lng()),
    },
    { key: 'erp_sync', labelKey: 'bo.orders.erpSyncState', render: (o) => i18n.t(erpSyncKey(o.erp_sync)) },
  ],
  filters: [
    {
      kind: 'select',
      key: 'status',
      labelKey: 'bo.orders.status',
      useOptions: useStatusChoices,
      multiple: true,
    },
    { kind: 'date', key: 'date_from', labelKey: 'bo.orders.dateFrom' },
    { kind: 'date', key: 'date_to', labelKey: 'bo.orders.dateTo' },
    { kind: 'select', key: 'customer_id', labelKey: 'bo.orders.customer', useOptions: useCustomerChoices },
    { kind: 'select', key: 'channel', labelKey: 'bo.orders.channel', useOptions: useChannelChoices },
    {
      kind: 'select',
      key: 'payment_method',
      labelKey: 'bo.orders.paymentMethod',
      useOptions: usePaymentChoices,
    },
    { kind: 'select', key: 'erp_sync', labelKey: 'bo.orders.erpSyncState', useOptions: useErpChoices },
  ],
  rowKey: (o) => o.order_no,
  rowLink: (o) => `/backoffice/orders/${encodeURIComponent(o.order_no)}`,
  linkColumn: 'order_no',
  createLink: '/backoffice/cart',
  createLabelKey: 'bo.orders.add',
};

export function OrdersListPage() {
  return <ListPage config={config} />;
}
