import { ActionIcon, Button, Indicator } from '@mantine/core';
import {
  IconLayoutDashboard,
  IconListDetails,
  IconLogin,
  IconShoppingCart,
  IconShoppingCartPlus,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { userCan } from '../../../hooks/use-can';
import { useCartCount } from '../../../lib/cart/cart-store';
import { BACKOFFICE_HOME } from '../../../lib/redirect';
import { SignOutButton } from '../sign-out-button';

/**
 * Navbar account area (SPEC §2, §6): the cart with its item count for customers and visitors (the guest
 * cart), profile and quick order for customers, sign in or out; the back office and its
 * order-for-a-customer cart for admins.
 */
export function AccountActions() {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  const cartCount = useCartCount();

  if (isPending) return null;
  if (user?.is_super_admin) {
    return (
      <>
        <Button
          component={Link}
          to={BACKOFFICE_HOME}
          variant="light"
          leftSection={<IconLayoutDashboard size={16} aria-hidden />}
          visibleFrom="sm"
        >
          {t('header.backoffice')}
        </Button>
        <ActionIcon
          component={Link}
          to="/backoffice/cart"
          variant="default"
          size="lg"
          aria-label={t('header.backofficeCart')}
          title={t('header.backofficeCart')}
        >
          <IconShoppingCartPlus size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
        <SignOutButton visibleFrom="sm" />
      </>
    );
  }
  return (
    <>
      {user?.customer && (
        <>
          <ActionIcon
            component={Link}
            to="/profile"
            variant="default"
            size="lg"
            aria-label={t('header.profile')}
            title={t('header.profile')}
          >
            <IconUser size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
          {userCan(user, 'order') && (
            <ActionIcon
              component={Link}
              to="/quick-order"
              variant="default"
              size="lg"
              aria-label={t('header.quickOrder')}
              title={t('header.quickOrder')}
              visibleFrom="sm"
            >
              <IconListDetails size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          )}
        </>
      )}
      {/* visitors fill the guest cart too: /cart asks them to sign in, then merges it (SPEC §4) */}
      <Indicator label={cartCount} size={18} disabled={cartCount === 0} offset={4} data-testid="cart-count">
        <ActionIcon
          component={Link}
          to="/cart"
          variant="default"
          size="lg"
          aria-label={t('header.cartItems', { count: cartCount })}
          title={t('header.cart')}
          data-testid="cart-link"
        >
          <IconShoppingCart size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Indicator>
      {user ? (
        <SignOutButton visibleFrom="sm" />
      ) : (
        <>
          <Button component={Link} to="/register" variant="default" visibleFrom="sm">
            {t('header.signUp')}
          </Button>
          <Button component={Link} to="/sign-in" leftSection={<IconLogin size={16} aria-hidden />}>
            {t('header.signIn')}
          </Button>
        </>
      )}
    </>
  );
}
