import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { ApiTokens } from '../../../components/account/api-tokens';
import { ChangePasswordForm } from '../../../components/account/change-password-form';
import { SessionsList } from '../../../components/account/sessions-list';
import { PageLoader } from '../../../components/page-loader';
import { TwoFactorSettings } from '../../../components/two-factor/two-factor-settings';
import { usePageTitle } from '../../../hooks/use-page-title';
import { MyDataForm } from './my-data-form';
import { SettingsForm } from './settings-form';

const TABS = ['my-data', 'settings', 'password', 'security', 'sessions', 'api-tokens'] as const;
type Tab = (typeof TABS)[number];
const LABEL_KEYS = {
  'my-data': 'profile.home.tabs.myData',
  settings: 'profile.home.tabs.settings',
  password: 'profile.home.tabs.password',
  security: 'profile.home.tabs.security',
  sessions: 'profile.home.tabs.sessions',
  'api-tokens': 'profile.home.tabs.apiTokens',
} as const satisfies Record<Tab, string>;

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * /profile (SPEC §2 profile home): my data, settings, change password, signed-in browsers and the API tokens,
 * one tab each; the open tab is in the address (?tab=) so it can be linked and survives a reload.
 */
export function ProfileHomePage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.home'));
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'my-data';

  // The profile guard let only a signed-in customer in; the user is in the cache, or on its way.
  if (!user?.customer) return <PageLoader />;
  const { customer } = user;
  // A staff member signed in as the user sees a note where the user's own secrets are: the server refuses them.
  const personal = (panel: ReactNode) =>
    user.impersonation ? <Text c="dimmed">{t('impersonation.personalNote')}</Text> : panel;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile.home')}</Title>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'my-data' ? { tab: value } : {}, { replace: true })}
      >
        <Tabs.List>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(LABEL_KEYS[value])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Paper withBorder p="lg" mt="md">
          <Tabs.Panel value="my-data">
            <MyDataForm customer={customer} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <SettingsForm customer={customer} />
          </Tabs.Panel>
          <Tabs.Panel value="password">{personal(<ChangePasswordForm userId={user.id} />)}</Tabs.Panel>
          <Tabs.Panel value="security">
            {/* Loads its status only when opened: most visits to the profile never look at it. */}
            {tab === 'security' && personal(<TwoFactorSettings />)}
          </Tabs.Panel>
          <Tabs.Panel value="sessions">{personal(<SessionsList />)}</Tabs.Panel>
          <Tabs.Panel value="api-tokens">{personal(<ApiTokens userId={user.id} />)}</Tabs.Panel>
        </Paper>
      </Tabs>
    </Stack>
  );
}
