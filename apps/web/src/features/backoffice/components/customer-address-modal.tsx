import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ADDRESS_TYPES,
  type AddressType,
  type CustomerAddress,
  type CustomerAddressInput,
  CustomerAddressInputSchema,
} from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AddressFieldName, AddressFields } from '../../../components/address-fields';
import { translateMessage } from '../../../i18n/translate-message';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { createAddress, updateAddress } from '../api/customers';
import { notifySaved } from '../scaffold/notify';

type AddressValues = { [K in Exclude<keyof CustomerAddress, 'id' | 'type' | 'is_default'>]: string } & {
  type: AddressType;
  is_default: boolean;
};

const REQUIRED: readonly AddressFieldName[] = ['address', 'postcode', 'city', 'country'];
const FIELDS = [
  'type',
  'company',
  'firstname',
  'lastname',
  'co',
  'address',
  'postcode',
  'city',
  'state',
  'country',
  'phone',
  'note',
  'is_default',
] as const;

function valuesOf(address: CustomerAddress | null, type: AddressType, country: string): AddressValues {
  return {
    type: address?.type ?? type,
    company: address?.company ?? '',
    firstname: address?.firstname ?? '',
    lastname: address?.lastname ?? '',
    co: address?.co ?? '',
    address: address?.address ?? '',
    postcode: address?.postcode ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: address?.country ?? country,
    phone: address?.phone ?? '',
    note: address?.note ?? '',
    is_default: address?.is_default ?? false,
  };
}

interface CustomerAddressModalProps {
  customerId: number;
  /** The address edited, or the type of a new one. */
  editing: { address: CustomerAddress } | { type: AddressType };
  country: string;
  onSaved: () => void;
  onClose: () => void;
}

/**
 * A customer's address in a modal (SPEC §3 Customer address): validated by the domain schema as the
 * server does, its 422s on the fields. The default of its type stays ticked: another address takes its
 * place by being made the default.
 */
export function CustomerAddressModal({
  customerId,
  editing,
  country,
  onSaved,
  onClose,
}: CustomerAddressModalProps) {
  const { t } = useTranslation();
  const address = 'address' in editing ? editing.address : null;
  const form = useForm<AddressValues>({
    initialValues: valuesOf(address, 'type' in editing ? editing.type : 'B', country),
    ...schemaForm(CustomerAddressInputSchema),
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const defaultLocked = Boolean(address?.is_default) && form.values.type === address?.type;

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setFailure(undefined);
    const input: CustomerAddressInput = { ...values, is_default: values.is_default || defaultLocked };
    try {
      if (address) await updateAddress(customerId, address.id, input);
      else await createAddress(customerId, input);
      notifySaved(t('bo.customers.addresses.saved'));
      onSaved();
    } catch (error) {
      setFailure(applyServerErrors(form, error, FIELDS));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(address ? 'bo.customers.addresses.editTitle' : 'bo.customers.addresses.newTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {translateMessage(failure)}
            </Alert>
          )}
          <SegmentedControl
            aria-label={t('bo.customers.addresses.type')}
            data={ADDRESS_TYPES.map((type) => ({
              value: type,
              label: t(`bo.customers.addresses.types.${type}`),
            }))}
            {...form.getInputProps('type')}
          />
          <AddressFields
            form={form}
            idPrefix="customer-address"
            shopCountry={country}
            required={REQUIRED}
            withBookFields
          />
          <Checkbox
            label={t('bo.customers.addresses.isDefault')}
            description={defaultLocked ? t('bo.customers.addresses.defaultLocked') : undefined}
            disabled={defaultLocked}
            {...form.getInputProps('is_default', { type: 'checkbox' })}
            checked={defaultLocked || form.values.is_default}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('bo.confirm.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('bo.detail.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
