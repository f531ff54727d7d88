import type { ImportResourceName } from '@shop/domain';
import type { ImportResource } from '../import-resource';
import { couponsResource } from './coupons';
import { customerGroupsResource, customersResource } from './customers';
import { priceListRowsResource } from './price-lists';
import { attributesResource, stockResource } from './product-data';
import { productsResource, variantsResource } from './products';
import {
  campaignRowsResource,
  discountRulesResource,
  shippingMethodsResource,
  warehousesResource,
} from './sales';
import { stockMovementsResource } from './stock-movements';
import {
  attributeTagsResource,
  brandsResource,
  categoriesResource,
  subcategoriesResource,
  uomsResource,
} from './structure';

/** Every list the back office imports and exports (SPEC §1 'most back-office lists'). */
export const importResources: Record<ImportResourceName, ImportResource> = {
  products: productsResource,
  variants: variantsResource,
  attributes: attributesResource as unknown as ImportResource,
  stock: stockResource,
  categories: categoriesResource,
  subcategories: subcategoriesResource,
  brands: brandsResource,
  uoms: uomsResource,
  'attribute-tags': attributeTagsResource,
  customers: customersResource,
  'customer-groups': customerGroupsResource,
  'discount-rules': discountRulesResource as unknown as ImportResource,
  'campaign-rows': campaignRowsResource,
  'price-list-rows': priceListRowsResource,
  coupons: couponsResource,
  'shipping-methods': shippingMethodsResource,
  warehouses: warehousesResource,
  'stock-movements': stockMovementsResource as unknown as ImportResource,
};
