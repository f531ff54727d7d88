import { Button, Divider, Drawer, Group, NavLink, Stack } from '@mantine/core';
import { CATEGORY_CODES, type CategoryCode } from '@shop/domain';
import { IconLayoutDashboard, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { CategoryIcon } from '../../../components/category-icon';
import { LanguageSelect } from '../../../components/language-select';
import { ThemeToggle } from '../../../components/theme-toggle';
import { subcategoryLabel } from '../../../lib/category-labels';
import { BACKOFFICE_HOME } from '../../../lib/redirect';
import { SignOutButton } from '../sign-out-button';
import { SHOP_LINKS } from './category-links';
import { useCategoryMenuLinks } from './use-category-menus';

/** One catalogue area's links, folded under its name. */
function CategoryNavLink({ code, onClose }: { code: CategoryCode; onClose: () => void }) {
  const { t } = useTranslation();
  const links = useCategoryMenuLinks(code);
  const items = [
    { to: links.catalogue.to, label: t(links.catalogue.labelKey) },
    ...links.listings.map((link) => ({ to: link.to, label: t(link.labelKey) })),
    ...links.subcategories.map((link) => ({
      to: link.to,
      label: subcategoryLabel(t, link.code, link.description),
    })),
    { to: links.campaigns.to, label: t(links.campaigns.labelKey) },
  ];
  return (
    <NavLink
      label={t(`categories.${code}`)}
      leftSection={<CategoryIcon code={code} size={18} stroke={1.6} />}
      childrenOffset={28}
    >
      {items.map((item) => (
        <NavLink key={item.to} component={Link} to={item.to} label={item.label} onClick={onClose} />
      ))}
    </NavLink>
  );
}

interface MobileNavProps {
  opened: boolean;
  onClose: () => void;
}

/** Below 'sm': the slide-in menu with the same catalogue menus, the language and the account. */
export function MobileNav({ opened, onClose }: MobileNavProps) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={320}
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
    >
      <Stack gap="xs">
        <nav aria-label={t('nav.label')}>
          {CATEGORY_CODES.map((code) => (
            <CategoryNavLink key={code} code={code} onClose={onClose} />
          ))}
          <Divider my="xs" />
          {SHOP_LINKS.map((link) => (
            <NavLink key={link.to} component={Link} to={link.to} label={t(link.labelKey)} onClick={onClose} />
          ))}
        </nav>
        <Divider />
        <Group justify="space-between">
          <Group gap="xs">
            <LanguageSelect />
            <ThemeToggle />
          </Group>
          {user ? (
            <SignOutButton />
          ) : (
            <Button
              component={Link}
              to="/sign-in"
              onClick={onClose}
              leftSection={<IconLogin size={16} aria-hidden />}
            >
              {t('header.signIn')}
            </Button>
          )}
        </Group>
        {!user && (
          <Button component={Link} to="/register" onClick={onClose} variant="default">
            {t('header.signUp')}
          </Button>
        )}
        {user?.is_super_admin && (
          <Button
            component={Link}
            to={BACKOFFICE_HOME}
            onClick={onClose}
            variant="light"
            leftSection={<IconLayoutDashboard size={16} aria-hidden />}
          >
            {t('header.backoffice')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
