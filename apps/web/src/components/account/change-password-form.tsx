import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ChangePasswordInputSchema, messages } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../../api/change-password';
import { useApiTokens } from '../../api/get-api-tokens';
import { useCurrentUser } from '../../api/get-current-user';
import { usePasswordWeakness } from '../../hooks/use-password-weakness';
import { translateMessage } from '../../i18n/translate-message';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors, schemaForm } from '../../lib/form';
import { PasswordField } from '../password-field';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY = { current_password: '', password: '', password_confirmation: '' };
const shape = schemaForm(ChangePasswordInputSchema);

/** The customer confirms the current password, which the domain schema leaves to the server. */
function validatePasswords(values: typeof EMPTY) {
  const errors = shape.validate(values);
  return values.current_password ? errors : { current_password: messages.required, ...errors };
}

/**
 * Change password (SPEC §5 rules, §8 message): a 422 lands on the fields (a wrong current password,
 * a weak new one); any other failure says the update failed. A new password that is easy to guess
 * (issue 17) is pointed out under the field while it is typed. The change revokes every API token
 * (issue 17), so the user is told how many went.
 */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const change = useChangePassword(userId);
  const tokens = useApiTokens(userId);
  const [formError, setFormError] = useState<string>();
  const form = useForm({
    initialValues: EMPTY,
    validate: validatePasswords,
    enhanceGetInputProps: shape.enhanceGetInputProps,
  });
  const { data: user } = useCurrentUser();
  const customer = user?.customer;
  const account = [user?.email, customer?.firstname, customer?.lastname, customer?.company];
  const weakness = usePasswordWeakness(form.values.password, account);

  const submit = form.onSubmit(async (values) => {
    setFormError(undefined);
    try {
      const revoked = tokens.data?.length ?? 0;
      await change.mutateAsync(ChangePasswordInputSchema.parse(values));
      form.reset();
      notifications.show({ color: 'teal', message: t('profile.password.changed') });
      if (revoked > 0) {
        notifications.show({
          color: 'yellow',
          autoClose: false,
          message: t('profile.password.tokensRevoked', { count: revoked }),
        });
      }
    } catch (error) {
      const invalid = error instanceof ApiError && error.status === 422;
      setFormError(invalid ? applyServerErrors(form, error, FIELDS) : messages.passwordUpdateFailed);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {translateMessage(formError)}
          </Alert>
        )}
        <PasswordField
          label={t('profile.password.current')}
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <PasswordField
          label={t('profile.password.new')}
          description={
            form.errors.password ? undefined : translateMessage(weakness ?? messages.passwordRules)
          }
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('profile.password.confirmation')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('profile.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
