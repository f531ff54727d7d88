import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LoginInputSchema } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { landingPath } from '../../../lib/redirect';
import { useLogin } from '../api/login';
import { FormError } from './form-error';

/** E-mail and password; on success goes to `redirect` (SPEC §2), else home or the back office. */
export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [formError, setFormError] = useState<string>();
  const form = useForm({ initialValues: { email: '', password: '' }, ...schemaForm(LoginInputSchema) });

  const submit = form.onSubmit(async (values) => {
    setFormError(undefined);
    try {
      const user = await login.mutateAsync(LoginInputSchema.parse(values));
      await navigate(landingPath(user, searchParams.get('redirect')), { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(form, error, ['email', 'password']));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          required
          withAsterisk={false}
          {...form.getInputProps('password')}
        />
        <Anchor component={Link} to="/forgot-password" size="sm" ta="right">
          {t('auth.signIn.forgotPassword')}
        </Anchor>
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
