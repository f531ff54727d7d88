import { MultiSelect } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../../i18n/keys';
import { useCustomerGroupChoices } from '../api/discount-rules';
import { useCustomerSearch } from '../api/price-lists';

/**
 * Who a price list (issue 20 point 4) or a coupon (point 5) applies to: customer groups (few, all listed) and customers
 * (many: searched as one types). The form holds ids; `known` names the customers the list had.
 */

type TargetValues = { customer_group_ids: number[]; customer_ids: number[] };

export function CustomerGroupsField<V extends TargetValues>({
  form,
  descriptionKey = 'bo.priceLists.customerGroupsHint',
}: {
  form: UseFormReturnType<V>;
  /** What choosing a group means here (a list's prices, a coupon's use). */
  descriptionKey?: TranslationKey;
}) {
  const { t } = useTranslation();
  const props = form.getInputProps('customer_group_ids');
  return (
    <MultiSelect
      label={t('bo.priceLists.customerGroups')}
      description={t(descriptionKey)}
      data={useCustomerGroupChoices()}
      value={(props.value as number[]).map(String)}
      onChange={(next) => form.setFieldValue('customer_group_ids', next.map(Number) as never)}
      error={props.error}
      searchable
      clearable
    />
  );
}

export function CustomersField<V extends TargetValues>({
  form,
  known,
}: {
  form: UseFormReturnType<V>;
  known: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 300);
  const found = useCustomerSearch(text);
  // the chosen customers' labels, kept while the search shows others
  const [chosen, setChosen] = useState(() => known.map((c) => ({ value: String(c.id), label: c.name })));
  const props = form.getInputProps('customer_ids');
  const value = (props.value as number[]).map(String);
  const data = [...chosen, ...found.filter((c) => !chosen.some((k) => k.value === c.value))];
  return (
    <MultiSelect
      label={t('bo.priceLists.customers')}
      description={t('bo.priceLists.customersHint')}
      data={data}
      value={value}
      onChange={(next) => {
        setChosen(data.filter((option) => next.includes(option.value)));
        form.setFieldValue('customer_ids', next.map(Number) as never);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // the server searched already: show what it found
      filter={({ options }) => options}
      error={props.error}
      searchable
      clearable
    />
  );
}
