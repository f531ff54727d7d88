import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { translateMessage } from '../../../i18n/translate-message';
import { AuthCard } from './auth-card';
import { ResetPasswordForm } from './reset-password-form';

/** /reset-password/:token (the e-mailed link may carry ?email=). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.resetPassword'));
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const [done, setDone] = useState<string>();

  return (
    <AuthCard
      title={t('auth.resetPassword.title')}
      description={done ? undefined : t('auth.resetPassword.description')}
    >
      {done ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {translateMessage(done)}
          </Alert>
          <Button component={Link} to="/sign-in" fullWidth>
            {t('auth.resetPassword.goToSignIn')}
          </Button>
        </Stack>
      ) : (
        <ResetPasswordForm token={token} email={searchParams.get('email') ?? ''} onDone={setDone} />
      )}
    </AuthCard>
  );
}
