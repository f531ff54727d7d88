import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../../api/get-current-user';
import { ApiTokens } from '../../../../components/account/api-tokens';
import { ChangePasswordForm } from '../../../../components/account/change-password-form';
import { SessionsList } from '../../../../components/account/sessions-list';
import { TwoFactorSettings } from '../../../../components/two-factor/two-factor-settings';
import { usePageTitle } from '../../../../hooks/use-page-title';

/**
 * /backoffice/account: the signed-in staff member's own account, with two-factor sign-in (issue 17
 * point 6), the browsers signed in to it (point 2), the password and the personal API tokens (issue 18
 * point 4; the same pieces as the customer's profile). When the second factor is required and off, the
 * back office sends here (app/guard.ts).
 */
export function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('bo.account.title'));
  const user = useCurrentUser().data;
  const email = user?.email;
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{t('bo.account.title')}</Title>
        {email && (
          <Text c="dimmed" size="sm">
            {t('bo.account.signedInAs', { email })}
          </Text>
        )}
      </Stack>
      <Paper withBorder p="lg">
        <TwoFactorSettings />
      </Paper>
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('bo.account.sessions')}
          </Title>
          <SessionsList />
        </Stack>
      </Paper>
      {user && (
        <>
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Title order={2} size="h3">
                {t('bo.account.password')}
              </Title>
              <ChangePasswordForm userId={user.id} />
            </Stack>
          </Paper>
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Title order={2} size="h3">
                {t('bo.account.tokens')}
              </Title>
              <ApiTokens userId={user.id} />
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
