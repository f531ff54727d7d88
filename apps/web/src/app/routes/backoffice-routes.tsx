import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import type { DetailTab } from '../../features/backoffice/components/detail-tabs';
import type { TranslationKey } from '../../i18n/keys';
import { importWithTimeout, lazyPage } from '../../lib/lazy-route';

function page(path: string, titleKey: TranslationKey): RouteObject {
  return { path, element: <ComingSoon titleKey={titleKey} /> };
}

/** A record with tabs as child routes; the first tab (info) is the index. */
function detail(path: string, titleKey: TranslationKey, param: string, tabs: DetailTab[]): RouteObject {
  return {
    path,
    lazy: async () => {
      const { DetailTabs } = await importWithTimeout(
        () => import('../../features/backoffice/components/detail-tabs'),
      );
      return { element: <DetailTabs titleKey={titleKey} param={param} tabs={tabs} /> };
    },
    children: tabs.map((tab) =>
      tab.path
        ? { path: tab.path, element: <ComingSoon titleKey={tab.labelKey} withHeading={false} /> }
        : { index: true, element: <ComingSoon titleKey={tab.labelKey} withHeading={false} /> },
    ),
  };
}

/** A catalogue list and its record (`{list}/{id}[/{tab}]`, 'new' creates), both in one lazy chunk. */
function catalogue<M>(
  list: string,
  listPage: (m: M) => ComponentType,
  recordPage: (m: M) => ComponentType,
  record: string,
  load: () => Promise<M>,
): RouteObject[] {
  return [
    { path: list, lazy: lazyPage(load, listPage) },
    { path: `${list}/${record}`, lazy: lazyPage(load, recordPage) },
  ];
}

const info: DetailTab = { path: '', labelKey: 'backoffice.tabs.info' };

/** SPEC §2 back-office routes under /backoffice, each a placeholder until its issue lands. */
export const backofficeRoutes: RouteObject[] = [
  ...catalogue(
    'categories',
    (m) => m.CategoriesPage,
    (m) => m.CategoryPage,
    ':id/:tab?',
    () => import('../../features/backoffice/components/categories-pages'),
  ),
  ...catalogue(
    'brands',
    (m) => m.BrandsPage,
    (m) => m.BrandPage,
    ':id',
    () => import('../../features/backoffice/components/brands-pages'),
  ),
  ...catalogue(
    'uoms',
    (m) => m.UomsPage,
    (m) => m.UomPage,
    ':id',
    () => import('../../features/backoffice/components/reference-pages'),
  ),
  ...catalogue(
    'vats',
    (m) => m.VatsPage,
    (m) => m.VatPage,
    ':id',
    () => import('../../features/backoffice/components/reference-pages'),
  ),
  ...catalogue(
    'currencies',
    (m) => m.CurrenciesPage,
    (m) => m.CurrencyPage,
    ':id',
    () => import('../../features/backoffice/components/reference-pages'),
  ),
  ...catalogue(
    'subcategories',
    (m) => m.SubcategoriesPage,
    (m) => m.SubcategoryPage,
    ':id/:tab?',
    () => import('../../features/backoffice/components/subcategories-pages'),
  ),
  {
    path: 'products',
    lazy: lazyPage(
      () => import('../../features/backoffice/components/products-list-page'),
      (m) => m.ProductsListPage,
    ),
  },
  {
    path: 'products/:sku/:tab?',
    lazy: lazyPage(
      () => import('../../features/backoffice/components/product-detail-page'),
      (m) => m.ProductDetailPage,
    ),
  },
  page('orders', 'backoffice.pages.orders'),
  page('orders/:orderNo', 'backoffice.pages.order'),
  ...catalogue(
    'shipping-methods',
    (m) => m.ShippingMethodsPage,
    (m) => m.ShippingMethodPage,
    ':id',
    () => import('../../features/backoffice/components/shipping-methods-pages'),
  ),
  ...catalogue(
    'customer-groups',
    (m) => m.CustomerGroupsPage,
    (m) => m.CustomerGroupPage,
    ':id',
    () => import('../../features/backoffice/components/customer-groups-pages'),
  ),
  page('customers', 'backoffice.pages.customers'),
  detail('customers/:id', 'backoffice.pages.customer', 'id', [
    info,
    { path: 'customer-addresses', labelKey: 'backoffice.tabs.customerAddresses' },
    { path: 'customer-user', labelKey: 'backoffice.tabs.customerUser' },
  ]),
  ...catalogue(
    'discount-rules',
    (m) => m.DiscountRulesPage,
    (m) => m.DiscountRulePage,
    ':id',
    () => import('../../features/backoffice/components/discount-rules-pages'),
  ),
  ...catalogue(
    'campaigns',
    (m) => m.CampaignsPage,
    (m) => m.CampaignPage,
    ':id/:tab?',
    () => import('../../features/backoffice/components/campaigns-pages'),
  ),
  ...catalogue(
    'warehouses',
    (m) => m.WarehousesPage,
    (m) => m.WarehousePage,
    ':id',
    () => import('../../features/backoffice/components/warehouses-pages'),
  ),
  ...catalogue(
    'warehouse-transactions',
    (m) => m.WarehouseTransactionsPage,
    (m) => m.WarehouseTransactionPage,
    ':id',
    () => import('../../features/backoffice/components/warehouse-transactions-pages'),
  ),
  {
    path: 'cart',
    lazy: lazyPage(
      () => import('../../features/cart/components/backoffice-cart-page'),
      (m) => m.BackofficeCartPage,
    ),
  },
  {
    path: 'quick-order',
    lazy: lazyPage(
      () => import('../../features/cart/components/quick-order-page'),
      (m) => m.BackofficeQuickOrderPage,
    ),
  },
  {
    path: 'checkout',
    lazy: lazyPage(
      () => import('../../features/checkout/components/backoffice-checkout-page'),
      (m) => m.BackofficeCheckoutPage,
    ),
  },
  {
    path: 'checkout/complete/:orderNo',
    lazy: lazyPage(
      () => import('../../features/checkout/components/order-complete-page'),
      (m) => m.BackofficeOrderCompletePage,
    ),
  },
  page('queues', 'backoffice.pages.queues'),
];
