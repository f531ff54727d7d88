import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

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

/** SPEC §2 back-office routes under /backoffice, each page in a lazy chunk. */
export const backofficeRoutes: RouteObject[] = [
  ...catalogue(
    'categories',
    (m) => m.CategoriesPage,
    (m) => m.CategoryPage,
    ':id/:tab?',
    () => import('../../features/backoffice/catalogue/components/categories-pages'),
  ),
  ...catalogue(
    'brands',
    (m) => m.BrandsPage,
    (m) => m.BrandPage,
    ':id',
    () => import('../../features/backoffice/catalogue/components/brands-pages'),
  ),
  ...catalogue(
    'uoms',
    (m) => m.UomsPage,
    (m) => m.UomPage,
    ':id',
    () => import('../../features/backoffice/catalogue/components/reference-pages'),
  ),
  ...catalogue(
    'vats',
    (m) => m.VatsPage,
    (m) => m.VatPage,
    ':id',
    () => import('../../features/backoffice/catalogue/components/reference-pages'),
  ),
  ...catalogue(
    'currencies',
    (m) => m.CurrenciesPage,
    (m) => m.CurrencyPage,
    ':id',
    () => import('../../features/backoffice/catalogue/components/reference-pages'),
  ),
  ...catalogue(
    'subcategories',
    (m) => m.SubcategoriesPage,
    (m) => m.SubcategoryPage,
    ':id/:tab?',
    () => import('../../features/backoffice/catalogue/components/subcategories-pages'),
  ),
  {
    path: 'products',
    lazy: lazyPage(
      () => import('../../features/backoffice/catalogue/components/products-list-page'),
      (m) => m.ProductsListPage,
    ),
  },
  {
    path: 'products/:sku/:tab?',
    lazy: lazyPage(
      () => import('../../features/backoffice/catalogue/components/product-detail-page'),
      (m) => m.ProductDetailPage,
    ),
  },
  {
    path: 'orders',
    lazy: lazyPage(
      () => import('../../features/backoffice/sales/components/orders-list-page'),
      (m) => m.OrdersListPage,
    ),
  },
  {
    path: 'orders/:orderNo',
    lazy: lazyPage(
      () => import('../../features/backoffice/sales/components/order-detail-page'),
      (m) => m.OrderDetailPage,
    ),
  },
  ...catalogue(
    'returns',
    (m) => m.ReturnsPage,
    (m) => m.ReturnPage,
    ':id',
    () => import('../../features/backoffice/sales/components/returns-pages'),
  ),
  {
    path: 'e-invoices',
    lazy: lazyPage(
      () => import('../../features/backoffice/sales/components/e-invoices-page'),
      (m) => m.EInvoicesPage,
    ),
  },
  {
    path: 'approvals',
    lazy: lazyPage(
      () => import('../../features/backoffice/sales/components/approvals-page'),
      (m) => m.ApprovalsPage,
    ),
  },
  {
    path: 'account-approvals',
    lazy: lazyPage(
      () => import('../../features/backoffice/customers/components/account-approvals-page'),
      (m) => m.AccountApprovalsPage,
    ),
  },
  // SPEC §2 orders 'add': a new order for a customer is placed through the back-office cart.
  { path: 'orders/new', element: <Navigate to="/backoffice/cart" replace /> },
  {
    path: 'orders/:orderNo/edit',
    lazy: lazyPage(
      () => import('../../features/backoffice/sales/components/order-edit-page'),
      (m) => m.OrderEditPage,
    ),
  },
  ...catalogue(
    'shipping-methods',
    (m) => m.ShippingMethodsPage,
    (m) => m.ShippingMethodPage,
    ':id',
    () => import('../../features/backoffice/settings/components/shipping-methods-pages'),
  ),
  ...catalogue(
    'customer-groups',
    (m) => m.CustomerGroupsPage,
    (m) => m.CustomerGroupPage,
    ':id',
    () => import('../../features/backoffice/customers/components/customer-groups-pages'),
  ),
  ...catalogue(
    'payment-terms',
    (m) => m.PaymentTermsListPage,
    (m) => m.PaymentTermsPage,
    ':id',
    () => import('../../features/backoffice/settings/components/payment-terms-pages'),
  ),
  ...catalogue(
    'customers',
    (m) => m.CustomersPage,
    (m) => m.CustomerPage,
    ':id/:tab?',
    () => import('../../features/backoffice/customers/components/customers-pages'),
  ),
  ...catalogue(
    'discount-rules',
    (m) => m.DiscountRulesPage,
    (m) => m.DiscountRulePage,
    ':id',
    () => import('../../features/backoffice/sales/components/discount-rules-pages'),
  ),
  ...catalogue(
    'campaigns',
    (m) => m.CampaignsPage,
    (m) => m.CampaignPage,
    ':id/:tab?',
    () => import('../../features/backoffice/sales/components/campaigns-pages'),
  ),
  ...catalogue(
    'coupons',
    (m) => m.CouponsPage,
    (m) => m.CouponPage,
    ':id/:tab?',
    () => import('../../features/backoffice/sales/components/coupons-pages'),
  ),
  ...catalogue(
    'price-lists',
    (m) => m.PriceListsPage,
    (m) => m.PriceListPage,
    ':id/:tab?',
    () => import('../../features/backoffice/sales/components/price-lists-pages'),
  ),
  ...catalogue(
    'warehouses',
    (m) => m.WarehousesPage,
    (m) => m.WarehousePage,
    ':id',
    () => import('../../features/backoffice/catalogue/components/warehouses-pages'),
  ),
  ...catalogue(
    'warehouse-transactions',
    (m) => m.WarehouseTransactionsPage,
    (m) => m.WarehouseTransactionPage,
    ':id',
    () => import('../../features/backoffice/catalogue/components/warehouse-transactions-pages'),
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
  {
    path: 'account',
    lazy: lazyPage(
      () => import('../../features/backoffice/settings/components/account-page'),
      (m) => m.AccountPage,
    ),
  },
  {
    path: 'queues',
    lazy: lazyPage(
      () => import('../../features/backoffice/jobs/components/queues-page'),
      (m) => m.QueuesPage,
    ),
  },
  {
    path: 'settings',
    lazy: lazyPage(
      () => import('../../features/backoffice/settings/components/settings-page'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: 'audit-log',
    lazy: lazyPage(
      () => import('../../features/backoffice/settings/components/audit-log-page'),
      (m) => m.AuditLogPage,
    ),
  },
  {
    path: 'staff',
    lazy: lazyPage(
      () => import('../../features/backoffice/settings/components/staff-page'),
      (m) => m.StaffPage,
    ),
  },
];
