import { type CustomerGroup, CustomerGroupInputSchema, type PaymentMethod } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import {
  customerGroupKeys,
  getCustomerGroup,
  listCustomerGroups,
  saveCustomerGroup,
} from '../api/customer-groups';
import { PaymentMethodsField, PaymentTermsField } from './commercial-terms-fields';

/**
 * SPEC §2 /backoffice/customer-groups: the groups the discount rules apply to (code, description, ERP
 * id), with the payment methods and terms of their customers (issue 20).
 */

const LIST = '/backoffice/customer-groups';

const listConfig: ListPageConfig<CustomerGroup> = {
  titleKey: 'backoffice.pages.customerGroups',
  queryKey: customerGroupKeys.list,
  fetch: listCustomerGroups,
  searchPlaceholderKey: 'bo.list.codeOrDescription',
  columns: [
    { key: 'code', labelKey: 'bo.fields.code', sort: 'code' },
    { key: 'description', labelKey: 'bo.fields.description', sort: 'description' },
    { key: 'external_group_id', labelKey: 'bo.fields.externalGroupId' },
  ],
  rowKey: (g) => g.id,
  rowLink: (g) => `${LIST}/${g.id}`,
  linkColumn: 'code',
  createLink: `${LIST}/new`,
  importResource: 'customer-groups',
};

type GroupValues = {
  code: string;
  description: string;
  external_group_id: string;
  payment_methods: PaymentMethod[] | null;
  payment_terms_id: number | null;
};

const sections: FormSection<GroupValues>[] = [
  {
    fields: [
      { name: 'code', labelKey: 'bo.fields.code', kind: 'text', required: true },
      { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
      { name: 'external_group_id', labelKey: 'bo.fields.externalGroupId', kind: 'text' },
    ],
  },
  {
    titleKey: 'bo.commercialTerms.groupSection',
    fields: [
      {
        name: 'payment_methods',
        labelKey: 'bo.commercialTerms.paymentMethods',
        kind: 'tags',
        render: (form) => <PaymentMethodsField form={form} emptyKey="bo.commercialTerms.groupDefault" />,
      },
      {
        name: 'payment_terms_id',
        labelKey: 'bo.commercialTerms.paymentTerms',
        kind: 'select',
        render: (form) => <PaymentTermsField form={form} emptyKey="bo.commercialTerms.noTerms" />,
      },
    ],
  },
];

function CustomerGroupForm({ group }: { group?: CustomerGroup }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<GroupValues, CustomerGroup>
      schema={CustomerGroupInputSchema}
      initialValues={{
        code: group?.code ?? '',
        description: group?.description ?? '',
        external_group_id: group?.external_group_id ?? '',
        payment_methods: group?.payment_methods ?? null,
        payment_terms_id: group?.payment_terms_id ?? null,
      }}
      sections={sections}
      submit={(values) => saveCustomerGroup(group?.id, values)}
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: customerGroupKeys.list });
        queryClient.setQueryData(customerGroupKeys.detail(String(saved.id)), saved);
        if (!group) void navigate(`${LIST}/${saved.id}`, { replace: true });
      }}
    />
  );
}

const detailConfig: DetailPageConfig<CustomerGroup> = {
  titleKey: 'bo.pages.customerGroup',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.customerGroups',
  queryKey: customerGroupKeys.detail,
  fetch: getCustomerGroup,
  heading: (g) => `${g.code} – ${g.description}`,
  tabs: [{ path: '', labelKey: 'backoffice.tabs.info', render: (g) => <CustomerGroupForm group={g} /> }],
  create: () => <CustomerGroupForm />,
};

export function CustomerGroupsPage() {
  return <ListPage config={listConfig} />;
}

export function CustomerGroupPage() {
  return <DetailPage config={detailConfig} />;
}
