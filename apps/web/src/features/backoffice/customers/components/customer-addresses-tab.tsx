import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ADDRESS_TYPES, type Customer, type CustomerAddress } from '@shop/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressBookModal, type AddressEditing } from '../../../../components/address-book-modal';
import { useLanguage } from '../../../../hooks/use-language';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { countryName } from '../../../../lib/countries';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import { createAddress, customerKeys, deleteAddress, updateAddress } from '../api/customers';

/** The address's one-line summary: street, postcode and city. */
function oneLine(a: CustomerAddress): string {
  return `${a.address}, ${a.postcode} ${a.city}`;
}

function AddressCard({
  address,
  onEdit,
  onChanged,
  customerId,
}: {
  address: CustomerAddress;
  onEdit: () => void;
  onChanged: () => void;
  customerId: number;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [busy, setBusy] = useState(false);
  const name = address.company || [address.firstname, address.lastname].filter(Boolean).join(' ');

  async function run(action: () => Promise<unknown>, message: string) {
    setBusy(true);
    try {
      await action();
      notifySaved(message);
      onChanged();
    } catch (error) {
      // A refusal (an old address lacking a required field cannot be the default): say why; edit it first.
      if (error instanceof ApiError && error.status === 422) {
        notifications.show({ color: 'red', message: translateMessage(error.message) });
      }
    } finally {
      setBusy(false);
    }
  }

  const makeDefault = () => {
    const { id: _, ...input } = address;
    return run(
      () => updateAddress(customerId, address.id, { ...input, is_default: true }),
      t('bo.customers.addresses.madeDefault'),
    );
  };
  const remove = async () => {
    if (!(await confirmDeletion(t('bo.customers.addresses.what', { address: oneLine(address) })))) return;
    await run(() => deleteAddress(customerId, address.id), t('bo.customers.addresses.deleted'));
  };

  return (
    <Card withBorder padding="md" component="article" aria-label={oneLine(address)}>
      <Stack gap={4}>
        <Group gap="xs">
          <Badge variant="light">{t(`bo.customers.addresses.types.${address.type}`)}</Badge>
          {address.is_default && (
            <Badge variant="filled" color="teal">
              {t('bo.customers.addresses.default')}
            </Badge>
          )}
        </Group>
        {name && <Text fw={600}>{name}</Text>}
        {address.co && <Text size="sm">c/o {address.co}</Text>}
        <Text size="sm">{address.address}</Text>
        <Text size="sm">
          {address.postcode} {address.city}
          {address.state ? ` (${address.state})` : ''} – {countryName(address.country, lng)}
        </Text>
        {address.phone && <Text size="sm">{address.phone}</Text>}
        {address.note && (
          <Text size="sm" c="dimmed">
            {address.note}
          </Text>
        )}
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="default" onClick={onEdit} disabled={busy}>
            {t('bo.edit')}
          </Button>
          {!address.is_default && (
            <Button size="xs" variant="light" onClick={() => void makeDefault()} loading={busy}>
              {t('bo.customers.addresses.makeDefault')}
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={() => void remove()} disabled={busy}>
            {t('bo.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The customer-addresses tab (SPEC §2, §3 Customer address): billing (B) and shipping (S) addresses,
 * each type with its default, through the address book's routes: add, edit, delete (confirmed) and
 * make default.
 */
export function CustomerAddressesTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AddressEditing | null>(null);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: customerKeys.detail(String(customer.id)) });

  return (
    <Stack gap="lg">
      <Group gap="sm">
        {ADDRESS_TYPES.map((type) => (
          <Button
            key={type}
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ type })}
          >
            {t(`bo.customers.addresses.add${type}`)}
          </Button>
        ))}
      </Group>
      {customer.addresses.length === 0 ? (
        <Alert variant="light" title={t('bo.customers.addresses.empty')}>
          {t('bo.customers.addresses.emptyHint')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {customer.addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              customerId={customer.id}
              onEdit={() => setEditing({ address })}
              onChanged={refresh}
            />
          ))}
        </SimpleGrid>
      )}
      {editing && (
        <AddressBookModal
          editing={editing}
          shopCountry={customer.country}
          save={(id, input) =>
            id === null ? createAddress(customer.id, input) : updateAddress(customer.id, id, input)
          }
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
