import { ActionIcon, AppShell, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useShopName } from '../../../api/get-shop';
import { LanguageSelect } from '../../../components/language-select';
import { ThemeToggle } from '../../../components/theme-toggle';
import { SignOutButton } from '../sign-out-button';
import { BackofficeHeader } from './backoffice-header';
import { BackofficeSidebar } from './backoffice-sidebar';

/** The staff's shell (SPEC §2, §6): header, grouped sidebar, page, and a one-line credit footer. */
export function BackofficeLayout() {
  const { t } = useTranslation();
  const [navbarOpened, navbar] = useDisclosure(false);
  const shopName = useShopName();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      footer={{ height: 32 }}
      padding="lg"
    >
      <AppShell.Header>
        <BackofficeHeader navbarOpened={navbarOpened} onToggleNavbar={navbar.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow component={ScrollArea} type="scroll">
          <BackofficeSidebar onNavigate={navbar.close} />
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" pt="sm">
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            <ThemeToggle />
            <ActionIcon
              component={Link}
              to="/backoffice/account"
              onClick={navbar.close}
              variant="default"
              size="lg"
              aria-label={t('backoffice.account')}
            >
              <IconUserCircle size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
            <SignOutButton ml="auto" />
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Text size="xs" c="dimmed" lh="32px">
          {t('footer.credit', { year: new Date().getFullYear(), name: shopName })}
        </Text>
      </AppShell.Footer>
    </AppShell>
  );
}
