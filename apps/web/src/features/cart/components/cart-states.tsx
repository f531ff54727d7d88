import { Button, EmptyState, Group } from '@mantine/core';
import { IconAlertTriangle, IconListDetails, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An empty cart: the way to the catalogue (storefront) and to quick order. */
export function CartEmpty({ browsePath, quickOrderPath }: { browsePath?: string; quickOrderPath: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      variant="light"
      icon={<IconShoppingCart aria-hidden />}
      title={t('cart.empty.title')}
      description={browsePath ? t('cart.empty.description') : t('cart.empty.byCode')}
      py="xl"
      data-testid="cart-empty"
    >
      <Group justify="center" mt="sm">
        {browsePath && (
          <Button component={Link} to={browsePath}>
            {t('cart.empty.browse')}
          </Button>
        )}
        <Button
          component={Link}
          to={quickOrderPath}
          variant={browsePath ? 'default' : 'filled'}
          leftSection={<IconListDetails size={16} aria-hidden />}
        >
          {t('cart.quickOrder')}
        </Button>
      </Group>
    </EmptyState>
  );
}

export function CartError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      variant="light"
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('cart.error.title')}
      description={t('cart.error.description')}
      py="xl"
      role="alert"
    >
      <Button mt="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}
