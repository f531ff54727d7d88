import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_LINE_QUANTITY, type ShoppingList, type ShoppingListLine } from '@shop/domain';
import { IconArrowLeft, IconInfoCircle, IconShoppingCartPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { RetryState } from '../../../components/retry-state';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { loadModals } from '../../../lib/modals';
import { useDeleteList } from '../api/delete-list';
import { useList } from '../api/get-list';
import { useRemoveListItem } from '../api/remove-list-item';
import { useUpdateList } from '../api/update-list';
import { CartReport } from './cart-report';
import { LineCover } from './line-cover';
import { ListsLoading } from './list-states';
import { useAddAllToCart } from './use-add-all-to-cart';

/**
 * /profile/lists/:id (issue 22 point 3): a saved cart or shopping list, its lines and 'Add all to
 * cart' with quick order's report. The owner renames, shares, changes quantities and removes lines; a
 * colleague's shared list is read-only. Another customer's list is not found (the server answers 404).
 */
export function ListPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const list = useList(id);
  usePageTitle(list.data?.name ?? t('titles.profile.lists'));
  const back = (
    <Anchor component={Link} to="/profile/lists" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('lists.back')}
      </Group>
    </Anchor>
  );
  if (list.isPending) return <ListsLoading />;
  if (list.isError) {
    if (list.error instanceof ApiError && list.error.status === 404)
      return (
        <Stack gap="md">
          {back}
          <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="list-not-found">
            {t('lists.notFound')}
          </Alert>
        </Stack>
      );
    return <RetryState title={t('lists.loadError')} onRetry={() => void list.refetch()} />;
  }
  return (
    <Stack gap="lg">
      {back}
      <ListView list={list.data} />
    </Stack>
  );
}

function ListView({ list }: { list: ShoppingList }) {
  const { t } = useTranslation();
  const cart = useAddAllToCart();
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="sm" align="center">
          <Title order={1}>{list.name}</Title>
          <Badge variant="light" color={list.kind === 'saved_cart' ? 'grape' : 'blue'} radius="sm">
            {t(`lists.kind.${list.kind}`)}
          </Badge>
          {list.own && list.shared && (
            <Badge variant="light" color="teal" radius="sm">
              {t('lists.shared')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('lists.lines', { count: list.lines })} · {t('lists.items', { count: list.items })}
        </Text>
      </Stack>
      {!list.own && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('lists.readOnly', { email: list.owner_email })}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
          onClick={() => cart.addAll(list.id)}
          loading={cart.pendingId === list.id}
          disabled={list.products.length === 0}
          data-testid="list-add-all"
        >
          {t('lists.addAll')}
        </Button>
      </Group>
      {cart.report && <CartReport report={cart.report.report} onClose={cart.clear} />}
      {list.products.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('lists.emptyList')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="list-lines">
          {list.products.map((line) => (
            <ListLine key={`${line.id}:${line.isVariant}`} list={list} line={line} />
          ))}
        </Stack>
      )}
      {list.own && <OwnerSettings list={list} />}
    </Stack>
  );
}

function ListLine({ list, line }: { list: ShoppingList; line: ShoppingListLine }) {
  const { t } = useTranslation();
  const update = useUpdateList();
  const remove = useRemoveListItem();
  const [quantity, setQuantity] = useState<number>(line.quantity);
  useEffect(() => setQuantity(line.quantity), [line.quantity]);

  const commit = () => {
    const next = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity || 1)));
    setQuantity(next);
    if (next === line.quantity) return;
    update.mutate({
      id: list.id,
      products: list.products.map((p) => ({
        id: p.id,
        isVariant: p.isVariant,
        quantity: p === line ? next : p.quantity,
        ...(p.note ? { note: p.note } : {}),
      })),
    });
  };

  return (
    <Paper withBorder p="xs" data-testid="list-line" data-sku={line.sku}>
      <Group wrap="nowrap" gap="sm" align="center">
        <LineCover url={line.cover_url} />
        <Stack gap={2} flex={1} miw={0}>
          <Text size="sm" fw={600} lineClamp={2}>
            <Link to={`/products/${encodeURIComponent(line.sku)}`}>{line.title}</Link>
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {[line.author, line.sku].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {list.own ? (
          <>
            <NumberInput
              aria-label={t('lists.quantityOf', { title: line.title })}
              size="xs"
              w={76}
              flex="none"
              min={1}
              max={MAX_LINE_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              value={quantity}
              onChange={(value) => setQuantity(typeof value === 'number' ? value : Number(value) || 1)}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commit();
              }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('lists.remove', { title: line.title })}
              loading={remove.isPending}
              onClick={() => remove.mutate({ id: list.id, productId: line.id })}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </>
        ) : (
          <Text size="sm" fw={600} flex="none">
            × {line.quantity}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

function OwnerSettings({ list }: { list: ShoppingList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateList();
  const remove = useDeleteList();
  const company = useCurrentUser().data?.customer?.type === 'G';
  const [name, setName] = useState(list.name);
  useEffect(() => setName(list.name), [list.name]);

  const rename = () => {
    const trimmed = name.trim();
    if (!trimmed || trimmed === list.name) return;
    update.mutate(
      { id: list.id, name: trimmed },
      { onSuccess: () => notifications.show({ color: 'teal', message: t('lists.renamed') }) },
    );
  };
  const confirmDelete = async () => {
    const modals = await loadModals();
    modals.openConfirmModal({
      title: t('lists.delete'),
      children: <Text size="sm">{t('lists.deleteConfirm', { name: list.name })}</Text>,
      labels: { confirm: t('lists.delete'), cancel: t('lists.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(list.id, {
          onSuccess: () => {
            notifications.show({ message: t('lists.deleted') });
            void navigate('/profile/lists');
          },
        }),
    });
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('lists.name')}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
            miw={220}
            flex={1}
          />
          <Button
            variant="default"
            onClick={rename}
            loading={update.isPending && update.variables?.name !== undefined}
          >
            {t('lists.saveName')}
          </Button>
        </Group>
        {company && (
          <Checkbox
            label={t('lists.shareLabel')}
            description={t('lists.sharedHint')}
            checked={list.shared}
            onChange={(event) => update.mutate({ id: list.id, shared: event.currentTarget.checked })}
          />
        )}
        <Group>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void confirmDelete()}
          >
            {t('lists.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
