import { Group, NativeSelect, Text } from '@mantine/core';
import type { ProductSort } from '@shop/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpdateList } from '../hooks/use-list-state';
import { type ListState, SORT_OPTIONS, sortValue, withSort } from '../utils/list-query';

/** SPEC §2 sort options, each ascending and descending. */
export function SortSelect({ state, update }: { state: ListState; update: UpdateList }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Group gap={8} wrap="nowrap">
      <Text component="label" htmlFor={id} size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('catalog.sort.label')}
      </Text>
      <NativeSelect
        id={id}
        size="sm"
        value={sortValue(state)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          update((current) => withSort(current, value));
        }}
        data={[
          { value: '', label: t('catalog.sort.default') },
          ...SORT_OPTIONS.map((option) => {
            const [sort, dir] = option.split(':') as [ProductSort, 'asc' | 'desc'];
            return {
              value: option,
              label: t(`catalog.sort.${dir}`, { field: t(`catalog.sort.fields.${sort}`) }),
            };
          }),
        ]}
        data-testid="sort-select"
      />
    </Group>
  );
}
