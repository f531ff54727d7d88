import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { NotFound } from '../../components/not-found';
import { lazyPage } from '../../lib/lazy-route';
import {
  alwaysRevalidate,
  checkoutGuard,
  redirectSignedIn,
  requireCartOwner,
  requireCustomer,
  requireUser,
} from '../guard';

/** SPEC §2 profile children, each a placeholder until the profile issue lands. */
const profileRoutes: RouteObject[] = [
  { index: true, element: <ComingSoon titleKey="titles.profile.home" /> },
  { path: 'orders', element: <ComingSoon titleKey="titles.profile.orders" /> },
  { path: 'orders/:orderNo', element: <ComingSoon titleKey="titles.profile.order" /> },
  { path: 'order-rows', element: <ComingSoon titleKey="titles.profile.orderRows" /> },
  { path: 'on-shipping-rows', element: <ComingSoon titleKey="titles.profile.onShippingRows" /> },
  { path: 'delivery-notes', element: <ComingSoon titleKey="titles.profile.deliveryNotes" /> },
  { path: 'delivery-notes/:noteNo', element: <ComingSoon titleKey="titles.profile.deliveryNote" /> },
  { path: 'addresses', element: <ComingSoon titleKey="titles.profile.addresses" /> },
  { path: 'invoices-downloads', element: <ComingSoon titleKey="titles.profile.invoicesDownloads" /> },
  {
    path: 'delivery-notes-downloads',
    element: <ComingSoon titleKey="titles.profile.deliveryNotesDownloads" />,
  },
  { path: 'coupons', element: <ComingSoon titleKey="titles.profile.coupons" /> },
  { path: 'backorder', element: <ComingSoon titleKey="titles.profile.backorder" /> },
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
      () => import('../../features/profile/components/profile-layout'),
      (m) => m.ProfileLayout,
    ),
    children: profileRoutes,
  },
  { path: '*', element: <NotFound /> },
];
