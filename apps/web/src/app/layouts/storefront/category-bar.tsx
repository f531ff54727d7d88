import { Button, Group } from '@mantine/core';
import { CATEGORY_CODES } from '@shop/domain';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-route';
import { CategoryButton } from './category-button';
import { SHOP_LINKS } from './category-links';

/**
 * The dropdowns (Mantine Menu and its positioning engine) load just after the first paint; until then
 * the same buttons stand in their place, so nothing moves.
 */
const CategoryMenu = lazyComponent(
  () => import('./category-menu'),
  (m) => m.CategoryMenu,
);

/** Desktop menu bar: one menu per catalogue area (SPEC §2), then the shop's pages. */
export function CategoryBar() {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('nav.label')} gap={4} h={48} wrap="nowrap">
      {CATEGORY_CODES.map((code) => (
        <Suspense key={code} fallback={<CategoryButton code={code} aria-haspopup="menu" />}>
          <CategoryMenu code={code} />
        </Suspense>
      ))}
      <Group gap={4} ml="auto" wrap="nowrap">
        {SHOP_LINKS.map((link) => (
          <Button key={link.to} component={Link} to={link.to} variant="subtle" color="gray" size="sm">
            {t(link.labelKey)}
          </Button>
        ))}
      </Group>
    </Group>
  );
}
