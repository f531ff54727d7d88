import { Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-route';
import { ImpersonationBanner } from './impersonation-banner';
import classes from './storefront.module.css';
import { StorefrontFooter } from './storefront-footer';
import { StorefrontHeader } from './storefront-header';

/** The mobile menu (a Drawer) loads the first time it is opened. */
const MobileNav = lazyComponent(
  () => import('./mobile-nav'),
  (m) => m.MobileNav,
);

/** The customer-facing shell: navbar, mobile menu, page, footer. `children` replaces the outlet (errors). */
export function StorefrontLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { pathname, search } = useLocation();

  const toggleMenu = () => {
    setMenuLoaded(true);
    menu.toggle();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the page changes
  useEffect(() => {
    menu.close();
  }, [pathname, search]);

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      <ImpersonationBanner />
      <StorefrontHeader menuOpened={menuOpened} onToggleMenu={toggleMenu} />
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileNav opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
      <Container component="main" id="main" py="xl" className={classes.main} tabIndex={-1}>
        {children ?? <Outlet />}
      </Container>
      <StorefrontFooter />
    </div>
  );
}
