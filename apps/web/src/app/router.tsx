import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { PageLoader } from '../components/page-loader';
import { loadBackofficeStrings } from '../i18n';
import { lazyPage } from '../lib/lazy-route';
import { alwaysRevalidate, loadUser, requireAdmin } from './guard';
import { StorefrontLayout } from './layouts/storefront/storefront-layout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { backofficeRoutes } from './routes/backoffice-routes';
import { storefrontRoutes } from './routes/storefront-routes';

/**
 * The whole route table (SPEC §2). Pages are lazy chunks; the back office (layout and pages) loads
 * only under /backoffice and never ships in the storefront's entry chunk.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: loadUser,
    shouldRevalidate: alwaysRevalidate,
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError standalone />,
    children: [
      {
        Component: StorefrontLayout,
        children: [{ errorElement: <RouteError />, children: storefrontRoutes }],
      },
      {
        // The first run (issue 18), outside both layouts: the database has no shop yet.
        path: 'setup',
        lazy: lazyPage(
          () => import('../features/setup/components/setup-page'),
          (m) => m.SetupPage,
        ),
      },
      {
        path: 'backoffice',
        loader: requireAdmin,
        shouldRevalidate: alwaysRevalidate,
        lazy: lazyPage(
          async () => {
            const [layout] = await Promise.all([
              import('./layouts/backoffice/backoffice-layout'),
              loadBackofficeStrings(),
            ]);
            return layout;
          },
          (m) => m.BackofficeLayout,
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              {
                index: true,
                lazy: lazyPage(
                  () => import('../features/backoffice/dashboard/components/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              ...backofficeRoutes,
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
