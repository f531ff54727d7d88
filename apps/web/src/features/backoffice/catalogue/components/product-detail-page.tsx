import type { AdminProduct } from '@shop/domain';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { getAdminProduct, productKeys } from '../api/products';
import { ProductAttributesTab } from './product-attributes-tab';
import { ProductForm } from './product-form';
import { ProductImagesTab } from './product-images-tab';
import { ProductPurchaseTab } from './product-purchase-tab';
import { ProductSalesTab } from './product-sales-tab';
import { ProductStockTab } from './product-stock-tab';
import { AddVariantTab, VariantsTab } from './product-variants-tab';

const config: DetailPageConfig<AdminProduct> = {
  titleKey: 'backoffice.pages.product',
  param: 'sku',
  listPath: '/backoffice/products',
  listTitleKey: 'backoffice.pages.products',
  queryKey: productKeys.detail,
  fetch: getAdminProduct,
  heading: (p) => `${p.sku} – ${p.description}`,
  tabs: [
    { path: '', labelKey: 'backoffice.tabs.info', render: (p) => <ProductForm product={p} /> },
    {
      path: 'attributes',
      labelKey: 'backoffice.tabs.attributes',
      render: (p) => <ProductAttributesTab id={p.id} />,
    },
    {
      path: 'purchase',
      labelKey: 'backoffice.tabs.purchase',
      render: (p) => <ProductPurchaseTab id={p.id} />,
    },
    { path: 'sales', labelKey: 'backoffice.tabs.sales', render: (p) => <ProductSalesTab id={p.id} /> },
    { path: 'images', labelKey: 'backoffice.tabs.images', render: (p) => <ProductImagesTab id={p.id} /> },
    { path: 'variants', labelKey: 'backoffice.tabs.variants', render: (p) => <VariantsTab product={p} /> },
    {
      path: 'add-variant',
      labelKey: 'backoffice.tabs.addVariant',
      render: (p) => <AddVariantTab product={p} />,
    },
    {
      path: 'product-warehouse',
      labelKey: 'backoffice.tabs.productWarehouse',
      render: (p) => <ProductStockTab id={p.id} />,
    },
  ],
  create: () => <ProductForm />,
};

/** /backoffice/products/{sku} with the tabs of SPEC §2; /backoffice/products/new creates one. */
export function ProductDetailPage() {
  return <DetailPage config={config} />;
}
