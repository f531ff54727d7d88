import type { RouteObject } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import type { DetailTab } from '../../features/backoffice/components/detail-tabs';
import type { TranslationKey } from '../../i18n/keys';
import { importWithTimeout } from '../../lib/lazy-route';

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

const info: DetailTab = { path: '', labelKey: 'backoffice.tabs.info' };
const attributeTags: DetailTab = { path: 'attribute-tags', labelKey: 'backoffice.tabs.attributeTags' };

/** SPEC §2 back-office routes under /backoffice, each a placeholder until its issue lands. */
export const backofficeRoutes: RouteObject[] = [
  page('categories', 'backoffice.pages.categories'),
  detail('categories/:id', 'backoffice.pages.category', 'id', [info, attributeTags]),
  page('brands', 'backoffice.pages.brands'),
  page('uoms', 'backoffice.pages.uoms'),
  page('subcategories', 'backoffice.pages.subcategories'),
  detail('subcategories/:id', 'backoffice.pages.subcategory', 'id', [info, attributeTags]),
  page('products', 'backoffice.pages.products'),
  detail('products/:sku', 'backoffice.pages.product', 'sku', [
    info,
    { path: 'attributes', labelKey: 'backoffice.tabs.attributes' },
    { path: 'purchase', labelKey: 'backoffice.tabs.purchase' },
    { path: 'sales', labelKey: 'backoffice.tabs.sales' },
    { path: 'images', labelKey: 'backoffice.tabs.images' },
    { path: 'variants', labelKey: 'backoffice.tabs.variants' },
    { path: 'add-variant', labelKey: 'backoffice.tabs.addVariant' },
    { path: 'product-warehouse', labelKey: 'backoffice.tabs.productWarehouse' },
  ]),
  page('orders', 'backoffice.pages.orders'),
  page('orders/:orderNo', 'backoffice.pages.order'),
  page('shipping-methods', 'backoffice.pages.shippingMethods'),
  page('customer-groups', 'backoffice.pages.customerGroups'),
  page('customers', 'backoffice.pages.customers'),
  detail('customers/:id', 'backoffice.pages.customer', 'id', [
    info,
    { path: 'customer-addresses', labelKey: 'backoffice.tabs.customerAddresses' },
    { path: 'customer-user', labelKey: 'backoffice.tabs.customerUser' },
  ]),
  page('discount-rules', 'backoffice.pages.discountRules'),
  page('campaigns', 'backoffice.pages.campaigns'),
  page('warehouses', 'backoffice.pages.warehouses'),
  page('warehouse-transactions', 'backoffice.pages.warehouseTransactions'),
  page('cart', 'backoffice.pages.cart'),
  page('checkout', 'backoffice.pages.checkout'),
  page('queues', 'backoffice.pages.queues'),
];
