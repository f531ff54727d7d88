import { Box, Burger, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShopName } from '../../../api/get-shop';
import { LanguageSelect } from '../../../components/language-select';
import { Logo } from '../../../components/logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { AccountActions } from './account-actions';
import { CategoryBar } from './category-bar';
import classes from './storefront.module.css';

interface StorefrontHeaderProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** Brand, language, theme and account on top; the catalogue menus below (from 'sm' up). */
export function StorefrontHeader({ menuOpened, onToggleMenu }: StorefrontHeaderProps) {
  const { t } = useTranslation();
  const shopName = useShopName();
  return (
    <header className={classes.header}>
      <Container>
        <Group h={64} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={menuOpened}
              onClick={onToggleMenu}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpened ? t('header.closeMenu') : t('header.openMenu')}
            />
            <Logo name={shopName} to="/" />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <LanguageSelect />
              <ThemeToggle />
            </Group>
            <AccountActions />
          </Group>
        </Group>
      </Container>
      <Box visibleFrom="sm" className={classes.menuBar}>
        <Container>
          <CategoryBar />
        </Container>
      </Box>
    </header>
  );
}
