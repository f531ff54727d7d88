import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, ResetPasswordInputSchema } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { usePasswordWeakness } from '../../../hooks/use-password-weakness';
import { translateMessage } from '../../../i18n/translate-message';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { useResetPassword } from '../api/reset-password';
import { FormError } from './form-error';

interface ResetPasswordFormProps {
  token: string;
  email: string;
  onDone: (message: string) => void;
}

/**
 * E-mail, new password and confirmation, checked with the SPEC §5 password rules; a password that is
 * easy to guess (issue 17) is pointed out under the field while it is typed.
 */
export function ResetPasswordForm({ token, email, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string>();
  const form = useForm({
    initialValues: { token, email, password: '', password_confirmation: '' },
    ...schemaForm(ResetPasswordInputSchema),
  });
  const weakness = usePasswordWeakness(form.values.password, [form.values.email]);

  const submit = form.onSubmit(async (values) => {
    setFormError(undefined);
    try {
      const { message } = await reset.mutateAsync(ResetPasswordInputSchema.parse(values));
      onDone(message);
    } catch (error) {
      setFormError(applyServerErrors(form, error, ['email', 'password', 'password_confirmation']));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={formError ?? (form.errors.token as string | undefined)} />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('auth.password')}
          description={
            form.errors.password ? undefined : translateMessage(weakness ?? messages.passwordRules)
          }
          autoComplete="new-password"
          required
          withAsterisk={false}
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('auth.passwordConfirmation')}
          autoComplete="new-password"
          required
          withAsterisk={false}
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          {t('auth.resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
