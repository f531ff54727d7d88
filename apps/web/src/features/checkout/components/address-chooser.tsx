import { Badge, Paper, Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AddressType, CustomerAddress } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields';
import { lightBadgeText } from '../../../components/badge-text';
import { useLanguage } from '../../../hooks/use-language';
import { countryName } from '../../../lib/countries';
import { type AddressFormValues, NEW_ADDRESS_REQUIRED } from './address-form';

/** One of the customer's addresses, or a new one typed in. */
export type AddressSelection = { kind: 'saved'; id: number } | { kind: 'new' };

const NEW = 'new';

/**
 * The addresses offered for billing (type B) or shipping (type S): those of that type, the default
 * first (it is the one chosen at first); a customer without one of that type is offered all of theirs.
 */
export function orderedAddresses(addresses: CustomerAddress[], type: AddressType): CustomerAddress[] {
  const ofType = addresses.filter((a) => a.type === type);
  return [...(ofType.length > 0 ? ofType : addresses)].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default),
  );
}

export function defaultSelection(addresses: CustomerAddress[], type: AddressType): AddressSelection {
  const first = orderedAddresses(addresses, type)[0];
  return first ? { kind: 'saved', id: first.id } : { kind: 'new' };
}

interface AddressChooserProps {
  legend: string;
  type: AddressType;
  addresses: CustomerAddress[];
  value: AddressSelection;
  onChange: (value: AddressSelection) => void;
  form: UseFormReturnType<AddressFormValues>;
  shopCountry: string;
}

export function AddressChooser({
  legend,
  type,
  addresses,
  value,
  onChange,
  form,
  shopCountry,
}: AddressChooserProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const idPrefix = type === 'B' ? 'billing' : 'shipping';
  return (
    <Stack gap="sm">
      <Radio.Group
        label={legend}
        value={value.kind === 'new' ? NEW : String(value.id)}
        onChange={(next) => onChange(next === NEW ? { kind: 'new' } : { kind: 'saved', id: Number(next) })}
        data-testid={`${idPrefix}-addresses`}
      >
        <Stack gap="xs" mt="xs">
          {orderedAddresses(addresses, type).map((address) => {
            const name =
              [address.firstname, address.lastname].filter(Boolean).join(' ') || address.company || '';
            return (
              <Paper key={address.id} withBorder p="sm" radius="md">
                <Radio
                  value={String(address.id)}
                  label={
                    <Text span fw={600} size="sm">
                      {address.company && name !== address.company ? `${address.company} · ${name}` : name}
                      {address.is_default && address.type === type && (
                        <Badge
                          component="span"
                          ml="xs"
                          size="xs"
                          variant="light"
                          color="teal"
                          style={lightBadgeText('teal')}
                        >
                          {t('checkout.address.default')}
                        </Badge>
                      )}
                    </Text>
                  }
                  description={`${address.address}, ${address.postcode} ${address.city}${
                    address.state ? ` (${address.state})` : ''
                  }, ${countryName(address.country, lng)}`}
                />
              </Paper>
            );
          })}
          <Paper withBorder p="sm" radius="md">
            <Radio value={NEW} label={t('checkout.address.new')} />
          </Paper>
        </Stack>
      </Radio.Group>
      {value.kind === 'new' && (
        <AddressFields
          form={form}
          idPrefix={idPrefix}
          shopCountry={shopCountry}
          required={NEW_ADDRESS_REQUIRED}
        />
      )}
    </Stack>
  );
}
