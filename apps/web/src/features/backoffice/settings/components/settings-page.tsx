import { ActionIcon, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CREDIT_ACTIONS,
  type CreditAction,
  DOCUMENT_TYPES,
  type DocumentType,
  formatDocumentNumber,
  isDocumentNumberFormat,
  type Settings,
  SettingsInputSchema,
} from '@shop/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { usePageTitle } from '../../../../hooks/use-page-title';
import { countryOptions } from '../../../../lib/countries';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { saveSettings, settingsKeys, settingsQueryOptions } from '../api/settings';

/**
 * Issue 18 point 3, /backoffice/settings: the shop's data (footer, about page, PDFs, mails), the
 * cash-on-delivery fee, the default free-shipping threshold, the document number formats with the next
 * number of each, the mails' sender and credit control (issue 20). One scaffold form; the storefront's
 * shop data is refetched on save.
 */

type SettingsValues = {
  name: string;
  address: string;
  country: string;
  vat_id: string;
  email: string;
  phone: string;
  social_links: { network: string; url: string }[];
  cod_fee: number | null;
  default_free_shipping: number | null;
  document_number_formats: Record<DocumentType, string>;
  /** '' sends null: the mails go from MAIL_FROM. */
  mail_from: string;
  credit_grace_days: number | null;
  credit_action: CreditAction;
  /** '' sends null: the shop's e-mail and phone. */
  credit_contact: string;
  /** Issue 21, the e-invoices' seller: '' sends null; an all-blank registered office sends null. */
  tax_code: string;
  registered_office: RegisteredOffice;
  rea_office: string;
  rea_number: string;
  /** Issue 22: new companies wait for staff approval before their orders go ahead. */
  new_company_approval: boolean;
};

type RegisteredOffice = { street: string; postcode: string; city: string; province: string };
const NO_OFFICE: RegisteredOffice = { street: '', postcode: '', city: '', province: '' };

type Form = UseFormReturnType<SettingsValues>;
/** Custom fields span the form's whole width. */
const wide = { gridColumn: '1 / -1' };

function valuesOf({
  mail_from_default,
  next_documents,
  mail_from,
  credit_contact,
  tax_code,
  registered_office,
  rea_office,
  rea_number,
  ...settings
}: Settings): SettingsValues {
  return {
    ...settings,
    mail_from: mail_from ?? '',
    credit_contact: credit_contact ?? '',
    tax_code: tax_code ?? '',
    registered_office: registered_office ?? NO_OFFICE,
    rea_office: rea_office ?? '',
    rea_number: rea_number ?? '',
  };
}

/** The body: a registered office left all blank is none. */
function toBody(values: SettingsValues) {
  const office = values.registered_office;
  const blank = Object.values(office).every((v) => v.trim() === '');
  return { ...values, registered_office: blank ? null : office };
}

/** The registered office (sede legale) the e-invoices name the seller by: street, postcode, city, province. */
function RegisteredOfficeField({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" style={wide} role="group" aria-labelledby="settings-registered-office">
      <Text fw={500} size="sm" id="settings-registered-office">
        {t('bo.settings.registeredOffice')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('bo.settings.registeredOfficeHint')}
      </Text>
      <TextInput {...form.getInputProps('registered_office.street')} label={t('bo.settings.officeStreet')} />
      <Group grow align="flex-start">
        <TextInput
          {...form.getInputProps('registered_office.postcode')}
          label={t('bo.settings.officePostcode')}
          maxLength={5}
        />
        <TextInput {...form.getInputProps('registered_office.city')} label={t('bo.settings.officeCity')} />
        <TextInput
          {...form.getInputProps('registered_office.province')}
          label={t('bo.settings.officeProvince')}
          maxLength={2}
        />
      </Group>
    </Stack>
  );
}

function useCreditActionOptions() {
  const { t } = useTranslation();
  return CREDIT_ACTIONS.map((action) => ({
    value: action,
    label: t(`bo.commercialTerms.creditActions.${action}`),
  }));
}

function useCountryOptions() {
  return countryOptions(useLanguage(), 'IT');
}

/** The social profiles as rows of network and link, added and removed by buttons. */
function SocialLinksField({ form }: { form: Form }) {
  const { t } = useTranslation();
  const links = form.getValues().social_links;
  return (
    <Stack gap="xs" style={wide} role="group" aria-labelledby="settings-social-links">
      <Text id="settings-social-links" size="sm" fw={500}>
        {t('bo.settings.socialLinks')}
      </Text>
      {links.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('bo.settings.noLinks')}
        </Text>
      )}
      {links.map((_, index) => {
        const n = index + 1;
        return (
          // Rows have no identity of their own: their position is what the form and its errors name.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} align="flex-start" wrap="nowrap">
            <TextInput
              {...form.getInputProps(`social_links.${index}.network`)}
              label={t('bo.settings.network', { n })}
              w={200}
            />
            <TextInput
              {...form.getInputProps(`social_links.${index}.url`)}
              label={t('bo.settings.url', { n })}
              placeholder="https://"
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={25}
              aria-label={t('bo.settings.removeLink', { n })}
              onClick={() => form.removeListItem('social_links', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => form.insertListItem('social_links', { network: '', url: '' })}
      >
        {t('bo.settings.addLink')}
      </Button>
    </Stack>
  );
}

/** The three formats, each with the number its next document would get. */
function NumberFormatsField({ form, next }: { form: Form; next: Settings['next_documents'] }) {
  const { t } = useTranslation();
  const formats = form.getValues().document_number_formats;
  return (
    <Stack gap="xs" style={wide}>
      <Text size="sm" c="dimmed">
        {t('bo.settings.formatHint')}
      </Text>
      <Group align="flex-start" grow>
        {DOCUMENT_TYPES.map((type) => {
          const format = formats[type].trim();
          return (
            <TextInput
              key={type}
              {...form.getInputProps(`document_number_formats.${type}`)}
              label={t(`bo.settings.formats.${type}`)}
              description={
                isDocumentNumberFormat(format)
                  ? t('bo.settings.nextNumber', {
                      number: formatDocumentNumber(format, next.year, next[type]),
                    })
                  : t('bo.settings.noPreview')
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              withAsterisk
            />
          );
        })}
      </Group>
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sections: FormSection<SettingsValues>[] = [
    {
      titleKey: 'bo.settings.sections.shop',
      fields: [
        { name: 'name', labelKey: 'bo.settings.name', kind: 'text', required: true },
        { name: 'address', labelKey: 'bo.settings.address', kind: 'text', required: true },
        {
          name: 'country',
          labelKey: 'bo.settings.country',
          kind: 'select',
          required: true,
          useOptions: useCountryOptions,
        },
        { name: 'vat_id', labelKey: 'bo.settings.vatId', kind: 'text', required: true },
      ],
    },
    {
      titleKey: 'bo.settings.sections.contacts',
      fields: [
        { name: 'email', labelKey: 'bo.settings.email', kind: 'text', required: true },
        { name: 'phone', labelKey: 'bo.settings.phone', kind: 'text', required: true },
        {
          name: 'social_links',
          labelKey: 'bo.settings.socialLinks',
          kind: 'text',
          render: (form) => <SocialLinksField form={form} />,
        },
      ],
    },
    {
      titleKey: 'bo.settings.sections.orders',
      fields: [
        {
          name: 'cod_fee',
          labelKey: 'bo.settings.codFee',
          kind: 'money',
          required: true,
          descriptionKey: 'bo.settings.codFeeHint',
        },
        {
          name: 'default_free_shipping',
          labelKey: 'bo.settings.freeShipping',
          kind: 'money',
          required: true,
          descriptionKey: 'bo.settings.freeShippingHint',
        },
      ],
    },
    {
      titleKey: 'bo.settings.sections.documents',
      fields: [
        {
          name: 'document_number_formats',
          labelKey: 'bo.settings.sections.documents',
          kind: 'text',
          render: (form) => <NumberFormatsField form={form} next={settings.next_documents} />,
        },
      ],
    },
    {
      titleKey: 'bo.settings.sections.signUp',
      fields: [
        {
          name: 'new_company_approval',
          labelKey: 'bo.settings.newCompanyApproval',
          kind: 'switch',
          descriptionKey: 'bo.settings.newCompanyApprovalHint',
        },
      ],
    },
    {
      titleKey: 'bo.commercialTerms.creditSection',
      fields: [
        {
          name: 'credit_grace_days',
          labelKey: 'bo.commercialTerms.graceDays',
          kind: 'int',
          required: true,
          descriptionKey: 'bo.commercialTerms.graceDaysHint',
        },
        {
          name: 'credit_action',
          labelKey: 'bo.commercialTerms.creditAction',
          kind: 'select',
          required: true,
          useOptions: useCreditActionOptions,
        },
        {
          name: 'credit_contact',
          labelKey: 'bo.commercialTerms.creditContact',
          kind: 'text',
          descriptionKey: 'bo.commercialTerms.creditContactHint',
        },
      ],
    },
    {
      titleKey: 'bo.settings.sections.eInvoices',
      fields: [
        {
          name: 'tax_code',
          labelKey: 'bo.settings.taxCode',
          kind: 'text',
          descriptionKey: 'bo.settings.taxCodeHint',
        },
        {
          name: 'registered_office',
          labelKey: 'bo.settings.registeredOffice',
          kind: 'text',
          render: (form) => <RegisteredOfficeField form={form} />,
        },
        { name: 'rea_office', labelKey: 'bo.settings.reaOffice', kind: 'text' },
        { name: 'rea_number', labelKey: 'bo.settings.reaNumber', kind: 'text' },
      ],
    },
    {
      titleKey: 'bo.settings.sections.mail',
      fields: [
        {
          name: 'mail_from',
          labelKey: 'bo.settings.mailFrom',
          kind: 'text',
          render: (form) => (
            <TextInput
              {...form.getInputProps('mail_from')}
              label={t('bo.settings.mailFrom')}
              description={t('bo.settings.mailFromHint', { fallback: settings.mail_from_default })}
              placeholder={settings.mail_from_default}
              style={wide}
            />
          ),
        },
      ],
    },
  ];
  return (
    <EntityForm<SettingsValues, Settings>
      schema={SettingsInputSchema}
      initialValues={valuesOf(settings)}
      sections={sections}
      toBody={toBody}
      // Validated by the form already: parsing gives the body its API type.
      submit={(values) => saveSettings(SettingsInputSchema.parse(toBody(values)))}
      onSaved={(saved) => {
        queryClient.setQueryData(settingsKeys.detail, saved);
        for (const queryKey of settingsKeys.storefront) void queryClient.invalidateQueries({ queryKey });
      }}
    />
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('bo.pages.settings'));
  const query = useQuery(settingsQueryOptions());
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('bo.pages.settings')}</Title>
        <Text c="dimmed">{t('bo.settings.intro')}</Text>
      </div>
      {query.isError ? (
        <RetryState title={t('bo.settings.loadError')} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </Stack>
  );
}
