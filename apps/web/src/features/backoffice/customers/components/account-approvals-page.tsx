import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AccountApproval } from '@shop/domain';
import { IconCheck } from '@tabler/icons-react';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../../lib/countries';
import { formatDate, formatMoney } from '../../../../lib/format';
import { loadModals } from '../../../../lib/modals';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import {
  accountApprovalKeys,
  approveAccount,
  listAccountApprovals,
  refreshAfterAccountApproval,
} from '../api/account-approvals';

/**
 * /backoffice/account-approvals (issue 22, DESIGN §6 rule 18): the companies that signed up while new
 * companies need approval, oldest first, with their invoicing data and the orders waiting for them;
 * staff approve each after a confirmation, which releases the orders and mails the customer.
 */

const lng = () => (i18n.resolvedLanguage === 'en' ? 'en' : 'it');
const nameOf = (a: AccountApproval) => a.company || a.name || a.email;

function ApproveAccountButton({ account }: { account: AccountApproval }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = nameOf(account);

  const approve = async () => {
    setBusy(true);
    try {
      await approveAccount(account.customer_id);
    } catch {
      // the API client has already said what went wrong
      return;
    } finally {
      setBusy(false);
    }
    notifications.show({ color: 'teal', message: t('bo.accountApprovals.approved', { name }) });
    await refreshAfterAccountApproval();
  };

  const confirm = async () => {
    const modals = await loadModals();
    modals.openConfirmModal({
      title: t('bo.accountApprovals.approveTitle', { name }),
      children: (
        <Text size="sm">{t('bo.accountApprovals.approveBody', { count: account.orders_waiting })}</Text>
      ),
      labels: { confirm: t('bo.accountApprovals.approve'), cancel: t('bo.accountApprovals.cancel') },
      confirmProps: { color: 'teal' },
      onConfirm: () => void approve(),
    });
  };

  return (
    <Button
      size="xs"
      color="teal"
      loading={busy}
      leftSection={<IconCheck size={14} aria-hidden />}
      aria-label={t('bo.accountApprovals.approveLabel', { name })}
      onClick={() => void confirm()}
    >
      {t('bo.accountApprovals.approve')}
    </Button>
  );
}

const listConfig: ListPageConfig<AccountApproval> = {
  titleKey: 'bo.pages.accountApprovals',
  queryKey: accountApprovalKeys.list,
  fetch: (params, signal) => listAccountApprovals(params, signal),
  searchPlaceholderKey: 'bo.accountApprovals.search',
  columns: [
    { key: 'company', labelKey: 'bo.accountApprovals.company', render: nameOf },
    {
      key: 'contact',
      labelKey: 'bo.accountApprovals.contact',
      render: (a) => (
        <>
          <Text size="sm">{a.name}</Text>
          <Text size="xs" c="dimmed">
            {a.email}
          </Text>
        </>
      ),
    },
    {
      key: 'vat_id',
      labelKey: 'bo.accountApprovals.vatId',
      render: (a) => (
        <>
          <Text size="sm">{a.vat_id ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {countryName(a.country, lng())}
          </Text>
        </>
      ),
    },
    {
      key: 'invoicing',
      labelKey: 'bo.accountApprovals.invoicing',
      render: (a) => (
        <>
          <Text size="sm">{a.sdi_code ?? '—'}</Text>
          {a.pec && (
            <Text size="xs" c="dimmed">
              {a.pec}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'requested_at',
      labelKey: 'bo.accountApprovals.requestedAt',
      render: (a) => formatDate(a.requested_at, lng()),
    },
    {
      key: 'orders_waiting',
      labelKey: 'bo.accountApprovals.ordersWaiting',
      align: 'right',
      render: (a) => (
        <>
          <Text size="sm">{a.orders_waiting}</Text>
          {a.orders_waiting > 0 && (
            <Text size="xs" c="dimmed">
              {formatMoney(a.orders_total, lng())}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      labelKey: 'bo.accountApprovals.approve',
      render: (a) => <ApproveAccountButton account={a} />,
    },
  ],
  rowKey: (a) => a.customer_id,
  rowLink: (a) => `/backoffice/customers/${a.customer_id}`,
  linkColumn: 'company',
};

export function AccountApprovalsPage() {
  return <ListPage config={listConfig} />;
}
