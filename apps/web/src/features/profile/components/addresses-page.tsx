import { Button, Center, EmptyState, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ADDRESS_TYPES, type CustomerAddress } from '@shop/domain';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../api/get-current-user';
import { useShop } from '../../../api/get-shop';
import { AddressBookModal, type AddressEditing } from '../../../components/address-book-modal';
import { RetryState } from '../../../components/retry-state';
import { useCan } from '../../../hooks/use-can';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { loadModals } from '../../../lib/modals';
import { useCreateAddress } from '../api/create-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useUpdateAddress } from '../api/update-address';
import { AddressCard, addressSummary } from './address-card';

/** /profile/addresses (SPEC §2): the customer's billing and shipping addresses. */
export function AddressesPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.addresses'));
  const customer = useCurrentUser().data?.customer;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile.addresses')}</Title>
      {/* the route's guard has loaded a signed-in customer */}
      {customer && <AddressBook customerId={customer.id} customerCountry={customer.country} />}
    </Stack>
  );
}

function AddressBook({ customerId, customerCountry }: { customerId: number; customerCountry: string }) {
  const { t } = useTranslation();
  const addresses = useAddresses(customerId);
  const shopCountry = useShop().data?.country ?? customerCountry;
  const create = useCreateAddress(customerId);
  const update = useUpdateAddress(customerId);
  const remove = useDeleteAddress(customerId);
  const manage = useCan('manage');
  const [editing, setEditing] = useState<AddressEditing | null>(null);
  // the address a default change or deletion is being saved for
  const [busyId, setBusyId] = useState<number | null>(null);

  const setDefault = async (address: CustomerAddress) => {
    setBusyId(address.id);
    const { id, ...fields } = address;
    try {
      await update.mutateAsync({ id, input: { ...fields, is_default: true } });
      notifications.show({ color: 'teal', message: t('addressBook.defaultSet') });
    } catch (error) {
      // an address stored without a required field (a name…) must be completed first; the API client
      // has already reported any other failure
      if (error instanceof ApiError && error.status === 422) {
        setEditing({ address, makeDefault: true, refusal: error });
      }
    } finally {
      setBusyId(null);
    }
  };

  const confirmDelete = async (address: CustomerAddress) => {
    const modals = await loadModals();
    modals.openConfirmModal({
      title: t('addressBook.confirmDelete.title'),
      children: (
        <Text size="sm">{t('addressBook.confirmDelete.body', { address: addressSummary(address) })}</Text>
      ),
      labels: {
        confirm: t('addressBook.confirmDelete.confirm'),
        cancel: t('addressBook.confirmDelete.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setBusyId(address.id);
        try {
          await remove.mutateAsync(address.id);
          notifications.show({ color: 'teal', message: t('addressBook.deleted') });
        } catch {
          // the API client has already said what went wrong
        } finally {
          setBusyId(null);
        }
      },
    });
  };

  const editor = editing && (
    <AddressBookModal
      key={'address' in editing ? editing.address.id : editing.type}
      editing={editing}
      shopCountry={shopCountry}
      save={(id, input) => (id === null ? create.mutateAsync(input) : update.mutateAsync({ id, input }))}
      onSaved={() => setEditing(null)}
      onClose={() => setEditing(null)}
    />
  );

  if (addresses.isPending) {
    return (
      <Center py="xl" role="status" aria-label={t('common.loading')}>
        <Loader type="dots" />
      </Center>
    );
  }
  if (addresses.isError) {
    return <RetryState title={t('addressBook.loadError')} onRetry={() => void addresses.refetch()} />;
  }
  if (addresses.data.length === 0) {
    return (
      <>
        <EmptyState
          variant="light"
          icon={<IconMapPin aria-hidden />}
          title={t('addressBook.empty.title')}
          description={t('addressBook.empty.description')}
          py="xl"
        >
          {manage && (
            <Button
              mt="sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ type: 'B' })}
            >
              {t('addressBook.add')}
            </Button>
          )}
        </EmptyState>
        {editor}
      </>
    );
  }
  return (
    <Stack gap="xl">
      {ADDRESS_TYPES.map((type) => {
        const ofType = addresses.data.filter((a) => a.type === type);
        const headingId = `addresses-${type}`;
        return (
          <Stack key={type} gap="sm" component="section" aria-labelledby={headingId}>
            <Group justify="space-between">
              <Title order={2} size="h3" id={headingId}>
                {t(`addressBook.groups.${type}`)}
              </Title>
              {manage && (
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setEditing({ type })}
                >
                  {t(`addressBook.addOfType.${type}`)}
                </Button>
              )}
            </Group>
            {ofType.length === 0 ? (
              <Text c="dimmed">{t(`addressBook.noneOfType.${type}`)}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {ofType.map((address) => (
                  <AddressCard
                    key={address.id}
                    address={address}
                    busy={busyId === address.id}
                    onEdit={() => setEditing({ address })}
                    onSetDefault={() => void setDefault(address)}
                    onDelete={() => void confirmDelete(address)}
                    manage={manage}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        );
      })}
      {editor}
    </Stack>
  );
}
