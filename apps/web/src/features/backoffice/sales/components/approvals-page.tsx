import type { CreditApproval } from '@shop/domain';
import i18n from 'i18next';
import { formatDate, formatMoney } from '../../../../lib/format';
import { creditKeys, listCreditApprovals } from '../../customers/api/credit';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { CreditDecisionButtons } from './credit-decision';

/**
 * /backoffice/approvals (issue 20 point 3, DESIGN §6 rule 18): orders held for credit, oldest first,
 * with the customer's exposure (the order included) against his limit; staff approve or reject each.
 */

const lng = () => (i18n.resolvedLanguage === 'en' ? 'en' : 'it');
const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, lng()));

const listConfig: ListPageConfig<CreditApproval> = {
  titleKey: 'bo.pages.approvals',
  queryKey: creditKeys.approvals,
  fetch: (params, signal) => listCreditApprovals(params, signal),
  searchPlaceholderKey: 'bo.approvals.search',
  columns: [
    { key: 'order_no', labelKey: 'bo.approvals.orderNo' },
    { key: 'date', labelKey: 'bo.approvals.date', render: (a) => formatDate(a.date, lng()) },
    { key: 'customer', labelKey: 'bo.approvals.customer' },
    { key: 'reason', labelKey: 'bo.approvals.reason', render: (a) => i18n.t(`approvals.reason.${a.reason}`) },
    { key: 'total', labelKey: 'bo.approvals.total', align: 'right', render: (a) => money(a.total) },
    { key: 'exposure', labelKey: 'bo.approvals.exposure', align: 'right', render: (a) => money(a.exposure) },
    {
      key: 'credit_limit',
      labelKey: 'bo.approvals.creditLimit',
      align: 'right',
      render: (a) => money(a.credit_limit),
    },
    { key: 'overdue_invoices', labelKey: 'bo.approvals.overdueInvoices', align: 'right' },
    {
      key: 'actions',
      labelKey: 'bo.approvals.decision',
      render: (a) => <CreditDecisionButtons orderNo={a.order_no} />,
    },
  ],
  rowKey: (a) => a.order_no,
  rowLink: (a) => `/backoffice/orders/${encodeURIComponent(a.order_no)}`,
  linkColumn: 'order_no',
};

export function ApprovalsPage() {
  return <ListPage config={listConfig} />;
}
