import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type PriceList, type PriceListInput, PriceListInputSchema } from '@shop/domain';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../../hooks/use-language';
import { formatDate } from '../../../../lib/format';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { exportUrl } from '../../scaffold/export-url';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import {
  deletePriceList,
  getPriceList,
  listPriceLists,
  priceListKeys,
  savePriceList,
} from '../api/price-lists';
import { PriceListRowsTab } from './price-list-rows-tab';
import { CustomerGroupsField, CustomersField } from './price-list-targets-fields';

/**
 * /backoffice/price-lists (issue 20 point 4): contract price lists as configuration of the ListPage
 * and DetailPage scaffolds: name, validity, who it applies to, and its rows in a tab. Prices are net
 * euros here and cents in the API; overlapping lists are allowed (the lowest price wins, rule 17).
 */

const LIST = '/backoffice/price-lists';

/** A shop date in the language's format, or a dash for an open end. */
function DateCell({ value }: { value: string | null }) {
  const lng = useLanguage();
  return <>{value ? formatDate(value, lng) : '–'}</>;
}

const listConfig: ListPageConfig<PriceList> = {
  titleKey: 'bo.pages.priceLists',
  queryKey: priceListKeys.list,
  fetch: listPriceLists,
  columns: [
    { key: 'name', labelKey: 'bo.priceLists.name', sort: 'name' },
    {
      key: 'valid_from',
      labelKey: 'bo.priceLists.validFrom',
      sort: 'valid_from',
      render: (l) => <DateCell value={l.valid_from} />,
    },
    {
      key: 'valid_until',
      labelKey: 'bo.priceLists.validUntil',
      sort: 'valid_until',
      render: (l) => <DateCell value={l.valid_until} />,
    },
    {
      key: 'applies_to',
      labelKey: 'bo.priceLists.appliesTo',
      render: (l) => [...l.customer_groups, ...l.customers].map((n) => n.name).join(', ') || '–',
    },
    { key: 'rows_count', labelKey: 'bo.priceLists.rowsCount', sort: 'rows_count', align: 'right' },
  ],
  rowKey: (l) => l.id,
  rowLink: (l) => `${LIST}/${l.id}`,
  linkColumn: 'name',
  searchPlaceholderKey: 'bo.priceLists.searchPlaceholder',
  createLink: `${LIST}/new`,
  importResource: 'price-list-rows',
  // the rows of every list: the export takes no search
  exportHref: () => exportUrl('price-list-rows', {}),
};

type PriceListValues = {
  name: string;
  valid_from: string | null;
  valid_until: string | null;
  customer_group_ids: number[];
  customer_ids: number[];
};

function CurrencyField() {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('bo.priceLists.currency')}
      description={t('bo.priceLists.currencyHint')}
      value="EUR"
      readOnly
    />
  );
}

const sections = (list?: PriceList): FormSection<PriceListValues>[] => [
  {
    fields: [
      { name: 'name', labelKey: 'bo.priceLists.name', kind: 'text', required: true },
      { name: 'valid_from', labelKey: 'bo.priceLists.validFrom', kind: 'date' },
      { name: 'valid_until', labelKey: 'bo.priceLists.validUntil', kind: 'date' },
    ],
  },
  {
    titleKey: 'bo.priceLists.appliesTo',
    fields: [
      {
        name: 'customer_group_ids',
        labelKey: 'bo.priceLists.customerGroups',
        kind: 'text',
        render: (form) => <CustomerGroupsField form={form} />,
      },
      {
        name: 'customer_ids',
        labelKey: 'bo.priceLists.customers',
        kind: 'text',
        render: (form) => <CustomersField form={form} known={list?.customers ?? []} />,
      },
    ],
  },
];

const toBody = (values: PriceListValues): PriceListInput => ({ ...values, currency: 'EUR' });

function PriceListForm({ list }: { list?: PriceList }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  async function remove(current: PriceList) {
    if (!(await confirmDeletion(t('bo.priceLists.what', { name: current.name })))) return;
    setDeleting(true);
    try {
      await deletePriceList(current.id);
      notifySaved(t('bo.priceLists.deleted', { name: current.name }));
      void queryClient.invalidateQueries({ queryKey: priceListKeys.list });
      void navigate(LIST, { replace: true });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Stack gap="xl">
      <CurrencyField />
      <EntityForm<PriceListValues, PriceList>
        schema={PriceListInputSchema}
        initialValues={{
          name: list?.name ?? '',
          valid_from: list?.valid_from ?? null,
          valid_until: list?.valid_until ?? null,
          customer_group_ids: list?.customer_groups.map((g) => g.id) ?? [],
          customer_ids: list?.customers.map((c) => c.id) ?? [],
        }}
        sections={sections(list)}
        toBody={toBody}
        submit={(values) => savePriceList(list?.id, toBody(values))}
        onSaved={(saved) => {
          void queryClient.invalidateQueries({ queryKey: priceListKeys.list });
          queryClient.setQueryData(priceListKeys.detail(String(saved.id)), saved);
          if (!list) void navigate(`${LIST}/${saved.id}`, { replace: true });
        }}
      />
      {list && (
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={deleting}
            onClick={() => void remove(list)}
          >
            {t('bo.delete')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const detailConfig: DetailPageConfig<PriceList> = {
  titleKey: 'bo.pages.priceList',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'bo.pages.priceLists',
  queryKey: priceListKeys.detail,
  fetch: getPriceList,
  heading: (l) => l.name,
  tabs: [
    { path: '', labelKey: 'backoffice.tabs.info', render: (l) => <PriceListForm list={l} /> },
    { path: 'rows', labelKey: 'bo.priceLists.rowsTab', render: (l) => <PriceListRowsTab list={l} /> },
  ],
  create: () => <PriceListForm />,
};

export function PriceListsPage() {
  return <ListPage config={listConfig} />;
}

export function PriceListPage() {
  return <DetailPage config={detailConfig} />;
}
