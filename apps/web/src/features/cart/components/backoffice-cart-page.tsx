import { Alert, Paper, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../hooks/use-page-title';
import { setCartCustomer, useCart } from '../../../lib/cart/cart-store';
import { CartView } from './cart-view';
import { CustomerPicker } from './customer-picker';

/**
 * /backoffice/cart (SPEC §1, §2): an administrator fills a cart for a customer chosen here; everything
 * is priced as that customer. The choice is kept with the back-office cart.
 */
export function BackofficeCartPage() {
  const { t } = useTranslation();
  usePageTitle(t('backoffice.pages.cart'));
  const cart = useCart();
  const customer = cart.customer ?? null;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('backoffice.pages.cart')}</Title>
      <Paper withBorder p="md">
        <CustomerPicker value={customer} onChange={setCartCustomer} />
      </Paper>
      {!customer && (
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="choose-customer">
          {t('backofficeCart.chooseFirst')}
        </Alert>
      )}
      <CartView
        customerId={customer?.id ?? null}
        checkoutPath="/backoffice/checkout"
        quickOrderPath="/backoffice/quick-order"
      />
    </Stack>
  );
}
