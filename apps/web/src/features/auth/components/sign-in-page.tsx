import { Alert, Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { AuthCard } from './auth-card';
import { SignInForm } from './sign-in-form';

/** /sign-in, and the home page when the guard sent a signed-out visitor there with `redirect`. */
export function SignInPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  usePageTitle(t('titles.signIn'));
  return (
    <AuthCard title={t('auth.signIn.title')} description={t('auth.signIn.description')}>
      {searchParams.has('redirect') && (
        <Alert variant="light" icon={<IconLock aria-hidden />} mb="md">
          {t('auth.signIn.redirectNotice')}
        </Alert>
      )}
      <SignInForm />
      <Text size="sm" ta="center" mt="lg">
        {t('auth.signIn.newCustomer')}{' '}
        <Anchor component={Link} to="/register" underline="always">
          {t('header.signUp')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
