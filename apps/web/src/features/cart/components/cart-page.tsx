import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../hooks/use-page-title';
import { CartView } from './cart-view';

/** /cart: the signed-in customer's cart. */
export function CartPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.cart'));
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.cart')}</Title>
      <CartView checkoutPath="/checkout" quickOrderPath="/quick-order" browsePath="/products" />
    </Stack>
  );
}
