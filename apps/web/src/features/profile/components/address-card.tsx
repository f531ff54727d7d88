import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { CustomerAddress } from '@shop/domain';
import { IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lightBadgeText } from '../../../components/badge-text';
import { useLanguage } from '../../../hooks/use-language';
import { countryName } from '../../../lib/countries';

/** 'Via Roma 1, 20100 Milano': how a confirmation or a screen reader names the address. */
export function addressSummary(address: CustomerAddress): string {
  return `${address.address}, ${address.postcode} ${address.city}`;
}

interface AddressCardProps {
  address: CustomerAddress;
  /** True while a change to this address is being saved. */
  busy: boolean;
  onEdit: () => void;
  onSetDefault: () => void;
  onDelete: () => void;
  /** False for a role that may not manage the customer's data (issue 19): no buttons. */
  manage: boolean;
}

/** One address of the book: who, where, the default badge and what can be done with it. */
export function AddressCard({ address, busy, onEdit, onSetDefault, onDelete, manage }: AddressCardProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const person = [address.firstname, address.lastname].filter(Boolean).join(' ');
  const summary = addressSummary(address);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={summary} h="100%">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={2}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={600}>{address.company || person}</Text>
            {address.is_default && (
              <Badge variant="light" color="teal" style={lightBadgeText('teal')}>
                {t('addressBook.default')}
              </Badge>
            )}
          </Group>
          {address.company && person && <Text size="sm">{person}</Text>}
          {address.co && <Text size="sm">{t('addressBook.co', { co: address.co })}</Text>}
          <Text size="sm">{address.address}</Text>
          <Text size="sm">
            {`${address.postcode} ${address.city}${address.state ? ` (${address.state})` : ''}`}
          </Text>
          <Text size="sm">{countryName(address.country, lng)}</Text>
          {address.phone && <Text size="sm">{t('addressBook.phone', { phone: address.phone })}</Text>}
          {address.note && (
            <Text size="sm" c="dimmed" fs="italic">
              {address.note}
            </Text>
          )}
        </Stack>
        {manage && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-label={t('addressBook.editLabel', { address: summary })}
              onClick={onEdit}
              disabled={busy}
            >
              {t('addressBook.edit')}
            </Button>
            {!address.is_default && (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconStar size={14} aria-hidden />}
                aria-label={t('addressBook.setDefaultLabel', { address: summary })}
                onClick={onSetDefault}
                loading={busy}
              >
                {t('addressBook.setDefault')}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={t('addressBook.deleteLabel', { address: summary })}
              onClick={onDelete}
              disabled={busy}
            >
              {t('addressBook.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
