import { Button, Group, Stack } from '@mantine/core';
import { type DiscountRule, DiscountRuleInputSchema, type DiscountRuleWrite } from '@shop/domain';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCategoryChoices } from '../../catalogue/api/catalog';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import { YesNo } from '../../scaffold/yes-no';
import {
  deleteDiscountRule,
  discountRuleKeys,
  getDiscountRule,
  listDiscountRules,
  saveDiscountRule,
  useCustomerGroupChoices,
} from '../api/discount-rules';

/**
 * /backoffice/discount-rules (SPEC §2, §3 Discount rule, §5): the rules by customer group and product
 * category, as configuration of the ListPage and DetailPage scaffolds. The rate is a percent here and
 * basis points in the API; the server checks the pair's rules and answers 422s on the fields.
 */

const LIST = '/backoffice/discount-rules';

/** Basis points as a percent in the current language (12,5 % in Italian). */
function formatRate(rate: number): string {
  return new Intl.NumberFormat(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'it-IT', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(rate / 10_000);
}

const named = (n: { code: string; description: string }) => `${n.code} – ${n.description}`;
const heading = (r: DiscountRule) => `${named(r.customerGroup)} · ${named(r.productCategory)}`;

const listConfig: ListPageConfig<DiscountRule> = {
  titleKey: 'backoffice.pages.discountRules',
  queryKey: discountRuleKeys.list,
  fetch: listDiscountRules,
  searchPlaceholderKey: 'bo.discountRules.searchPlaceholder',
  columns: [
    {
      key: 'customerGroup',
      labelKey: 'bo.fields.customerGroup',
      sort: 'customer_group',
      render: (r) => named(r.customerGroup),
    },
    {
      key: 'productCategory',
      labelKey: 'bo.fields.category',
      sort: 'category',
      render: (r) => named(r.productCategory),
    },
    {
      key: 'rate',
      labelKey: 'bo.fields.discountRate',
      sort: 'rate',
      render: (r) => formatRate(r.rate),
      align: 'right',
    },
    { key: 'priority', labelKey: 'bo.fields.priority', sort: 'priority', align: 'right' },
    { key: 'blockOthers', labelKey: 'bo.fields.blockOthers', render: (r) => <YesNo value={r.blockOthers} /> },
  ],
  filters: [
    {
      kind: 'select',
      // the Excel export's name for this filter; the API's is customerGroup (api/discount-rules.ts)
      key: 'customer_group_id',
      labelKey: 'bo.fields.customerGroup',
      useOptions: useCustomerGroupChoices,
    },
  ],
  rowKey: (r) => r.id,
  rowLink: (r) => `${LIST}/${r.id}`,
  linkColumn: 'customerGroup',
  createLink: `${LIST}/new`,
  importResource: 'discount-rules',
};

type RuleValues = {
  customerGroupId: number | null;
  productCategoryId: number | null;
  rate: number | null;
  priority: number | null;
  blockOthers: boolean;
};

const sections: FormSection<RuleValues>[] = [
  {
    fields: [
      {
        name: 'customerGroupId',
        labelKey: 'bo.fields.customerGroup',
        kind: 'select',
        required: true,
        useOptions: useCustomerGroupChoices,
      },
      {
        name: 'productCategoryId',
        labelKey: 'bo.fields.category',
        kind: 'select',
        required: true,
        useOptions: useCategoryChoices,
      },
      { name: 'rate', labelKey: 'bo.fields.discountRate', kind: 'percent', required: true },
      {
        name: 'priority',
        labelKey: 'bo.fields.priority',
        kind: 'int',
        required: true,
        descriptionKey: 'bo.discountRules.priorityHint',
      },
      {
        name: 'blockOthers',
        labelKey: 'bo.fields.blockOthers',
        kind: 'switch',
        descriptionKey: 'bo.discountRules.blockOthersHint',
      },
    ],
  },
];

/** What is sent: blanks left out, so the schema says 'Required' on them. */
const toBody = (values: RuleValues) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as DiscountRuleWrite;

function DiscountRuleForm({ rule }: { rule?: DiscountRule }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  async function remove(current: DiscountRule) {
    if (!(await confirmDeletion(t('bo.discountRules.what', { rule: heading(current) })))) return;
    setDeleting(true);
    try {
      await deleteDiscountRule(current.id);
      notifySaved(t('bo.discountRules.deleted'));
      void queryClient.invalidateQueries({ queryKey: discountRuleKeys.list });
      void navigate(LIST, { replace: true });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Stack gap="xl">
      <EntityForm<RuleValues, DiscountRule>
        schema={DiscountRuleInputSchema}
        initialValues={{
          customerGroupId: rule?.customerGroupId ?? null,
          productCategoryId: rule?.productCategoryId ?? null,
          rate: rule?.rate ?? null,
          priority: rule?.priority ?? null,
          blockOthers: rule?.blockOthers ?? false,
        }}
        sections={sections}
        toBody={toBody}
        submit={(values) => saveDiscountRule(rule?.id, toBody(values))}
        onSaved={(saved) => {
          void queryClient.invalidateQueries({ queryKey: discountRuleKeys.list });
          queryClient.setQueryData(discountRuleKeys.detail(String(saved.id)), saved);
          if (!rule) void navigate(`${LIST}/${saved.id}`, { replace: true });
        }}
      />
      {rule && (
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={deleting}
            onClick={() => void remove(rule)}
          >
            {t('bo.delete')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const detailConfig: DetailPageConfig<DiscountRule> = {
  titleKey: 'bo.pages.discountRule',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.discountRules',
  queryKey: (id) => discountRuleKeys.detail(id),
  fetch: getDiscountRule,
  heading,
  tabs: [{ path: '', labelKey: 'backoffice.tabs.info', render: (r) => <DiscountRuleForm rule={r} /> }],
  create: () => <DiscountRuleForm />,
};

export function DiscountRulesPage() {
  return <ListPage config={listConfig} />;
}

export function DiscountRulePage() {
  return <DetailPage config={detailConfig} />;
}
