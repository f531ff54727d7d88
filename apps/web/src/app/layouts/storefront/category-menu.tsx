import { Menu } from '@mantine/core';
import type { CategoryCode } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryButton } from './category-button';
import { categoryLinks } from './category-links';

/** One catalogue area's dropdown (keyboard: Enter/Space opens, arrows move, Esc closes). */
export function CategoryMenu({ code }: { code: CategoryCode }) {
  const { t } = useTranslation();
  return (
    <Menu trigger="click-hover" openDelay={60} closeDelay={150} position="bottom-start" width={220}>
      <Menu.Target>
        <CategoryButton code={code} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t(`categories.${code}`)}</Menu.Label>
        {categoryLinks(code).map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {t(link.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
