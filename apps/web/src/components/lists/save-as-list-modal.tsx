import { Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CartLineInput, ShoppingListKind } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-current-user';
import { useCreateList } from '../../api/lists/create-list';
import { useLanguage } from '../../hooks/use-language';
import { translateMessage } from '../../i18n/translate-message';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';

interface SaveAsListModalProps {
  opened: boolean;
  onClose: () => void;
  /** The cart's lines, or the order whose rows become the list. */
  source: { products: CartLineInput[] } | { orderNo: string };
  defaultKind: ShoppingListKind;
}

/**
 * Saves the cart or an order as a named saved cart or shopping list (issue 22 point 3), optionally
 * shared with the other users of the customer's company (they see it read-only).
 */
export function SaveAsListModal({ opened, onClose, source, defaultKind }: SaveAsListModalProps) {
  const { t } = useTranslation();
  const create = useCreateList();
  const { data: user } = useCurrentUser();
  const lng = useLanguage();
  const [name, setName] = useState(() =>
    'orderNo' in source
      ? t('lists.save.orderName', { orderNo: source.orderNo })
      : t('lists.save.cartName', { date: formatDate(new Date(), lng) }),
  );
  const [kind, setKind] = useState<ShoppingListKind>(defaultKind);
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const company = user?.customer?.type === 'G';

  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('lists.menu.nameRequired'));
    setError(null);
    create.mutate(
      {
        name: trimmed,
        kind,
        shared,
        ...('orderNo' in source ? { order_no: source.orderNo } : { products: source.products }),
      },
      {
        onSuccess: (list) => {
          // the notifications render outside the router: a plain message, the lists are in the profile
          notifications.show({ color: 'teal', message: t('lists.save.saved', { name: list.name }) });
          onClose();
        },
        onError: (cause) =>
          setError(cause instanceof ApiError ? translateMessage(cause.message) : t('lists.menu.failed')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('lists.save.title')} centered>
      <Stack gap="md">
        <TextInput
          label={t('lists.name')}
          value={name}
          maxLength={100}
          data-autofocus
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="save-list-kind">
            {t('lists.save.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="save-list-kind"
            value={kind}
            onChange={(value) => setKind(value as ShoppingListKind)}
            data={[
              { value: 'saved_cart', label: t('lists.kind.saved_cart') },
              { value: 'list', label: t('lists.kind.list') },
            ]}
          />
        </Stack>
        {company && (
          <Checkbox
            label={t('lists.shareLabel')}
            description={t('lists.sharedHint')}
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('lists.cancel')}
          </Button>
          <Button onClick={save} loading={create.isPending} data-testid="save-list">
            {t('lists.save.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
