import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { CurrentUser } from '@shop/domain';
import { IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';

/**
 * /register (issue 22): a new customer signs up and is signed in. He lands on the products, or, when
 * his company waits for the shop's approval (DESIGN §6 rule 18), on a notice saying so first.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(false);
  usePageTitle(t('register.title'));

  const registered = (user: CurrentUser) => {
    if (user.customer?.awaiting_approval) {
      setWaiting(true);
      window.scrollTo({ top: 0 });
    } else void navigate('/products', { replace: true });
  };

  if (waiting) {
    return (
      <AuthCard title={t('register.waitingTitle')} width={560}>
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconHourglass aria-hidden />} role="status">
            {t('register.waitingBody')}
          </Alert>
          <Button component={Link} to="/products" replace>
            {t('register.goToProducts')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} description={t('register.description')} width={720}>
      <RegisterForm onRegistered={registered} />
      <Text size="sm" ta="center" mt="lg">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to="/sign-in" underline="always">
          {t('header.signIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
