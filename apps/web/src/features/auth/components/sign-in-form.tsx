import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CurrentUser, isTwoFactorChallenge, LoginInputSchema } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { landingPath } from '../../../lib/redirect';
import { useLogin } from '../api/login';
import { FormError } from './form-error';
import { TwoFactorChallengeForm } from './two-factor-challenge-form';

/**
 * E-mail and password, then the second factor when the account has it on; on success goes to
 * `redirect` (SPEC §2), else home or the back office.
 */
export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [formError, setFormError] = useState<string>();
  const [secondStep, setSecondStep] = useState(false);
  const form = useForm({ initialValues: { email: '', password: '' }, ...schemaForm(LoginInputSchema) });

  const submit = form.onSubmit(async (values) => {
    setFormError(undefined);
    try {
      const response = await login.mutateAsync(LoginInputSchema.parse(values));
      if (isTwoFactorChallenge(response)) setSecondStep(true);
      else await land(response);
    } catch (error) {
      setFormError(applyServerErrors(form, error, ['email', 'password']));
    }
  });

  async function land(user: CurrentUser) {
    await navigate(landingPath(user, searchParams.get('redirect')), { replace: true });
  }

  if (secondStep) {
    return (
      <TwoFactorChallengeForm
        onSignedIn={land}
        onBack={() => {
          form.setFieldValue('password', '');
          setSecondStep(false);
        }}
      />
    );
  }

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
