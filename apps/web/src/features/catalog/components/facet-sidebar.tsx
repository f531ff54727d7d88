import { Divider, Radio, Stack, Switch, Text } from '@mantine/core';
import { type Category, FACET_FIELDS, type FacetField, RELEASED_WITHIN } from '@shop/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useProductCategories } from '../../../api/get-product-categories';
import { categoryLabel, subcategoryLabel } from '../../../lib/category-labels';
import { useProductFacets } from '../api/get-product-facets';
import type { UpdateList } from '../hooks/use-list-state';
import { type ListState, toggleFacet, updateList } from '../utils/list-query';
import { FacetGroup, type FacetValue } from './facet-group';

interface FacetSidebarProps {
  state: ListState;
  update: UpdateList;
}

function facetLabel(
  t: TFunction,
  field: FacetField,
  value: string,
  categories: Category[] | undefined,
): string {
  if (field === 'category') {
    return categoryLabel(t, value, categories?.find((c) => c.code === value)?.description);
  }
  if (field === 'subcategory') {
    const sub = categories?.flatMap((c) => c.subcategories).find((s) => s.code === value);
    return subcategoryLabel(t, value, sub?.description);
  }
  return value;
}

type Released = (typeof RELEASED_WITHIN)[number];

/**
 * The SPEC §2 filters: 'show out of stock', released within the last week / month / three months, and
 * every facet (label, category, subcategory, author, area, support, distribution, genre) with counts.
 */
export function FacetSidebar({ state, update }: FacetSidebarProps) {
  const { t } = useTranslation();
  const facets = useProductFacets(state);
  const { data: categories } = useProductCategories();

  const valuesOf = (field: FacetField): FacetValue[] =>
    (facets.data?.facets[field] ?? []).map((item) => ({
      value: item.value,
      count: item.count,
      label: facetLabel(t, field, item.value, categories),
    }));

  return (
    <Stack gap="lg" data-testid="facets">
      <Switch
        label={t('catalog.facets.showOutOfStock')}
        checked={Boolean(state.show_out_of_stock)}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          update((current) => updateList(current, { show_out_of_stock: checked || undefined }));
        }}
      />
      <Radio.Group
        label={t('catalog.facets.released.label')}
        value={state.released ?? ''}
        onChange={(value) => {
          const released = (RELEASED_WITHIN as readonly string[]).includes(value)
            ? (value as Released)
            : undefined;
          update((current) => updateList(current, { released }));
        }}
      >
        <Stack gap={6} mt={6}>
          <Radio value="" label={t('catalog.facets.released.any')} />
          {RELEASED_WITHIN.map((value) => (
            <Radio key={value} value={value} label={t(`catalog.facets.released.${value}`)} />
          ))}
        </Stack>
      </Radio.Group>
      <Divider />
      {facets.isError && !facets.data && (
        <Text size="sm" c="dimmed" role="alert">
          {t('catalog.facets.loadError')}
        </Text>
      )}
      {FACET_FIELDS.map((field) => (
        <FacetGroup
          key={field}
          field={field}
          values={valuesOf(field)}
          active={state[field]}
          loading={facets.isPending}
          onToggle={(value) => update((current) => toggleFacet(current, field, value))}
        />
      ))}
    </Stack>
  );
}
