import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProductCategories } from '../../../api/get-product-categories';
import { categoryLabel, subcategoryLabel } from '../../../lib/category-labels';

interface ProductBreadcrumbsProps {
  category: string | null;
  subcategory: string | null;
  title: string;
}

/** Home › category › subcategory › product, each step a filtered list. */
export function ProductBreadcrumbs({ category, subcategory, title }: ProductBreadcrumbsProps) {
  const { t } = useTranslation();
  const { data: categories } = useProductCategories();
  const own = categories?.find((c) => c.code === category);
  const sub = own?.subcategories.find((s) => s.code === subcategory);
  return (
    <nav aria-label={t('product.breadcrumb')}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        <Anchor component={Link} to="/" size="sm">
          {t('product.home')}
        </Anchor>
        {category ? (
          <Anchor component={Link} to={`/products?${new URLSearchParams({ category })}`} size="sm">
            {categoryLabel(t, category, own?.description)}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/products" size="sm">
            {t('catalog.title')}
          </Anchor>
        )}
        {category && subcategory && (
          <Anchor
            component={Link}
            to={`/products?${new URLSearchParams({ category, subcategory })}`}
            size="sm"
          >
            {subcategoryLabel(t, subcategory, sub?.description)}
          </Anchor>
        )}
        <Text size="sm" c="dimmed" aria-current="page" lineClamp={1} maw={360}>
          {title}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
