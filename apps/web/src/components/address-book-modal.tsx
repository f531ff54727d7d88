import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ADDRESS_TYPES,
  type AddressType,
  type CustomerAddress,
  type CustomerAddressInput,
  CustomerAddressInputSchema,
} from '@shop/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message';
import { applyServerErrors, schemaForm } from '../lib/form';
import { type AddressFieldName, AddressFields } from './address-fields';

type AddressBookValues = { [K in Exclude<keyof CustomerAddress, 'id' | 'type' | 'is_default'>]: string } & {
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

function valuesOf(address: CustomerAddress | null, type: AddressType, country: string): AddressBookValues {
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

/**
 * What is being edited: an address of the book, or a new one of a type. An address the server refused
 * to make the default (a stored address lacking a required field) opens ticked, with the refusal.
 */
export type AddressEditing =
  | { address: CustomerAddress; makeDefault?: boolean; refusal?: unknown }
  | { type: AddressType };

interface AddressBookModalProps {
  editing: AddressEditing;
  /** The country a new address starts with. */
  shopCountry: string;
  /** Creates (`id` null) or updates the address; rejects with the server's refusal. */
  save: (id: number | null, input: CustomerAddressInput) => Promise<unknown>;
  /** After a save; closing is the caller's. */
  onSaved: () => void;
  onClose: () => void;
}

/**
 * An address of a customer's book in a modal, for the customer's own area and the back office alike:
 * validated by the domain schema as the server does, the server's field errors on the fields, a toast
 * once saved. The default of a type stays ticked: another address takes its place by being made the
 * default.
 */
export function AddressBookModal({ editing, shopCountry, save, onSaved, onClose }: AddressBookModalProps) {
  const { t } = useTranslation();
  const address = 'address' in editing ? editing.address : null;
  const initialValues = valuesOf(address, 'type' in editing ? editing.type : 'B', shopCountry);
  if ('makeDefault' in editing && editing.makeDefault) initialValues.is_default = true;
  const form = useForm<AddressBookValues>({ initialValues, ...schemaForm(CustomerAddressInputSchema) });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const refusal = 'refusal' in editing ? editing.refusal : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refusal is shown once, when the editor opens
  useEffect(() => {
    if (refusal) setFailure(applyServerErrors(form, refusal, FIELDS));
  }, [refusal]);
  const defaultLocked = Boolean(address?.is_default) && form.values.type === address?.type;

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    setSaving(true);
    const input: CustomerAddressInput = { ...values, is_default: values.is_default || defaultLocked };
    try {
      await save(address?.id ?? null, input);
      notifications.show({ color: 'teal', message: t('addressBook.saved') });
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
      title={t(address ? 'addressBook.editTitle' : 'addressBook.newTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {translateMessage(failure)}
            </Alert>
          )}
          <Radio.Group label={t('addressBook.type')} {...form.getInputProps('type')}>
            <Group mt="xs">
              {ADDRESS_TYPES.map((type) => (
                <Radio key={type} value={type} label={t(`addressBook.types.${type}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            {t('addressBook.nameHint')}
          </Text>
          <AddressFields
            form={form}
            idPrefix="address-book"
            shopCountry={shopCountry}
            required={REQUIRED}
            withBookFields
          />
          <Checkbox
            label={t('addressBook.isDefault')}
            description={defaultLocked ? t('addressBook.defaultLocked') : undefined}
            disabled={defaultLocked}
            {...form.getInputProps('is_default', { type: 'checkbox' })}
            checked={defaultLocked || form.values.is_default}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('addressBook.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('addressBook.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
