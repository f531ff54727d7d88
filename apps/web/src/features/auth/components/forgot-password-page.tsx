import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ForgotPasswordInputSchema } from '@shop/domain';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { translateMessage } from '../../../i18n/translate-message';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from './auth-card';
import { FormError } from './form-error';

/** /forgot-password: asks for the reset link and shows the server's answer. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.forgotPassword'));
  const request = useForgotPassword();
  const [sent, setSent] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const form = useForm({ initialValues: { email: '' }, ...schemaForm(ForgotPasswordInputSchema) });

  const submit = form.onSubmit(async (values) => {
    setFormError(undefined);
    try {
      const { message } = await request.mutateAsync(ForgotPasswordInputSchema.parse(values));
      setSent(message);
    } catch (error) {
      setFormError(applyServerErrors(form, error, ['email']));
    }
  });

  return (
    <AuthCard title={t('auth.forgotPassword.title')} description={t('auth.forgotPassword.description')}>
      {sent ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
          {translateMessage(sent)}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError message={formError} />
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={request.isPending} fullWidth>
              {t('auth.forgotPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/sign-in" size="sm" display="block" ta="center" mt="lg">
        {t('auth.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
