import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../api/get-current-user';
import { useShop } from '../../../api/get-shop';
import { NotFound } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { CannotOrderNotice } from '../../../components/role-notice';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { userCan } from '../../../hooks/use-can';
import { usePageTitle } from '../../../hooks/use-page-title';
import { CheckoutView } from './checkout-view';

const completePath = (orderNo: string) => `/checkout/complete/${encodeURIComponent(orderNo)}`;

/**
 * /checkout: the signed-in customer's checkout with their own addresses. SPEC §2: the guard does not
 * enforce login here, so a visitor is asked to sign in and comes back.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.checkout'));
  const { data: user, isPending } = useCurrentUser();
  const shop = useShop();

  let body = <PageLoader />;
  if (!isPending && !user) body = <SignInPrompt redirect="/checkout" title={t('checkout.signIn')} />;
  else if (user && !user.customer) body = <NotFound />;
  else if (!userCan(user, 'order')) body = <CannotOrderNotice />;
  else if (user?.customer)
    body = (
      <CheckoutView
        addresses={user.customer.addresses}
        shopCountry={shop.data?.country ?? user.customer.country}
        completePath={completePath}
        cartPath="/cart"
        orderingBlocked={user.ordering_blocked}
      />
    );

  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.checkout')}</Title>
      {body}
    </Stack>
  );
}
