import { ActionIcon, Button, Indicator } from '@mantine/core';
import {
  IconLayoutDashboard,
  IconLogin,
  IconShoppingCart,
  IconShoppingCartPlus,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { useCartCount } from '../../../lib/cart-count';
import { BACKOFFICE_HOME } from '../../../lib/redirect';
import { SignOutButton } from '../sign-out-button';

/**
 * Navbar account area (SPEC §2, §6): sign in for visitors; profile and cart (with its item count) for
 * customers; the back office and its order-for-a-customer cart for admins; sign out for both.
 */
export function AccountActions() {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  const cartCount = useCartCount();

  if (isPending) return null;
  if (!user) {
    return (
      <Button component={Link} to="/sign-in" leftSection={<IconLogin size={16} aria-hidden />}>
        {t('header.signIn')}
      </Button>
    );
  }
  if (user.is_super_admin) {
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
      {user.customer && (
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
          <Indicator
            label={cartCount}
            size={18}
            disabled={cartCount === 0}
            offset={4}
            data-testid="cart-count"
          >
            <ActionIcon
              component={Link}
              to="/cart"
              variant="default"
              size="lg"
              aria-label={t('header.cart')}
              title={t('header.cart')}
            >
              <IconShoppingCart size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Indicator>
        </>
      )}
      <SignOutButton visibleFrom="sm" />
    </>
  );
}
