import { Menu } from '@mantine/core';
import type { CategoryCode } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subcategoryLabel } from '../../../lib/category-labels';
import { CategoryButton } from './category-button';
import { useCategoryMenuLinks } from './use-category-menus';

/** One catalogue area's dropdown (keyboard: Enter/Space opens, arrows move, Esc closes). */
export function CategoryMenu({ code }: { code: CategoryCode }) {
  const { t } = useTranslation();
  const links = useCategoryMenuLinks(code);
  return (
    <Menu trigger="click-hover" openDelay={60} closeDelay={150} position="bottom-start" width={240}>
      <Menu.Target>
        <CategoryButton code={code} />
      </Menu.Target>
      <Menu.Dropdown data-testid={`category-menu-${code}`}>
        <Menu.Item component={Link} to={links.catalogue.to} fw={600}>
          {t('nav.catalogueOf', { category: t(`categories.${code}`) })}
        </Menu.Item>
        {links.listings.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('nav.listings')}</Menu.Label>
            {links.listings.map((link) => (
              <Menu.Item key={link.to} component={Link} to={link.to}>
                {t(link.labelKey)}
              </Menu.Item>
            ))}
          </>
        )}
        {links.subcategories.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('nav.subcategories')}</Menu.Label>
            {links.subcategories.map((link) => (
              <Menu.Item key={link.to} component={Link} to={link.to}>
                {subcategoryLabel(t, link.code, link.description)}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to={links.campaigns.to}>
          {t(links.campaigns.labelKey)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
