import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from '../components/navigation-progress';
import { TestPaymentsBanner } from '../components/test-payments-banner';

/** Above both layouts: the test-payments banner, the navigation progress bar and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <TestPaymentsBanner />
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
