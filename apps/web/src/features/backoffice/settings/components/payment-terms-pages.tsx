import { Button, Group, Stack } from '@mantine/core';
import { type PaymentTerms, type PaymentTermsInput, PaymentTermsInputSchema } from '@shop/domain';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import {
  deletePaymentTerms,
  getPaymentTerms,
  listPaymentTerms,
  paymentTermsKeys,
  savePaymentTerms,
} from '../api/payment-terms';
import { formatShare, InstalmentsField, type TermsValues } from './payment-terms-instalments';

/**
 * /backoffice/payment-terms (issue 20 point 2): the named terms set on customer groups and customers,
 * each invoice taking its due dates from them. Shares are a percent here and basis points in the API.
 */

const LIST = '/backoffice/payment-terms';

/** '30 days EOM 50% · 60 days 50%' in the current language. */
function summary(terms: PaymentTerms): string {
  return terms.instalments
    .map((row) =>
      [
        i18n.t('bo.paymentTerms.daysShort', { days: row.days }),
        row.end_of_month ? i18n.t('bo.paymentTerms.endOfMonthShort') : undefined,
        formatShare(row.share),
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join(' · ');
}

const listConfig: ListPageConfig<PaymentTerms> = {
  titleKey: 'bo.pages.paymentTerms',
  queryKey: paymentTermsKeys.list,
  fetch: listPaymentTerms,
  searchPlaceholderKey: 'bo.paymentTerms.searchPlaceholder',
  columns: [
    { key: 'name', labelKey: 'bo.paymentTerms.name', sort: 'name' },
    { key: 'instalments', labelKey: 'bo.paymentTerms.instalments', render: summary },
  ],
  rowKey: (terms) => terms.id,
  rowLink: (terms) => `${LIST}/${terms.id}`,
  linkColumn: 'name',
  createLink: `${LIST}/new`,
};

const sections: FormSection<TermsValues>[] = [
  {
    fields: [
      { name: 'name', labelKey: 'bo.paymentTerms.name', kind: 'text', required: true },
      {
        name: 'instalments',
        labelKey: 'bo.paymentTerms.instalments',
        kind: 'text',
        render: (form) => <InstalmentsField form={form} />,
      },
    ],
  },
];

/** What is sent: a blank days or share left out, so the schema says 'Required' on it. */
const toBody = (values: TermsValues) => ({
  name: values.name,
  instalments: values.instalments.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)),
  ),
});

function PaymentTermsForm({ terms }: { terms?: PaymentTerms }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  async function remove(current: PaymentTerms) {
    const what = t('bo.paymentTerms.what', { name: current.name });
    if (!(await confirmDeletion(what, t('bo.paymentTerms.deleteNote')))) return;
    setDeleting(true);
    try {
      await deletePaymentTerms(current.id);
      notifySaved(t('bo.paymentTerms.deleted', { name: current.name }));
      void queryClient.invalidateQueries({ queryKey: paymentTermsKeys.list });
      void navigate(LIST, { replace: true });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Stack gap="xl">
      <EntityForm<TermsValues, PaymentTerms>
        schema={PaymentTermsInputSchema}
        initialValues={{
          name: terms?.name ?? '',
          instalments: terms?.instalments.map((row) => ({ ...row })) ?? [
            { days: 0, end_of_month: false, share: 10_000 },
          ],
        }}
        sections={sections}
        toBody={toBody}
        // Validated by the form already: the body has the API's type.
        submit={(values) => savePaymentTerms(terms?.id, toBody(values) as PaymentTermsInput)}
        onSaved={(saved) => {
          // the list's key prefixes the customer and group forms' choices
          void queryClient.invalidateQueries({ queryKey: paymentTermsKeys.list });
          queryClient.setQueryData(paymentTermsKeys.detail(String(saved.id)), saved);
          if (!terms) void navigate(`${LIST}/${saved.id}`, { replace: true });
        }}
      />
      {terms && (
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={deleting}
            onClick={() => void remove(terms)}
          >
            {t('bo.delete')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const detailConfig: DetailPageConfig<PaymentTerms> = {
  titleKey: 'bo.pages.paymentTermsOne',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'bo.pages.paymentTerms',
  queryKey: paymentTermsKeys.detail,
  fetch: getPaymentTerms,
  heading: (terms) => terms.name,
  tabs: [
    { path: '', labelKey: 'backoffice.tabs.info', render: (terms) => <PaymentTermsForm terms={terms} /> },
  ],
  create: () => <PaymentTermsForm />,
};

export function PaymentTermsListPage() {
  return <ListPage config={listConfig} />;
}

export function PaymentTermsPage() {
  return <DetailPage config={detailConfig} />;
}
