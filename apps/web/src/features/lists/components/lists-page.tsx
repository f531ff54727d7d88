import { Badge, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ShoppingListSummary } from '@shop/domain';
import { IconBell, IconList, IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLists } from '../../../api/lists/get-lists';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { formatDate } from '../../../lib/format';
import { CartReport } from './cart-report';
import { ListEmptyState, ListsLoading } from './list-states';
import { useAddAllToCart } from './use-add-all-to-cart';
import { Wishlist } from './wishlist';

/**
 * /profile/lists (issue 22 point 3): the customer's saved carts and shopping lists with those his
 * colleagues share, each added to the cart in one click; the 'Notify me' tab holds his wishlist.
 */
export function ListsPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.lists'));
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'wishlist' ? 'wishlist' : 'lists';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('titles.profile.lists')}</Title>
        <Text c="dimmed" size="sm">
          {t('lists.lead')}
        </Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'wishlist' ? { tab: 'wishlist' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="lists" leftSection={<IconList size={16} aria-hidden />}>
            {t('lists.tabs.lists')}
          </Tabs.Tab>
          <Tabs.Tab value="wishlist" leftSection={<IconBell size={16} aria-hidden />}>
            {t('lists.tabs.wishlist')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lists" pt="lg">
          <Lists />
        </Tabs.Panel>
        <Tabs.Panel value="wishlist" pt="lg">
          <Wishlist />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Lists() {
  const { t } = useTranslation();
  const lists = useLists();
  const cart = useAddAllToCart();
  if (lists.isPending) return <ListsLoading />;
  if (lists.isError) return <RetryState title={t('lists.loadError')} onRetry={() => void lists.refetch()} />;
  if (lists.data.length === 0)
    return <ListEmptyState icon={<IconList aria-hidden />} title={t('lists.empty')} />;
  return (
    <Stack gap="md">
      {cart.report && <CartReport report={cart.report.report} onClose={cart.clear} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {lists.data.map((list) => (
          <ListCard
            key={list.id}
            list={list}
            onAddAll={() => cart.addAll(list.id)}
            adding={cart.pendingId === list.id}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ListCard({
  list,
  onAddAll,
  adding,
}: {
  list: ShoppingListSummary;
  onAddAll: () => void;
  adding: boolean;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Card withBorder padding="md" component="article" aria-label={list.name} data-testid="list-card">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} component="h2" m={0} size="md" lineClamp={2}>
            <Link to={`/profile/lists/${list.id}`}>{list.name}</Link>
          </Text>
          <Badge
            variant="light"
            color={list.kind === 'saved_cart' ? 'grape' : 'blue'}
            radius="sm"
            flex="none"
          >
            {t(`lists.kind.${list.kind}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('lists.lines', { count: list.lines })} · {t('lists.items', { count: list.items })}
        </Text>
        <Text size="xs" c="dimmed">
          {list.own
            ? list.shared
              ? `${t('lists.shared')} · ${t('lists.updated', { date: formatDate(list.updated_at, lng) })}`
              : t('lists.updated', { date: formatDate(list.updated_at, lng) })
            : t('lists.sharedBy', { email: list.owner_email })}
        </Text>
        <Group gap="xs" mt="auto" pt="xs">
          <Button
            size="xs"
            leftSection={<IconShoppingCartPlus size={14} aria-hidden />}
            onClick={onAddAll}
            loading={adding}
            disabled={list.lines === 0}
            data-testid="list-add-all"
          >
            {t('lists.addAll')}
          </Button>
          <Button size="xs" variant="default" component={Link} to={`/profile/lists/${list.id}`}>
            {t('lists.open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
