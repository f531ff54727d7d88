import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  AdminCustomerCreateSchema,
  AdminCustomerUpdateSchema,
  CUSTOMER_TYPES,
  type Customer,
  type CustomerType,
  LANGUAGES,
  type Language,
  type PaymentMethod,
  profileProblems,
  shopDateOf,
  TAX_RULES,
  type TaxRule,
} from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type AddressFieldName, AddressFields } from '../../../../components/address-fields';
import { useLanguage } from '../../../../hooks/use-language';
import { countryOptions } from '../../../../lib/countries';
import { formatDate } from '../../../../lib/format';
import { erpKeys } from '../../jobs/api/erp';
import { useCustomerGroupChoices } from '../../sales/api/discount-rules';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import type { FieldSpec } from '../../scaffold/form-fields';
import { notifySaved } from '../../scaffold/notify';
import { createCustomer, customerKeys, updateCustomer, useCurrencyChoices } from '../api/customers';
import { PaymentMethodsField, PaymentTermsField } from './commercial-terms-fields';
import { TaxNumberInput, VatIdInput } from './customer-tax-fields';

const ADDRESS_FIELDS = [
  'company',
  'firstname',
  'lastname',
  'co',
  'address',
  'postcode',
  'city',
  'state',
  'country',
  'phone',
  'note',
] as const satisfies readonly AddressFieldName[];
type BillingDraft = Record<(typeof ADDRESS_FIELDS)[number], string>;

export type CustomerValues = {
  type: CustomerType;
  company: string;
  firstname: string;
  lastname: string;
  email: string;
  sdi_code: string;
  pec: string;
  birthday: string | null;
  job: string;
  vat_id: string;
  tax_number: string;
  country: string;
  discount: number | null;
  currency: string;
  tax_rule: TaxRule;
  preorder_days: number | null;
  newsletter: boolean;
  newsletter_option: string;
  /** Shown, not sent: set by the server when the newsletter is turned on. */
  newsletter_date: string | null;
  customer_group_id: number | null;
  orders_state: string;
  external_erp_code: string;
  available_from: string | null;
  extra_cee: boolean;
  language: Language;
  /** Issue 20: null inherits the group's methods and terms; a credit limit in cents, null for none. */
  payment_methods: PaymentMethod[] | null;
  payment_terms_id: number | null;
  credit_limit: number | null;
  blocked: boolean;
  /** The default billing address of a new customer (left blank: none). */
  billing_address: BillingDraft;
};

/** The form's values of a customer, or the defaults of a new one (a company in Italy). */
export function customerValues(c?: Customer): CustomerValues {
  return {
    type: c?.type ?? 'G',
    company: c?.company ?? '',
    firstname: c?.firstname ?? '',
    lastname: c?.lastname ?? '',
    email: c?.email ?? '',
    sdi_code: c?.sdi_code ?? '',
    pec: c?.pec ?? '',
    birthday: c?.birthday ?? null,
    job: c?.job ?? '',
    vat_id: c?.vat_id ?? '',
    tax_number: c?.tax_number ?? '',
    country: c?.country ?? 'IT',
    discount: c?.discount ?? 0,
    currency: c?.currency ?? 'EUR',
    tax_rule: c?.tax_rule ?? 'standard',
    preorder_days: c?.preorder_days ?? 0,
    newsletter: c?.newsletter ?? false,
    newsletter_option: c?.newsletter_option ?? '',
    newsletter_date: c?.newsletter_date ?? null,
    customer_group_id: c?.customer_group_id ?? null,
    orders_state: c?.orders_state ?? '',
    external_erp_code: c?.external_erp_code ?? '',
    available_from: c?.available_from ?? null,
    extra_cee: c?.extra_cee ?? false,
    language: c?.language ?? 'it',
    payment_methods: c?.payment_methods ?? null,
    payment_terms_id: c?.payment_terms_id ?? null,
    credit_limit: c?.credit_limit ?? null,
    blocked: c?.blocked ?? false,
    billing_address: Object.fromEntries(
      ADDRESS_FIELDS.map((f) => [f, f === 'country' ? 'IT' : '']),
    ) as BillingDraft,
  };
}

/**
 * The body the API takes. A private person has no company name. A new customer leaves the extra-EU
 * flag and the tax rule to the server (from the country), and sends the billing address only when
 * one was typed.
 */
export function customerBody(values: CustomerValues, isNew: boolean) {
  const { billing_address, tax_rule, extra_cee, newsletter_date: _, ...rest } = values;
  const body = { ...rest, company: rest.type === 'G' ? rest.company : '' };
  if (!isNew) return { ...body, tax_rule, extra_cee };
  const typed = ADDRESS_FIELDS.some((f) => f !== 'country' && billing_address[f].trim() !== '');
  return typed ? { ...body, billing_address: { ...billing_address, type: 'B' as const } } : body;
}

/** The domain schema plus the SPEC §5 rules of 'My data' (VAT and tax numbers, birthday) on the same fields. */
function withProfileRules(schema: z.ZodType) {
  return schema.superRefine((value, ctx) => {
    const problems = profileProblems(value as never, shopDateOf(new Date()));
    for (const [path, message] of Object.entries(problems))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });
}
const createSchema = withProfileRules(AdminCustomerCreateSchema);
const updateSchema = withProfileRules(AdminCustomerUpdateSchema);

function useTypeOptions() {
  const { t } = useTranslation();
  return CUSTOMER_TYPES.map((type) => ({ value: type, label: t(`bo.customers.types.${type}`) }));
}
function useTaxRuleOptions() {
  const { t } = useTranslation();
  return TAX_RULES.map((rule) => ({ value: rule, label: t(`bo.customers.taxRules.${rule}`) }));
}
function useLanguageOptions() {
  const { t } = useTranslation();
  return LANGUAGES.map((lng) => ({ value: lng, label: t(`bo.customers.languages.${lng}`) }));
}
function useCountryOptions() {
  return countryOptions(useLanguage(), 'IT');
}

type Field = FieldSpec<CustomerValues>;
const text = (name: keyof CustomerValues & string, labelKey: Field['labelKey'], required = false): Field => ({
  name,
  labelKey,
  kind: 'text',
  required,
});

/** When the customer subscribed to the newsletter (read only). */
function NewsletterDate({ form }: { form: UseFormReturnType<CustomerValues> }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { newsletter, newsletter_date } = form.getValues();
  if (!newsletter || !newsletter_date) return null;
  return (
    <TextInput
      label={t('bo.customers.fields.newsletterDate')}
      value={formatDate(newsletter_date, lng)}
      readOnly
    />
  );
}

/** The billing address of a new customer: the address book's fields, bound to `billing_address.*`. */
function BillingFields({ form }: { form: UseFormReturnType<CustomerValues> }) {
  const nested = { getInputProps: (path: string) => form.getInputProps(`billing_address.${path}`) };
  return (
    <div style={{ gridColumn: '1 / -1' }}>
      <AddressFields
        form={nested}
        idPrefix="customer-billing"
        shopCountry="IT"
        required={[]}
        withBookFields
      />
    </div>
  );
}

function sectionsFor(isNew: boolean): FormSection<CustomerValues>[] {
  return [
    {
      titleKey: 'bo.customers.sections.identity',
      fields: [
        {
          name: 'type',
          labelKey: 'bo.customers.fields.type',
          kind: 'select',
          required: true,
          useOptions: useTypeOptions,
        },
        { ...text('company', 'bo.customers.fields.company', true), when: (v) => v.type === 'G' },
        text('firstname', 'bo.customers.fields.firstname', true),
        text('lastname', 'bo.customers.fields.lastname', true),
        {
          ...text('email', 'bo.customers.fields.email', true),
          descriptionKey: isNew ? 'bo.customers.emailHintNew' : 'bo.customers.emailHint',
        },
        { name: 'birthday', labelKey: 'bo.customers.fields.birthday', kind: 'date' },
        text('job', 'bo.customers.fields.job'),
        {
          name: 'language',
          labelKey: 'bo.customers.fields.language',
          kind: 'select',
          required: true,
          useOptions: useLanguageOptions,
        },
      ],
    },
    {
      titleKey: 'bo.customers.sections.tax',
      fields: [
        {
          name: 'country',
          labelKey: 'bo.customers.fields.country',
          kind: 'select',
          required: true,
          useOptions: useCountryOptions,
          descriptionKey: isNew ? 'bo.customers.derivedHint' : undefined,
        },
        {
          name: 'vat_id',
          labelKey: 'bo.customers.fields.vatId',
          kind: 'text',
          render: (form) => <VatIdInput form={form} />,
        },
        {
          name: 'tax_number',
          labelKey: 'bo.customers.fields.taxNumber',
          kind: 'text',
          render: (form) => <TaxNumberInput form={form} />,
        },
        text('sdi_code', 'bo.customers.fields.sdiCode'),
        text('pec', 'bo.customers.fields.pec'),
        ...(isNew
          ? []
          : [
              {
                name: 'tax_rule',
                labelKey: 'bo.customers.fields.taxRule',
                kind: 'select',
                required: true,
                useOptions: useTaxRuleOptions,
              } satisfies Field,
              { name: 'extra_cee', labelKey: 'bo.customers.fields.extraCee', kind: 'switch' } satisfies Field,
            ]),
      ],
    },
    {
      titleKey: 'bo.customers.sections.terms',
      fields: [
        { name: 'discount', labelKey: 'bo.customers.fields.discount', kind: 'percent', required: true },
        {
          name: 'customer_group_id',
          labelKey: 'bo.customers.fields.customerGroup',
          kind: 'select',
          useOptions: useCustomerGroupChoices,
        },
        {
          name: 'currency',
          labelKey: 'bo.customers.fields.currency',
          kind: 'select',
          required: true,
          useOptions: useCurrencyChoices,
        },
        {
          name: 'preorder_days',
          labelKey: 'bo.customers.fields.preorderDays',
          kind: 'int',
          required: true,
          descriptionKey: 'bo.customers.preorderDaysHint',
        },
        text('orders_state', 'bo.customers.fields.ordersState'),
        { name: 'available_from', labelKey: 'bo.customers.fields.availableFrom', kind: 'date' },
        {
          name: 'payment_methods',
          labelKey: 'bo.commercialTerms.paymentMethods',
          kind: 'tags',
          render: (form) => <PaymentMethodsField form={form} emptyKey="bo.commercialTerms.asGroup" />,
        },
        {
          name: 'payment_terms_id',
          labelKey: 'bo.commercialTerms.paymentTerms',
          kind: 'select',
          render: (form) => <PaymentTermsField form={form} emptyKey="bo.commercialTerms.asGroup" />,
        },
        {
          name: 'credit_limit',
          labelKey: 'bo.commercialTerms.creditLimit',
          kind: 'money',
          descriptionKey: 'bo.commercialTerms.creditLimitHint',
        },
        { name: 'blocked', labelKey: 'bo.commercialTerms.blocked', kind: 'switch' },
      ],
    },
    {
      titleKey: 'bo.customers.sections.newsletter',
      fields: [
        { name: 'newsletter', labelKey: 'bo.customers.fields.newsletter', kind: 'switch' },
        text('newsletter_option', 'bo.customers.fields.newsletterOption'),
        {
          name: 'newsletter_date',
          labelKey: 'bo.customers.fields.newsletterDate',
          kind: 'text',
          render: (form) => <NewsletterDate form={form} />,
        },
      ],
    },
    {
      titleKey: 'bo.customers.sections.erp',
      fields: [text('external_erp_code', 'bo.customers.fields.externalErpCode')],
    },
    ...(isNew
      ? [
          {
            titleKey: 'bo.customers.sections.billing',
            fields: [
              {
                name: 'billing_address',
                labelKey: 'bo.customers.sections.billing',
                kind: 'text',
                render: (form) => <BillingFields form={form} />,
              } satisfies Field,
            ],
          } satisfies FormSection<CustomerValues>,
        ]
      : []),
  ];
}

const LIST = '/backoffice/customers';

/** The info tab of a customer (every SPEC §3 field the back office edits), and the create form. */
export function CustomerForm({ customer }: { customer?: Customer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isNew = !customer;
  return (
    <EntityForm<CustomerValues, Customer>
      schema={isNew ? createSchema : updateSchema}
      initialValues={customerValues(customer)}
      sections={sectionsFor(isNew)}
      toBody={(values) => customerBody(values, isNew)}
      submit={(values) =>
        customer
          ? updateCustomer(customer.id, customerBody(values, false) as never)
          : createCustomer(customerBody(values, true) as never)
      }
      submitKey={isNew ? 'bo.customers.create' : 'bo.detail.save'}
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: customerKeys.list });
        queryClient.setQueryData(customerKeys.detail(String(saved.id)), saved);
        void queryClient.invalidateQueries({ queryKey: customerKeys.user(saved.id) });
        void queryClient.invalidateQueries({ queryKey: erpKeys.syncs({ kind: 'customer', id: saved.id }) });
        if (isNew) {
          notifySaved(t('bo.customers.createdMail', { email: saved.email }));
          void navigate(`${LIST}/${saved.id}`, { replace: true });
        }
      }}
    />
  );
}
