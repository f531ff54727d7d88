import { Group, Image, Text } from '@mantine/core';
import { type BackofficeProductRow, LOW_STOCK_THRESHOLD, PRODUCT_FLAGS } from '@shop/domain';
import i18n from 'i18next';
import type { TranslationKey } from '../../../../i18n/keys';
import { formatDate, formatMoney } from '../../../../lib/format';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { YesNo } from '../../scaffold/yes-no';
import { useBrandChoices, useCategoryChoices, useSubcategoriesOf } from '../api/catalog';
import { listProducts, productKeys } from '../api/products';

const lng = () => (i18n.resolvedLanguage === 'en' ? 'en' : 'it');

/** 'Available at most' choices, the dashboard's running-out threshold among them. */
const AVAILABLE_MAX_CHOICES = [...new Set([0, 1, 2, 3, LOW_STOCK_THRESHOLD, 10, 20, 50])]
  .sort((a, b) => a - b)
  .map((n) => ({ value: String(n), label: `≤ ${n}` }));
const useAvailableMaxChoices = () => AVAILABLE_MAX_CHOICES;

const config: ListPageConfig<BackofficeProductRow> = {
  titleKey: 'backoffice.pages.products',
  queryKey: productKeys.list,
  fetch: listProducts,
  searchPlaceholderKey: 'bo.products.searchPlaceholder',
  columns: [
    {
      key: 'sku',
      labelKey: 'bo.fields.sku',
      sort: 'sku',
      render: (p) => (
        <Group gap="xs" wrap="nowrap" component="span">
          {p.cover_url && <Image src={p.cover_url} alt="" w={28} h={28} fit="cover" radius="xs" />}
          <span>{p.sku}</span>
        </Group>
      ),
    },
    { key: 'description', labelKey: 'bo.fields.title', sort: 'title' },
    { key: 'author', labelKey: 'bo.fields.author', sort: 'author' },
    { key: 'label', labelKey: 'bo.fields.label', visibleFrom: 'xl' },
    { key: 'support', labelKey: 'bo.fields.support' },
    {
      key: 'category',
      labelKey: 'bo.fields.category',
      render: (p) => [p.category, p.subcategory].filter(Boolean).join(' / '),
    },
    {
      key: 'release_date',
      labelKey: 'bo.fields.releaseDate',
      sort: 'release_date',
      render: (p) => formatDate(p.release_date, lng()),
    },
    { key: 'price', labelKey: 'bo.fields.price', render: (p) => formatMoney(p.price, lng()), align: 'right' },
    {
      key: 'available_quantity',
      labelKey: 'bo.fields.availableQuantity',
      align: 'right',
      render: (p) => (
        <Text c={p.available_quantity > 0 ? undefined : 'dimmed'} size="sm">
          {p.available_quantity}
        </Text>
      ),
    },
    { key: 'available', labelKey: 'bo.fields.available', render: (p) => <YesNo value={p.available} /> },
  ],
  filters: [
    { kind: 'select', key: 'category_id', labelKey: 'bo.fields.category', useOptions: useCategoryChoices },
    {
      kind: 'select',
      key: 'subcategory_id',
      labelKey: 'bo.fields.subcategory',
      useOptions: (p) => useSubcategoriesOf(p.category_id),
    },
    { kind: 'select', key: 'brand_id', labelKey: 'bo.fields.brand', useOptions: useBrandChoices },
    {
      kind: 'select',
      key: 'available_max',
      labelKey: 'bo.productFilters.availableMax',
      useOptions: useAvailableMaxChoices,
    },
    { kind: 'date', key: 'release_from', labelKey: 'bo.productFilters.releaseFrom' },
    { kind: 'date', key: 'release_to', labelKey: 'bo.productFilters.releaseTo' },
    {
      kind: 'flags',
      labelKey: 'bo.products.flags',
      flags: [
        { key: 'in_stock', labelKey: 'bo.flags.in_stock' },
        ...PRODUCT_FLAGS.map((flag) => ({ key: flag, labelKey: `bo.flags.${flag}` as TranslationKey })),
      ],
    },
  ],
  rowKey: (p) => p.id,
  rowLink: (p) => `/backoffice/products/${encodeURIComponent(p.sku)}`,
  linkColumn: 'sku',
  createLink: '/backoffice/products/new',
  importResource: 'products',
};

/** /backoffice/products: the server-side list that stays fast at a million products (issue 3). */
export function ProductsListPage() {
  return <ListPage config={config} />;
}
