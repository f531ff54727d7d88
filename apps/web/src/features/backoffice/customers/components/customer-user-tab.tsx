import { Alert, Button, Group, Loader, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Customer, type CustomerUser, CustomerUserInputSchema } from '@shop/domain';
import { IconMailForward } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { applyServerErrors, schemaForm } from '../../../../lib/form';
import { formatDate } from '../../../../lib/format';
import { loadModals } from '../../../../lib/modals';
import { notifySaved } from '../../scaffold/notify';
import { customerKeys, getCustomerUser, saveCustomerUser, sendPasswordReset } from '../api/customers';

/** Asks before something is done; resolves true on confirm. */
async function confirm(title: string, body: string, label: string): Promise<boolean> {
  const modals = await loadModals();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: body,
      labels: { confirm: label, cancel: i18n.t('bo.confirm.cancel') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

type UserValues = { email: string; is_super_admin: boolean };

function AccountForm({ customerId, user }: { customerId: number; user: CustomerUser }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const queryClient = useQueryClient();
  const form = useForm<UserValues>({
    initialValues: { email: user.email, is_super_admin: user.is_super_admin },
    ...schemaForm(CustomerUserInputSchema),
  });
  const [saving, setSaving] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const hasAccount = user.id !== null;

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    const granting = values.is_super_admin && !user.is_super_admin;
    if (
      granting &&
      !(await confirm(
        t('bo.customers.user.grantTitle'),
        t('bo.customers.user.grantBody', { email: values.email }),
        t('bo.customers.user.grant'),
      ))
    )
      return;
    setSaving(true);
    try {
      const saved = await saveCustomerUser(customerId, CustomerUserInputSchema.parse(values));
      queryClient.setQueryData(customerKeys.user(customerId), saved);
      void queryClient.invalidateQueries({ queryKey: customerKeys.detail(String(customerId)) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.list });
      form.resetDirty({ email: saved.email, is_super_admin: saved.is_super_admin });
      notifySaved(
        hasAccount
          ? t('bo.customers.user.saved')
          : t('bo.customers.user.createdAccount', { email: saved.email }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setFailure(applyServerErrors(form, error, ['email', 'is_super_admin']));
      } else {
        setFailure(error instanceof ApiError ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
  });

  const reset = async () => {
    if (
      !(await confirm(
        t('bo.customers.user.resetTitle'),
        t('bo.customers.user.resetBody', { email: user.email }),
        t('bo.customers.user.resetConfirm'),
      ))
    )
      return;
    setSending(true);
    try {
      const { message } = await sendPasswordReset(customerId);
      notifySaved(translateMessage(message));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        {!hasAccount && (
          <Alert variant="light" color="yellow" title={t('bo.customers.user.noAccount')}>
            {t('bo.customers.user.noAccountHint')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {translateMessage(failure)}
          </Alert>
        )}
        <TextInput
          {...form.getInputProps('email')}
          label={t('bo.customers.user.email')}
          description={t('bo.customers.emailHint')}
          type="email"
          withAsterisk
        />
        <Switch
          {...form.getInputProps('is_super_admin', { type: 'checkbox' })}
          label={t('bo.customers.user.superAdmin')}
          description={t('bo.customers.user.superAdminHint')}
        />
        {hasAccount && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text size="sm" c="dimmed">
                {t('bo.customers.user.created')}
              </Text>
              <Text>{formatDate(user.created_at, lng)}</Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t('bo.customers.user.lastSignIn')}
              </Text>
              <Text>
                {user.last_sign_in_at ? formatDate(user.last_sign_in_at, lng) : t('bo.customers.user.never')}
              </Text>
            </div>
          </SimpleGrid>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {t(hasAccount ? 'bo.detail.save' : 'bo.customers.user.create')}
          </Button>
          {hasAccount && (
            <Button
              variant="default"
              leftSection={<IconMailForward size={16} aria-hidden />}
              loading={sending}
              onClick={() => void reset()}
            >
              {t('bo.customers.user.reset')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The customer-user tab (SPEC §2, §3 User): the sign-in account's e-mail (the customer's username),
 * the super-admin flag (confirmed when granted) and the password reset link (confirmed, then a toast).
 * A customer without an account gets one here, with the link to set its password.
 */
export function CustomerUserTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const user = useQuery({
    queryKey: customerKeys.user(customer.id),
    queryFn: ({ signal }) => getCustomerUser(customer.id, signal),
  });
  if (user.isError)
    return <RetryState title={t('bo.detail.loadError')} onRetry={() => void user.refetch()} />;
  if (user.isPending) return <Loader aria-label={t('common.loading')} />;
  return <AccountForm key={`${user.data.id}-${user.data.email}`} customerId={customer.id} user={user.data} />;
}
