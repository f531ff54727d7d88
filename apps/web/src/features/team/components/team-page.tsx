import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../api/get-current-user';
import { NotFound } from '../../../components/not-found';
import { TeamManager } from '../../../components/team/team-manager';
import { useCan } from '../../../hooks/use-can';
import { usePageTitle } from '../../../hooks/use-page-title';
import { CreditCard } from './credit-card';

/**
 * /profile/team (issue 19): the company admin invites colleagues, sets their roles and limits, disables
 * and removes them. Only for the role that manages the team.
 */
export function TeamPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.team'));
  const customerId = useCurrentUser().data?.customer?.id;
  const canManage = useCan('manage');
  if (!canManage) return <NotFound />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('titles.profile.team')}</Title>
        <Text c="dimmed">{t('team.intro')}</Text>
      </div>
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && <CreditCard customerId={customerId} />}
      {customerId !== undefined && <TeamManager customerId={customerId} />}
    </Stack>
  );
}
