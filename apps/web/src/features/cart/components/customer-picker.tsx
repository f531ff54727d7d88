import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartCustomer } from '../../../lib/cart/cart-lines';
import { type CustomerChoice, useCustomerSearch } from '../api/search-customers';

/** A customer as the picker names them: company, else first and last name; with the e-mail. */
export function customerName(customer: CustomerChoice): string {
  const person = [customer.firstname, customer.lastname].filter(Boolean).join(' ');
  return customer.company || person || customer.email;
}

interface CustomerPickerProps {
  value: CartCustomer | null;
  onChange: (customer: CartCustomer | null) => void;
}

/** Back-office cart: the customer the administrator orders for, searched by name, company or e-mail. */
export function CustomerPicker({ value, onChange }: CustomerPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // once a customer is chosen the field shows their name: that is no search
  const [text] = useDebouncedValue(value && search === value.name ? '' : search.trim(), 250);
  const customers = useCustomerSearch(text);

  const options = (customers.data?.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${customerName(c)} — ${c.email}`,
  }));
  if (value && !options.some((o) => o.value === String(value.id)))
    options.unshift({ value: String(value.id), label: value.name });

  return (
    <Select
      label={t('backofficeCart.customer')}
      placeholder={t('backofficeCart.customerPlaceholder')}
      searchable
      clearable
      nothingFoundMessage={customers.isFetching ? t('common.loading') : t('backofficeCart.noCustomers')}
      data={options}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      // the server filters: every option it returns is shown
      filter={({ options: all }) => all}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={customers.isFetching ? <Loader size="xs" /> : undefined}
      onChange={(id) => {
        const chosen = customers.data?.data.find((c) => String(c.id) === id);
        if (!id) onChange(null);
        else if (chosen) onChange({ id: chosen.id, name: `${customerName(chosen)} — ${chosen.email}` });
      }}
      maw={520}
      data-testid="customer-picker"
    />
  );
}
