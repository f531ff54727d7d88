import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { NotFound } from '../../components/not-found';
import { loadAccountStrings, loadReturnStrings } from '../../i18n';
import { lazyPage } from '../../lib/lazy-route';
import {
  alwaysRevalidate,
  checkoutGuard,
  redirectSignedIn,
  requireCartOwner,
  requireCustomer,
  requireUser,
} from '../guard';

/** SPEC §2 profile children, each page loaded with its route. */
const profileRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('../../features/profile/components/profile-home-page'),
      (m) => m.ProfileHomePage,
    ),
  },
  {
    path: 'orders',
    lazy: lazyPage(
      () => import('../../features/profile/components/orders-page'),
      (m) => m.OrdersPage,
    ),
  },
  {
    path: 'orders/:orderNo',
    lazy: lazyPage(
      async () => {
        const [page] = await Promise.all([
          import('../../features/profile/components/order-page'),
          loadReturnStrings(),
        ]);
        return page;
      },
      (m) => m.OrderPage,
    ),
  },
  {
    path: 'approvals',
    lazy: lazyPage(
      () => import('../../features/approvals/components/approvals-page'),
      (m) => m.ApprovalsPage,
    ),
  },
  {
    path: 'team',
    lazy: lazyPage(
      () => import('../../features/team/components/team-page'),
      (m) => m.TeamPage,
    ),
  },
  {
    path: 'order-rows',
    lazy: lazyPage(
      () => import('../../features/profile/components/order-rows-page'),
      (m) => m.OrderRowsPage,
    ),
  },
  {
    path: 'on-shipping-rows',
    lazy: lazyPage(
      () => import('../../features/profile/components/on-shipping-rows-page'),
      (m) => m.OnShippingRowsPage,
    ),
  },
  {
    path: 'delivery-notes',
    lazy: lazyPage(
      () => import('../../features/profile/components/delivery-notes-page'),
      (m) => m.DeliveryNotesPage,
    ),
  },
  {
    path: 'delivery-notes/:noteNo',
    lazy: lazyPage(
      () => import('../../features/profile/components/delivery-note-page'),
      (m) => m.DeliveryNotePage,
    ),
  },
  {
    path: 'addresses',
    lazy: lazyPage(
      () => import('../../features/profile/components/addresses-page'),
      (m) => m.AddressesPage,
    ),
  },
  {
    path: 'invoices-downloads',
    lazy: lazyPage(
      () => import('../../features/profile/components/invoices-downloads-page'),
      (m) => m.InvoicesDownloadsPage,
    ),
  },
  {
    path: 'delivery-notes-downloads',
    lazy: lazyPage(
      () => import('../../features/profile/components/delivery-notes-downloads-page'),
      (m) => m.DeliveryNotesDownloadsPage,
    ),
  },
  {
    path: 'coupons',
    lazy: lazyPage(
      () => import('../../features/profile/components/coupons-page'),
      (m) => m.CouponsPage,
    ),
  },
  {
    path: 'backorder',
    lazy: lazyPage(
      () => import('../../features/profile/components/backorder-page'),
      (m) => m.BackorderPage,
    ),
  },
  {
    path: 'lists',
    lazy: lazyPage(
      () => import('../../features/lists/components/lists-page'),
      (m) => m.ListsPage,
    ),
  },
  {
    path: 'lists/:id',
    lazy: lazyPage(
      () => import('../../features/lists/components/list-page'),
      (m) => m.ListPage,
    ),
  },
];

/**
 * /products: the list's data starts loading with the route match, in parallel with the page's chunk
 * (the loader resolves at once and never fails the navigation).
 */
function prefetchProductList({ request }: LoaderFunctionArgs) {
  const searchParams = new URL(request.url).searchParams;
  void import('../../features/catalog/api/prefetch-product-list').then(
    (m) => m.prefetchProductList(searchParams),
    () => undefined,
  );
  return null;
}

/** SPEC §2 storefront routes, rendered inside the storefront layout. */
export const storefrontRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./home-route'),
      (m) => m.HomeRoute,
    ),
  },
  {
    path: 'sign-in',
    loader: redirectSignedIn,
    lazy: lazyPage(
      () => import('../../features/auth/components/sign-in-page'),
      (m) => m.SignInPage,
    ),
  },
  {
    path: 'register',
    loader: redirectSignedIn,
    lazy: lazyPage(
      async () => {
        const [page] = await Promise.all([
          import('../../features/auth/components/register-page'),
          // The form's labels are the profile's ('My data'), in the customer area's strings.
          loadAccountStrings(),
        ]);
        return page;
      },
      (m) => m.RegisterPage,
    ),
  },
  {
    path: 'about',
    lazy: lazyPage(
      () => import('../../features/about/components/about-page'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: 'checkout',
    loader: checkoutGuard,
    shouldRevalidate: alwaysRevalidate,
    lazy: lazyPage(
      () => import('../../features/checkout/components/checkout-page'),
      (m) => m.CheckoutPage,
    ),
  },
  {
    path: 'forgot-password',
    lazy: lazyPage(
      () => import('../../features/auth/components/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: 'reset-password/:token',
    lazy: lazyPage(
      () => import('../../features/auth/components/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: 'new-campaign',
    lazy: lazyPage(
      () => import('../../features/campaigns/components/campaigns-page'),
      (m) => m.NewCampaignsPage,
    ),
  },
  {
    path: 'campaigns',
    lazy: lazyPage(
      () => import('../../features/campaigns/components/campaigns-page'),
      (m) => m.CampaignsPage,
    ),
  },
  {
    loader: requireUser,
    shouldRevalidate: alwaysRevalidate,
    children: [
      {
        path: 'cart',
        loader: requireCartOwner('/backoffice/cart'),
        lazy: lazyPage(
          () => import('../../features/cart/components/cart-page'),
          (m) => m.CartPage,
        ),
      },
      {
        path: 'quick-order',
        loader: requireCartOwner('/backoffice/quick-order'),
        lazy: lazyPage(
          () => import('../../features/cart/components/quick-order-page'),
          (m) => m.QuickOrderPage,
        ),
      },
      {
        path: 'checkout/complete/:orderNo',
        lazy: lazyPage(
          () => import('../../features/checkout/components/order-complete-page'),
          (m) => m.OrderCompletePage,
        ),
      },
      {
        path: 'products',
        loader: prefetchProductList,
        lazy: lazyPage(
          () => import('../../features/catalog/components/product-list-page'),
          (m) => m.ProductListPage,
        ),
      },
      {
        path: 'products/:sku',
        lazy: lazyPage(
          () => import('../../features/catalog/components/product-detail-page'),
          (m) => m.ProductDetailPage,
        ),
      },
    ],
  },
  {
    path: 'profile',
    loader: requireCustomer,
    shouldRevalidate: alwaysRevalidate,
    lazy: lazyPage(
      async () => {
        const [layout] = await Promise.all([
          import('../../features/profile/components/profile-layout'),
          loadAccountStrings(),
        ]);
        return layout;
      },
      (m) => m.ProfileLayout,
    ),
    children: profileRoutes,
  },
  { path: '*', element: <NotFound /> },
];
