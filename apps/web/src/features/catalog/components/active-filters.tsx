import { Button, Group } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProductCategories } from '../../../api/get-product-categories';
import { categoryLabel, subcategoryLabel } from '../../../lib/category-labels';
import type { UpdateList } from '../hooks/use-list-state';
import {
  type ActiveFilter,
  activeFilters,
  type ListState,
  removeFilter,
  resetFilters,
} from '../utils/list-query';

interface ActiveFiltersProps {
  state: ListState;
  update: UpdateList;
}

/** The filters in force as removable chips, and 'clear all'. */
export function ActiveFilters({ state, update }: ActiveFiltersProps) {
  const { t } = useTranslation();
  const { data: categories } = useProductCategories();
  const active = activeFilters(state);
  if (active.length === 0) return null;

  const valueLabel = (field: string, value: string) => {
    if (field === 'category') return categoryLabel(t, value);
    if (field === 'subcategory') {
      const sub = categories?.flatMap((c) => c.subcategories).find((s) => s.code === value);
      return subcategoryLabel(t, value, sub?.description);
    }
    return value;
  };

  const text = (filter: ActiveFilter): string => {
    switch (filter.kind) {
      case 'q':
        return t('catalog.chips.search', { q: filter.value });
      case 'type':
        return t('catalog.chips.type', { type: t(`catalog.types.${filter.value}`) });
      case 'facet':
      case 'filterValue':
        return t('catalog.chips.field', {
          field: t(`catalog.facets.fields.${filter.field}`),
          value: valueLabel(filter.field, filter.value),
        });
      case 'list':
        return t(`catalog.filters.${filter.filter}`);
      case 'latest':
        return t('catalog.chips.latest');
      case 'upcoming':
        return t('catalog.chips.upcoming');
      case 'show_out_of_stock':
        return t('catalog.chips.showOutOfStock');
      case 'released':
        return t(`catalog.facets.released.${filter.value}`);
    }
  };

  return (
    <Group gap={6} aria-label={t('catalog.chips.label')} role="group" data-testid="active-filters">
      {active.map((filter) => {
        const label = text(filter);
        return (
          <Button
            key={`${filter.kind}:${'field' in filter ? filter.field : ''}`}
            variant="light"
            size="compact-sm"
            radius="xl"
            rightSection={<IconX size={14} aria-hidden />}
            aria-label={t('catalog.chips.remove', { filter: label })}
            onClick={() => update((current) => removeFilter(current, filter))}
            data-testid="active-filter"
          >
            {label}
          </Button>
        );
      })}
      <Button variant="subtle" size="compact-sm" onClick={() => update((current) => resetFilters(current))}>
        {t('catalog.chips.clearAll')}
      </Button>
    </Group>
  );
}
