import { Button, Group, NumberInput, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { BackofficeProductRow } from '@shop/domain';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderEditKeys, searchProducts } from '../api/order-edit';

export type PickedProduct = Pick<BackofficeProductRow, 'id' | 'sku' | 'description'>;

const MIN_SEARCH = 2;
const optionLabel = (p: PickedProduct) => `${p.sku} · ${p.description}`;

/**
 * Picks a product for a new order row: a search by SKU or title over the back office's products
 * (products sold by variant cannot be picked themselves), a quantity, and Add.
 */
export function ProductPicker({ onPick }: { onPick: (product: PickedProduct, quantity: number) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<PickedProduct | null>(null);
  const [quantity, setQuantity] = useState<number | ''>(1);
  const enabled = q.length >= MIN_SEARCH && (!picked || q !== optionLabel(picked));
  const results = useQuery({
    queryKey: orderEditKeys.productSearch(q),
    queryFn: ({ signal }) => searchProducts(q, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const found = enabled ? (results.data?.data ?? []) : [];
  const options = [
    ...(picked ? [{ value: String(picked.id), label: optionLabel(picked) }] : []),
    ...found
      .filter((p) => p.id !== picked?.id)
      .map((p) => ({
        value: String(p.id),
        label: p.has_variants ? `${optionLabel(p)} (${t('bo.orderEdit.hasVariants')})` : optionLabel(p),
        disabled: p.has_variants,
      })),
  ];

  const add = () => {
    if (!picked || quantity === '' || quantity < 1) return;
    onPick(picked, quantity);
    setPicked(null);
    setSearch('');
    setQuantity(1);
  };

  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('bo.orderEdit.product')}
        placeholder={t('bo.orderEdit.productPlaceholder')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={options}
        value={picked ? String(picked.id) : null}
        onChange={(value) => setPicked(found.find((p) => String(p.id) === value) ?? null)}
        filter={({ options: all }) => all}
        nothingFoundMessage={
          q.length < MIN_SEARCH
            ? undefined
            : results.isFetching
              ? t('bo.orderEdit.searching')
              : t('bo.orderEdit.noProducts')
        }
        miw={360}
      />
      <NumberInput
        label={t('bo.orderEdit.quantity')}
        value={quantity}
        onChange={(value) => setQuantity(value === '' ? '' : Number(value))}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        w={110}
      />
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={!picked || quantity === '' || quantity < 1}
        onClick={add}
      >
        {t('bo.orderEdit.add')}
      </Button>
    </Group>
  );
}
