import { ActionIcon, Burger, Button, Group, Tooltip } from '@mantine/core';
import {
  IconBuildingStore,
  IconExternalLink,
  IconShoppingCartPlus,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShopName } from '../../../api/get-shop';
import { LanguageSelect } from '../../../components/language-select';
import { Logo } from '../../../components/logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { BACKOFFICE_HOME } from '../../../lib/redirect';
import { SignOutButton } from '../sign-out-button';

interface BackofficeHeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

/**
 * Brand, the order-for-a-customer cart, queue management (new tab), shop, language, theme, my account
 * (two-factor sign-in), sign out.
 * On phones only the burger and brand fit: the sidebar drawer carries language, theme and sign out.
 */
export function BackofficeHeader({ navbarOpened, onToggleNavbar }: BackofficeHeaderProps) {
  const { t } = useTranslation();
  const shopName = useShopName();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={navbarOpened ? t('header.closeMenu') : t('header.openMenu')}
        />
        <Logo name={shopName} to={BACKOFFICE_HOME} caption={t('backoffice.caption')} />
      </Group>
      <Group gap="xs" wrap="nowrap" visibleFrom="sm">
        <Button
          component={Link}
          to="/backoffice/cart"
          variant="light"
          leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
          visibleFrom="md"
        >
          {t('header.backofficeCart')}
        </Button>
        <Tooltip label={t('backoffice.queues')}>
          <ActionIcon
            component="a"
            href="/backoffice/queues"
            target="_blank"
            rel="noopener"
            variant="default"
            size="lg"
            aria-label={t('backoffice.queues')}
          >
            <IconExternalLink size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('backoffice.toShop')}>
          <ActionIcon component={Link} to="/" variant="default" size="lg" aria-label={t('backoffice.toShop')}>
            <IconBuildingStore size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <LanguageSelect />
        <ThemeToggle />
        <Tooltip label={t('backoffice.account')}>
          <ActionIcon
            component={Link}
            to="/backoffice/account"
            variant="default"
            size="lg"
            aria-label={t('backoffice.account')}
          >
            <IconUserCircle size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <SignOutButton />
      </Group>
    </Group>
  );
}
