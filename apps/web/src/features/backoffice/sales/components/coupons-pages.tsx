import { Button, Group, Stack } from '@mantine/core';
import { type Coupon, type CouponEditInput, CouponInputSchema, type CouponKind } from '@shop/domain';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../../hooks/use-language';
import { formatCouponValue } from '../../../../lib/coupon-value';
import { formatDate, formatMoney } from '../../../../lib/format';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { FormField } from '../../scaffold/form-fields';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import { couponKeys, deleteCoupon, getCoupon, listCoupons, saveCoupon } from '../api/coupons';
import { CouponOrdersTab } from './coupon-orders-tab';
import { CustomerGroupsField, CustomersField } from './price-list-targets-fields';

/**
 * /backoffice/coupons (issue 20 point 5): coupons as configuration of the ListPage and DetailPage
 * scaffolds: code, percent or fixed amount (the value input switches between % and €), validity,
 * minimum order, usage limits, whom it is restricted to, and the orders that used it in a tab.
 */

const LIST = '/backoffice/coupons';

function DateCell({ value }: { value: string | null }) {
  const lng = useLanguage();
  return <>{value ? formatDate(value, lng) : '–'}</>;
}

function ValueCell({ coupon }: { coupon: Coupon }) {
  return <>{formatCouponValue(coupon, useLanguage())}</>;
}

function MinOrderCell({ cents }: { cents: number | null }) {
  const lng = useLanguage();
  return <>{cents === null ? '–' : formatMoney(cents, lng)}</>;
}

const listConfig: ListPageConfig<Coupon> = {
  titleKey: 'bo.pages.coupons',
  queryKey: couponKeys.list,
  fetch: listCoupons,
  columns: [
    { key: 'code', labelKey: 'bo.coupons.code', sort: 'code' },
    { key: 'value', labelKey: 'bo.coupons.value', align: 'right', render: (c) => <ValueCell coupon={c} /> },
    {
      key: 'valid_from',
      labelKey: 'bo.coupons.validFrom',
      sort: 'valid_from',
      render: (c) => <DateCell value={c.valid_from} />,
    },
    {
      key: 'valid_until',
      labelKey: 'bo.coupons.validUntil',
      sort: 'valid_until',
      render: (c) => <DateCell value={c.valid_until} />,
    },
    {
      key: 'min_order',
      labelKey: 'bo.coupons.minOrder',
      align: 'right',
      render: (c) => <MinOrderCell cents={c.min_order} />,
    },
    {
      key: 'used',
      labelKey: 'bo.coupons.used',
      sort: 'used',
      align: 'right',
      render: (c) => (c.usage_limit === null ? String(c.used) : `${c.used} / ${c.usage_limit}`),
    },
    {
      key: 'applies_to',
      labelKey: 'bo.coupons.restrictedTo',
      render: (c) => [...c.customer_groups, ...c.customers].map((n) => n.name).join(', ') || '–',
    },
  ],
  rowKey: (c) => c.id,
  rowLink: (c) => `${LIST}/${c.id}`,
  linkColumn: 'code',
  searchPlaceholderKey: 'bo.coupons.searchPlaceholder',
  createLink: `${LIST}/new`,
  importResource: 'coupons',
};

type CouponValues = {
  code: string;
  kind: CouponKind;
  value: number | null;
  valid_from: string | null;
  valid_until: string | null;
  min_order: number | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  customer_group_ids: number[];
  customer_ids: number[];
};

function useKindOptions() {
  const { t } = useTranslation();
  return [
    { value: 'percent', label: t('bo.coupons.kinds.percent') },
    { value: 'fixed', label: t('bo.coupons.kinds.fixed') },
  ];
}

const sections = (coupon?: Coupon): FormSection<CouponValues>[] => [
  {
    fields: [
      {
        name: 'code',
        labelKey: 'bo.coupons.code',
        kind: 'text',
        required: true,
        descriptionKey: 'bo.coupons.codeHint',
      },
      {
        name: 'kind',
        labelKey: 'bo.coupons.kind',
        kind: 'select',
        required: true,
        useOptions: useKindOptions,
      },
      {
        name: 'value',
        labelKey: 'bo.coupons.value',
        kind: 'text',
        // a percent in %, a fixed amount in euros: the same field, its unit following the kind
        render: (form) => (
          <FormField
            form={form}
            field={{
              name: 'value',
              labelKey: 'bo.coupons.value',
              kind: form.getValues().kind === 'fixed' ? 'money' : 'percent',
              required: true,
            }}
          />
        ),
      },
      { name: 'valid_from', labelKey: 'bo.coupons.validFrom', kind: 'date' },
      { name: 'valid_until', labelKey: 'bo.coupons.validUntil', kind: 'date' },
      {
        name: 'min_order',
        labelKey: 'bo.coupons.minOrder',
        kind: 'money',
        descriptionKey: 'bo.coupons.minOrderHint',
      },
      {
        name: 'usage_limit',
        labelKey: 'bo.coupons.usageLimit',
        kind: 'int',
        descriptionKey: 'bo.coupons.noLimitHint',
      },
      {
        name: 'per_customer_limit',
        labelKey: 'bo.coupons.perCustomerLimit',
        kind: 'int',
        descriptionKey: 'bo.coupons.noLimitHint',
      },
    ],
  },
  {
    titleKey: 'bo.coupons.restrictedTo',
    fields: [
      {
        name: 'customer_group_ids',
        labelKey: 'bo.priceLists.customerGroups',
        kind: 'text',
        render: (form) => <CustomerGroupsField form={form} descriptionKey="bo.coupons.groupsHint" />,
      },
      {
        name: 'customer_ids',
        labelKey: 'bo.priceLists.customers',
        kind: 'text',
        render: (form) => <CustomersField form={form} known={coupon?.customers ?? []} />,
      },
    ],
  },
];

const toBody = (values: CouponValues): CouponEditInput => ({ ...values, value: values.value ?? 0 });

function CouponForm({ coupon }: { coupon?: Coupon }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  async function remove(current: Coupon) {
    if (!(await confirmDeletion(t('bo.coupons.what', { code: current.code })))) return;
    setDeleting(true);
    try {
      await deleteCoupon(current.id);
      notifySaved(t('bo.coupons.deleted', { code: current.code }));
      void queryClient.invalidateQueries({ queryKey: couponKeys.list });
      void navigate(LIST, { replace: true });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Stack gap="xl">
      <EntityForm<CouponValues, Coupon>
        schema={CouponInputSchema}
        initialValues={{
          code: coupon?.code ?? '',
          kind: coupon?.kind ?? 'percent',
          value: coupon?.value ?? null,
          valid_from: coupon?.valid_from ?? null,
          valid_until: coupon?.valid_until ?? null,
          min_order: coupon?.min_order ?? null,
          usage_limit: coupon?.usage_limit ?? null,
          per_customer_limit: coupon?.per_customer_limit ?? null,
          customer_group_ids: coupon?.customer_groups.map((g) => g.id) ?? [],
          customer_ids: coupon?.customers.map((c) => c.id) ?? [],
        }}
        sections={sections(coupon)}
        toBody={toBody}
        submit={(values) => saveCoupon(coupon?.id, toBody(values))}
        onSaved={(saved) => {
          void queryClient.invalidateQueries({ queryKey: couponKeys.list });
          queryClient.setQueryData(couponKeys.detail(String(saved.id)), saved);
          if (!coupon) void navigate(`${LIST}/${saved.id}`, { replace: true });
        }}
      />
      {coupon && (
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={deleting}
            onClick={() => void remove(coupon)}
          >
            {t('bo.delete')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const detailConfig: DetailPageConfig<Coupon> = {
  titleKey: 'bo.pages.coupon',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'bo.pages.coupons',
  queryKey: couponKeys.detail,
  fetch: getCoupon,
  heading: (c) => c.code,
  tabs: [
    { path: '', labelKey: 'backoffice.tabs.info', render: (c) => <CouponForm coupon={c} /> },
    { path: 'orders', labelKey: 'bo.coupons.usageTab', render: (c) => <CouponOrdersTab coupon={c} /> },
  ],
  create: () => <CouponForm />,
};

export function CouponsPage() {
  return <ListPage config={listConfig} />;
}

export function CouponPage() {
  return <DetailPage config={detailConfig} />;
}
