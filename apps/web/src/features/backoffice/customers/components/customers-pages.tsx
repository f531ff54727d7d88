import { Badge, Divider, Group, Stack } from '@mantine/core';
import type { Customer, CustomerListItem } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../hooks/use-language';
import { formatDate } from '../../../../lib/format';
import { ErpSyncBadge } from '../../jobs/components/erp-sync-panel';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { customerKeys, customersExportUrl, getCustomer, listCustomers } from '../api/customers';
import { CustomerAddressesTab } from './customer-addresses-tab';
import { CustomerCreditPanel } from './customer-credit-panel';
import { customerName } from './customer-erp-link-modal';
import { CustomerErpSection } from './customer-erp-section';
import { CustomerForm } from './customer-form';
import { CustomerUserTab } from './customer-user-tab';
import { CustomerUsersTab } from './customer-users-tab';

/** SPEC §2 /backoffice/customers and /backoffice/customers/{id} with tabs info, customer-addresses, customer-user. */

const LIST = '/backoffice/customers';

function TypeCell({ type }: { type: Customer['type'] }) {
  const { t } = useTranslation();
  return <>{t(`bo.customers.types.${type}`)}</>;
}

function CreatedCell({ value }: { value: string }) {
  const lng = useLanguage();
  return <>{formatDate(value, lng)}</>;
}

/** The ERP column: the code, a 'connected' badge, and the newest sync's state. */
function ErpCell({ row }: { row: CustomerListItem }) {
  const { t } = useTranslation();
  return (
    // Badges keep their whole word and go under the code when the column is narrow.
    <Group gap={4}>
      {row.erp_code && <span>{row.erp_code}</span>}
      {row.erp_connected && (
        <Badge variant="light" color="teal" miw="max-content">
          {t('bo.customers.erp.connectedBadge')}
        </Badge>
      )}
      {row.erp_sync_state && <ErpSyncBadge state={row.erp_sync_state} />}
    </Group>
  );
}

const listConfig: ListPageConfig<CustomerListItem> = {
  titleKey: 'backoffice.pages.customers',
  queryKey: customerKeys.list,
  fetch: listCustomers,
  searchPlaceholderKey: 'bo.customers.searchPlaceholder',
  columns: [
    { key: 'id', labelKey: 'bo.customers.columns.id', align: 'right' },
    { key: 'name', labelKey: 'bo.customers.columns.name', sort: 'name', render: (c) => customerName(c) },
    {
      key: 'type',
      labelKey: 'bo.customers.columns.type',
      sort: 'type',
      render: (c) => <TypeCell type={c.type} />,
    },
    { key: 'email', labelKey: 'bo.customers.columns.email', sort: 'email' },
    // The name column already shows a company's name: this one only on wide screens (issue 22).
    { key: 'company', labelKey: 'bo.customers.columns.company', sort: 'company', visibleFrom: 'xxl' },
    { key: 'vat_id', labelKey: 'bo.customers.columns.vatId' },
    { key: 'tax_number', labelKey: 'bo.customers.columns.taxNumber' },
    { key: 'customer_group_code', labelKey: 'bo.customers.columns.group' },
    { key: 'country', labelKey: 'bo.customers.columns.country', visibleFrom: 'xxl' },
    { key: 'erp', labelKey: 'bo.customers.columns.erp', render: (c) => <ErpCell row={c} /> },
    {
      key: 'created_at',
      labelKey: 'bo.customers.columns.created',
      sort: 'created',
      visibleFrom: 'xxl',
      render: (c) => <CreatedCell value={c.created_at} />,
    },
  ],
  rowKey: (c) => c.id,
  rowLink: (c) => `${LIST}/${c.id}`,
  linkColumn: 'name',
  linkWraps: true,
  createLink: `${LIST}/new`,
  createLabelKey: 'bo.customers.newCustomer',
  importResource: 'customers',
  exportHref: customersExportUrl,
};

function InfoTab({ customer }: { customer: Customer }) {
  return (
    <Stack gap="xl">
      <CustomerForm customer={customer} />
      <CustomerCreditPanel customerId={customer.id} />
      <Divider />
      <CustomerErpSection customer={customer} />
    </Stack>
  );
}

const detailConfig: DetailPageConfig<Customer> = {
  titleKey: 'bo.customers.customer',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.customers',
  queryKey: customerKeys.detail,
  fetch: getCustomer,
  heading: (c) => `${customerName(c)} – ${c.email}`,
  tabs: [
    { path: '', labelKey: 'backoffice.tabs.info', render: (c) => <InfoTab customer={c} /> },
    {
      path: 'customer-addresses',
      labelKey: 'backoffice.tabs.customerAddresses',
      render: (c) => <CustomerAddressesTab customer={c} />,
    },
    {
      path: 'customer-user',
      labelKey: 'backoffice.tabs.customerUser',
      render: (c) => <CustomerUserTab customer={c} />,
    },
    {
      path: 'users',
      labelKey: 'bo.customers.users.tab',
      render: (c) => <CustomerUsersTab customer={c} />,
    },
  ],
  create: () => <CustomerForm />,
};

export function CustomersPage() {
  return <ListPage config={listConfig} />;
}

export function CustomerPage() {
  return <DetailPage config={detailConfig} />;
}
