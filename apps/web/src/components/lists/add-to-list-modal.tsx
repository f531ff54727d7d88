import { Alert, Button, Divider, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddListItem } from '../../api/lists/add-list-item';
import { useAddStockAlert } from '../../api/lists/add-stock-alert';
import { useCreateList } from '../../api/lists/create-list';
import { useLists } from '../../api/lists/get-lists';
import { translateMessage } from '../../i18n/translate-message';
import { ApiError } from '../../lib/api-client';
import type { ListTarget } from './list-target';

interface AddToListModalProps {
  target: ListTarget;
  opened: boolean;
  onClose: () => void;
}

/**
 * The 'Add to list' dialog (issue 22 point 3): the customer's own lists (a colleague's shared list is
 * read-only, so not offered), a new list named here, and 'Notify me' for a product not orderable yet.
 */
export function AddToListModal({ target, opened, onClose }: AddToListModalProps) {
  const { t } = useTranslation();
  const lists = useLists(opened);
  const addItem = useAddListItem();
  const createList = useCreateList();
  const alert = useAddStockAlert();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const line = { id: target.id, isVariant: target.isVariant, quantity: target.quantity ?? 1 };
  const own = (lists.data ?? []).filter((l) => l.own);

  const fail = (cause: unknown) =>
    setError(cause instanceof ApiError ? translateMessage(cause.message) : t('lists.menu.failed'));
  const done = (listName: string) => {
    notifications.show({
      color: 'teal',
      message: t('lists.menu.added', { title: target.title, name: listName }),
    });
    onClose();
  };

  const addTo = (listId: number, listName: string) => {
    setError(null);
    addItem.mutate({ listId, line }, { onSuccess: () => done(listName), onError: fail });
  };
  const create = () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('lists.menu.nameRequired'));
    setError(null);
    createList.mutate(
      { name: trimmed, kind: 'list', products: [line] },
      {
        onSuccess: () => {
          setName('');
          done(trimmed);
        },
        onError: fail,
      },
    );
  };
  const notify = () => {
    setError(null);
    alert.mutate(target.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('lists.menu.notifyDone', { title: target.title }) });
        onClose();
      },
      onError: fail,
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('lists.menu.title')} centered>
      <Stack gap="md">
        <Text size="sm" fw={600} lineClamp={2}>
          {target.title}
        </Text>
        {!target.orderable && (
          <Alert color="blue" variant="light" icon={<IconBell size={18} aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('lists.menu.notifyHint')}</Text>
              <Button size="xs" onClick={notify} loading={alert.isPending} data-testid="notify-me">
                {t('lists.menu.notify')}
              </Button>
            </Stack>
          </Alert>
        )}
        {lists.isPending ? (
          <Group justify="center">
            <Loader size="sm" />
          </Group>
        ) : own.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('lists.menu.noLists')}
          </Text>
        ) : (
          <Stack gap={6} role="list" aria-label={t('lists.menu.yourLists')}>
            {own.map((list) => (
              <Group key={list.id} justify="space-between" wrap="nowrap" role="listitem">
                <Text size="sm" truncate flex={1} miw={0}>
                  {list.name}{' '}
                  <Text span size="xs" c="dimmed">
                    · {t('lists.lines', { count: list.lines })}
                  </Text>
                </Text>
                <Button
                  size="xs"
                  flex="none"
                  variant="light"
                  onClick={() => addTo(list.id, list.name)}
                  loading={addItem.isPending && addItem.variables?.listId === list.id}
                  aria-label={t('lists.menu.addTo', { name: list.name })}
                >
                  {t('lists.menu.add')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Divider />
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            flex={1}
            label={t('lists.menu.newList')}
            placeholder={t('lists.menu.newListPlaceholder')}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') create();
            }}
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={create}
            loading={createList.isPending}
          >
            {t('lists.menu.create')}
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
