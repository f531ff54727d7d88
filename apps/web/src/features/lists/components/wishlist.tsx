import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { formatDate } from '../../../lib/format';
import { useRemoveStockAlert, useWishlist } from '../api/get-wishlist';
import { LineCover } from './line-cover';
import { ListEmptyState, ListsLoading } from './list-states';

/** The wishlist of coming releases: each product waiting for stock or pre-orders, or already mailed. */
export function Wishlist() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const wishlist = useWishlist();
  const remove = useRemoveStockAlert();
  if (wishlist.isPending) return <ListsLoading />;
  if (wishlist.isError)
    return <RetryState title={t('lists.loadError')} onRetry={() => void wishlist.refetch()} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('lists.wishlist.lead')}
      </Text>
      {wishlist.data.length === 0 ? (
        <ListEmptyState icon={<IconBell aria-hidden />} title={t('lists.wishlist.empty')} />
      ) : (
        <Stack gap="xs" data-testid="wishlist">
          {wishlist.data.map((item) => (
            <Paper key={item.product_id} withBorder p="xs" data-testid="wishlist-item">
              <Group wrap="nowrap" gap="sm" align="center">
                <LineCover url={item.cover_url} />
                <Stack gap={2} flex={1} miw={0}>
                  <Text size="sm" fw={600} lineClamp={2}>
                    <Link to={`/products/${encodeURIComponent(item.sku)}`}>{item.title}</Link>
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {[item.author, item.sku].filter(Boolean).join(' · ')}
                    {item.release_date
                      ? ` · ${t('lists.wishlist.release', { date: formatDate(item.release_date, lng) })}`
                      : ''}
                  </Text>
                  <Group gap="xs">
                    <Badge size="sm" radius="sm" variant="light" color={item.notified_at ? 'teal' : 'blue'}>
                      {item.notified_at
                        ? t('lists.wishlist.notified', { date: formatDate(item.notified_at, lng) })
                        : t('lists.wishlist.waiting')}
                    </Badge>
                  </Group>
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('lists.wishlist.remove', { title: item.title })}
                  loading={remove.isPending && remove.variables === item.product_id}
                  onClick={() =>
                    remove.mutate(item.product_id, {
                      onSuccess: () => notifications.show({ message: t('lists.wishlist.removed') }),
                    })
                  }
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
