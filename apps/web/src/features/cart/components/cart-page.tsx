import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../api/get-current-user';
import { SaveAsListButton } from '../../../components/lists/save-as-list-button';
import { usePageTitle } from '../../../hooks/use-page-title';
import { cartLineInputs } from '../../../lib/cart/cart-lines';
import { useCart } from '../../../lib/cart/cart-store';
import { CartView } from './cart-view';

/** /cart: the signed-in customer's cart. */
export function CartPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.cart'));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('titles.cart')}</Title>
        <SaveCart />
      </Group>
      <CartView checkoutPath="/checkout" quickOrderPath="/quick-order" browsePath="/products" />
    </Stack>
  );
}

/** Issue 22 point 3: the cart saved as a named list (a customer's, not staff's back-office cart). */
function SaveCart() {
  const { t } = useTranslation();
  const cart = useCart();
  const { data: user } = useCurrentUser();
  if (!user?.customer || user.is_super_admin || cart.products.length === 0) return null;
  return (
    <SaveAsListButton
      label={t('cart.saveAsList')}
      modal={{
        source: { products: cartLineInputs(cart) },
        defaultKind: 'saved_cart',
      }}
    />
  );
}
