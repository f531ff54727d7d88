import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShop } from '../../../api/get-shop';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCart } from '../../../lib/cart/cart-store';
import { useCustomer } from '../api/get-customer';
import { CheckoutView } from './checkout-view';

const completePath = (orderNo: string) => `/backoffice/checkout/complete/${encodeURIComponent(orderNo)}`;

/**
 * /backoffice/checkout: the storefront checkout for the customer chosen in the back-office cart, with
 * that customer's addresses; the order is placed for them (channel 'backoffice', set by the server).
 */
export function BackofficeCheckoutPage() {
  const { t } = useTranslation();
  usePageTitle(t('backoffice.pages.checkout'));
  const chosen = useCart().customer ?? null;
  const customer = useCustomer(chosen?.id ?? null);
  const shop = useShop();

  let body = <PageLoader />;
  if (!chosen)
    body = (
      <Alert variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="choose-customer">
        {t('backofficeCart.chooseFirst')}{' '}
        <Anchor component={Link} to="/backoffice/cart">
          {t('backoffice.pages.cart')}
        </Anchor>
      </Alert>
    );
  else if (customer.data || customer.isError)
    body = (
      <Stack gap="md">
        {customer.isError && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {t('backofficeCart.addressesUnavailable')}
          </Alert>
        )}
        <CheckoutView
          key={chosen.id}
          customerId={chosen.id}
          addresses={customer.data?.addresses ?? []}
          shopCountry={shop.data?.country ?? customer.data?.country ?? 'IT'}
          completePath={completePath}
          cartPath="/backoffice/cart"
        />
      </Stack>
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('backoffice.pages.checkout')}</Title>
        {chosen && <Text c="dimmed">{t('backofficeCart.orderingFor', { name: chosen.name })}</Text>}
      </div>
      {body}
    </Stack>
  );
}
