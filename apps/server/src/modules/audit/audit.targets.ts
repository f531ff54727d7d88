import type { AuditAction } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { NotFoundError } from '../../lib/errors';
import { getAdminProduct } from '../backoffice-products/admin-products.service';
import { getAttributes } from '../backoffice-products/product-attributes.service';
import { listStocks } from '../backoffice-products/product-stock.service';
import { listVariants } from '../backoffice-products/variants.service';
import { getAdminCampaign } from '../campaigns/campaigns-admin.service';
import { listAttributeTagsByOwner } from '../catalog/attribute-tags.service';
import { getBrand, getCategory, getSubcategory } from '../catalog/catalog.service';
import { listUoms } from '../catalog/reference.service';
import { getCoupon } from '../coupons/coupons.service';
import { listAddresses } from '../customers/addresses.service';
import { getCustomer } from '../customers/customers.service';
import { getCustomerUser } from '../customers/customers-admin.service';
import { getDiscountRule } from '../discount-rules/discount-rules.service';
import { listProductImages } from '../images/images.service';
import { getBackofficeOrder } from '../orders/backoffice-orders.service';
import { getPaymentTerms } from '../payment-terms/payment-terms.service';
import { getPriceList, getPriceListRow } from '../price-lists/price-lists.service';
import { getPriceTiers } from '../price-lists/price-tiers.service';
import { getBackofficeReturn } from '../returns/backoffice-returns.service';
import { getCustomerGroup, getWarehouse } from '../sales-settings/sales-settings.service';
import { getSettings } from '../settings/settings.service';
import { getCurrency, getShippingMethod, getVat } from '../shop/shop.service';
import { getCustomerUserById } from '../team/team.service';
import { getStaffMember } from '../users/staff.service';

/**
 * What the audit trail records of each back-office write (issue 17 point 7), declared once per route
 * here rather than on 60 routes in a dozen modules: the entity, where its id comes from, and how to read
 * its state before and after the write. audit.hooks.ts applies it; audit.routes.test.ts fails when an
 * admin write route is neither listed here nor exempt, so a new route cannot slip past the log.
 */

/** The state of one record as its owning module's service shows it; null when there is none. */
export type Snapshot = Record<string, unknown>;
export type SnapshotReader = (ctx: Ctx, id: string) => Promise<Snapshot | null>;

export type AuditTarget = {
  entity: string;
  /** The path parameter naming the record; without one, the id is the response's `responseId` field. */
  param?: string;
  /** The id of a record there is only one of (the shop's settings), when no parameter names it. */
  id?: string;
  responseId?: string;
  /** Reads the record before and after, so the entry holds the fields changed from → to. */
  read?: SnapshotReader;
  /** Defaults by method: POST create, PUT/PATCH update, DELETE delete. */
  action?: AuditAction;
};

/** A route that writes nothing worth a trail entry, with the reason. */
export type AuditExemption = { exempt: string };

const byId =
  <T extends object>(get: (ctx: Ctx, id: number) => Promise<T>): SnapshotReader =>
  async (ctx, id) =>
    (await get(ctx, Number(id))) as Snapshot;

/** A list keyed by one of its fields, so a change reads `images.12.is_cover: false → true`. */
const keyed = <T extends Record<string, unknown>>(rows: T[], key: keyof T) =>
  Object.fromEntries(rows.map((row) => [String(row[key]), row]));

const readers = {
  product: byId((ctx, id) => getAdminProduct(ctx, { id })),
  productVariants: byId(async (ctx, id) => ({ variants: keyed(await listVariants(ctx, id), 'id') })),
  productAttributes: byId((ctx, id) => getAttributes(ctx, id, 'product')),
  variantAttributes: byId((ctx, id) => getAttributes(ctx, id, 'variant')),
  productStocks: byId(async (ctx, id) => ({ stocks: keyed(await listStocks(ctx, id), 'warehouse_code') })),
  productImages: byId(async (ctx, id) => ({ images: keyed(await listProductImages(ctx, id), 'id') })),
  category: byId(getCategory),
  subcategory: byId(getSubcategory),
  brand: byId(getBrand),
  uom: byId(async (ctx, id) => {
    const uom = (await listUoms(ctx)).find((u) => u.id === id);
    if (!uom) throw new NotFoundError();
    return uom;
  }),
  vat: byId(getVat),
  currency: byId(getCurrency),
  shippingMethod: byId(getShippingMethod),
  paymentTerms: byId(getPaymentTerms),
  priceList: byId(getPriceList),
  priceListRow: byId(getPriceListRow),
  coupon: byId(getCoupon),
  priceTiers: byId(getPriceTiers),
  attributeTag: byId(async (ctx, id) => {
    for (const tags of (await listAttributeTagsByOwner(ctx)).values()) {
      for (const tag of tags.values()) if (tag.id === id) return tag;
    }
    throw new NotFoundError();
  }),
  customer: byId(getCustomer),
  customerAddresses: byId(async (ctx, id) => ({ addresses: keyed(await listAddresses(ctx, id), 'id') })),
  customerUser: byId(getCustomerUser),
  customerGroup: byId(getCustomerGroup),
  warehouse: byId(getWarehouse),
  discountRule: byId(getDiscountRule),
  /** The shop's one settings row; the sender's default and the next numbers are not its to change. */
  settings: async (ctx) => {
    const { mail_from_default, next_documents, ...settings } = await getSettings(ctx);
    return settings;
  },
  campaign: byId(getAdminCampaign),
  /** What the staff screen changes: the status (active, invited, disabled) and the second factor. */
  staffMember: byId(async (ctx, id) => {
    const { email, status, two_factor } = await getStaffMember(ctx, id);
    return { email, status, two_factor };
  }),
  /** What the Team routes change of a customer's user: role, limits and status. */
  teamMember: byId(async (ctx, id) => {
    const { email, role, status, order_limit, monthly_limit } = await getCustomerUserById(ctx, id);
    return { email, role, status, order_limit, monthly_limit };
  }),
  /** The order's own fields and its rows; payments, documents and history have their own trails. */
  order: async (ctx, orderNo) => {
    const { rows, payments, documents, history, next_statuses, customer, ...order } =
      await getBackofficeOrder(ctx, orderNo);
    return { ...order, rows: keyed(rows, 'id') };
  },
  /** A return's status, notes, received quantities, credit note and refund (issue 21 point 5). */
  return: byId(async (ctx, id) => {
    const { rows, next_statuses, customer, ...ret } = await getBackofficeReturn(ctx, id);
    return { ...ret, rows: keyed(rows, 'id') };
  }),
} satisfies Record<string, SnapshotReader>;

/** Every back-office write route (`METHOD /url` as registered) and what its trail entry records. */
export const AUDIT_TARGETS: Record<string, AuditTarget | AuditExemption> = {
  // Products, their variants and tabs
  'POST /api/products': { entity: 'product', responseId: 'id', read: readers.product },
  'PUT /api/products/:id': { entity: 'product', param: 'id', read: readers.product },
  'PATCH /api/products/:id/set-default-variant': {
    entity: 'product',
    param: 'id',
    read: readers.productVariants,
    action: 'update',
  },
  'POST /api/products/:id/variants': { entity: 'product', responseId: 'id', read: readers.product },
  'PUT /api/variants/:id': { entity: 'product', param: 'id', read: readers.product },
  'POST /api/product/:id/attributes': {
    entity: 'product',
    param: 'id',
    read: readers.productAttributes,
    action: 'update',
  },
  'POST /api/product-variant/:id/attributes': {
    entity: 'product',
    param: 'id',
    read: readers.variantAttributes,
    action: 'update',
  },
  'PUT /api/products/:id/stocks/:warehouseId': {
    entity: 'product',
    param: 'id',
    read: readers.productStocks,
  },
  'POST /api/products/:id/images': {
    entity: 'product',
    param: 'id',
    read: readers.productImages,
    action: 'upload',
  },
  'PUT /api/products/:id/images/order': { entity: 'product', param: 'id', read: readers.productImages },
  'PATCH /api/products/:id/images/:imageId/cover': {
    entity: 'product',
    param: 'id',
    read: readers.productImages,
  },
  'DELETE /api/products/:id/images/:imageId': {
    entity: 'product',
    param: 'id',
    read: readers.productImages,
    action: 'update',
  },
  'POST /api/images/upload': { entity: 'image', responseId: 'path', action: 'upload' },

  // Catalogue and reference tables
  'POST /api/product-categories': { entity: 'category', responseId: 'id', read: readers.category },
  'PUT /api/product-categories/:id': { entity: 'category', param: 'id', read: readers.category },
  'POST /api/product-subcategories': { entity: 'subcategory', responseId: 'id', read: readers.subcategory },
  'PUT /api/product-subcategories/:id': { entity: 'subcategory', param: 'id', read: readers.subcategory },
  'POST /api/product-category/:id/subcategories': {
    entity: 'subcategory',
    responseId: 'id',
    read: readers.subcategory,
  },
  'POST /api/product-category/:id/attribute-tags': {
    entity: 'attribute-tag',
    responseId: 'id',
    read: readers.attributeTag,
  },
  'POST /api/product-subcategory/:id/attribute-tags': {
    entity: 'attribute-tag',
    responseId: 'id',
    read: readers.attributeTag,
  },
  'PUT /api/attribute-tags/:id': { entity: 'attribute-tag', param: 'id', read: readers.attributeTag },
  'DELETE /api/attribute-tags/:id': { entity: 'attribute-tag', param: 'id', read: readers.attributeTag },
  'POST /api/product-brands': { entity: 'brand', responseId: 'id', read: readers.brand },
  'PUT /api/product-brands/:id': { entity: 'brand', param: 'id', read: readers.brand },
  'POST /api/uoms': { entity: 'uom', responseId: 'id', read: readers.uom },
  'PUT /api/uoms/:id': { entity: 'uom', param: 'id', read: readers.uom },
  'POST /api/vats': { entity: 'vat', responseId: 'id', read: readers.vat },
  'PUT /api/vats/:id': { entity: 'vat', param: 'id', read: readers.vat },
  'POST /api/currencies': { entity: 'currency', responseId: 'id', read: readers.currency },
  'PUT /api/currencies/:id': { entity: 'currency', param: 'id', read: readers.currency },

  // Sales settings, discount rules and campaigns
  'POST /api/customer-groups': { entity: 'customer-group', responseId: 'id', read: readers.customerGroup },
  'PUT /api/customer-groups/:id': { entity: 'customer-group', param: 'id', read: readers.customerGroup },
  'POST /api/warehouses': { entity: 'warehouse', responseId: 'id', read: readers.warehouse },
  'PUT /api/warehouses/:id': { entity: 'warehouse', param: 'id', read: readers.warehouse },
  'POST /api/shipping-methods': { entity: 'shipping-method', responseId: 'id', read: readers.shippingMethod },
  'PUT /api/shipping-methods/:id': { entity: 'shipping-method', param: 'id', read: readers.shippingMethod },
  'PUT /api/settings': { entity: 'settings', id: 'shop', read: readers.settings },
  'POST /api/discount-rules': { entity: 'discount-rule', responseId: 'id', read: readers.discountRule },
  'PUT /api/discount-rules/:id': { entity: 'discount-rule', param: 'id', read: readers.discountRule },
  'DELETE /api/discount-rules/:id': { entity: 'discount-rule', param: 'id', read: readers.discountRule },
  'POST /api/payment-terms': { entity: 'payment-terms', responseId: 'id', read: readers.paymentTerms },
  'PUT /api/payment-terms/:id': { entity: 'payment-terms', param: 'id', read: readers.paymentTerms },
  'DELETE /api/payment-terms/:id': { entity: 'payment-terms', param: 'id', read: readers.paymentTerms },
  'POST /api/price-lists': { entity: 'price-list', responseId: 'id', read: readers.priceList },
  'PUT /api/price-lists/:id': { entity: 'price-list', param: 'id', read: readers.priceList },
  'DELETE /api/price-lists/:id': { entity: 'price-list', param: 'id', read: readers.priceList },
  'POST /api/price-lists/:id/rows': {
    entity: 'price-list-row',
    responseId: 'id',
    read: readers.priceListRow,
  },
  'PUT /api/price-list-rows/:id': { entity: 'price-list-row', param: 'id', read: readers.priceListRow },
  'DELETE /api/price-list-rows/:id': { entity: 'price-list-row', param: 'id', read: readers.priceListRow },
  'PUT /api/products/:id/price-tiers': { entity: 'product', param: 'id', read: readers.priceTiers },
  'POST /api/coupons': { entity: 'coupon', responseId: 'id', read: readers.coupon },
  'PUT /api/coupons/:id': { entity: 'coupon', param: 'id', read: readers.coupon },
  'DELETE /api/coupons/:id': { entity: 'coupon', param: 'id', read: readers.coupon },
  'POST /api/campaigns': { entity: 'campaign', responseId: 'id', read: readers.campaign },
  'PUT /api/campaign/:id': { entity: 'campaign', param: 'id', read: readers.campaign },
  // The rows sent (SKU or id, price) are the change; the campaign's own fields do not move.
  'POST /api/campaigns/:id/rows': { entity: 'campaign', param: 'id', action: 'add-rows' },
  'DELETE /api/campaign-rows/:id/delete': { entity: 'campaign-row', param: 'id' },

  // Customers; PUT /api/customers/:id and the addresses are the customer's own routes, recorded when an
  // administrator calls them (the back office's customer page does).
  'POST /api/customers': { entity: 'customer', responseId: 'id', read: readers.customer },
  'PUT /api/customers/:id': { entity: 'customer', param: 'id', read: readers.customer },
  'PUT /api/customers/:id/settings': { entity: 'customer', param: 'id', read: readers.customer },
  'POST /api/customers/:id/addresses': {
    entity: 'customer',
    param: 'id',
    read: readers.customerAddresses,
    action: 'update',
  },
  'PUT /api/customers/:id/addresses/:addressId': {
    entity: 'customer',
    param: 'id',
    read: readers.customerAddresses,
  },
  'DELETE /api/customers/:id/addresses/:addressId': {
    entity: 'customer',
    param: 'id',
    read: readers.customerAddresses,
    action: 'update',
  },
  'POST /api/customers/:id/cancel-backorder': { entity: 'customer', param: 'id', action: 'cancel-backorder' },
  'POST /api/customers/:id/shipping-requests': {
    entity: 'customer',
    param: 'id',
    action: 'shipping-request',
  },
  'PUT /api/customers/:id/user': { entity: 'customer-user', param: 'id', read: readers.customerUser },
  'POST /api/customers/:id/user/reset-password': {
    entity: 'customer-user',
    param: 'id',
    action: 'password-link-sent',
  },
  'POST /api/customers/:id/erp-link': {
    entity: 'customer',
    param: 'id',
    read: readers.customer,
    action: 'erp-link',
  },
  // The password is redacted; the account's later events are the auth module's own entries.
  'POST /api/users': { entity: 'user', responseId: 'id' },
  'POST /api/staff': { entity: 'user', responseId: 'id', read: readers.staffMember },
  'POST /api/staff/:id/disable': { entity: 'user', param: 'id', read: readers.staffMember, action: 'update' },
  'POST /api/staff/:id/enable': { entity: 'user', param: 'id', read: readers.staffMember, action: 'update' },
  'POST /api/backoffice/customers/:id/users/:userId/sign-in-as': {
    exempt: 'the impersonation service records it as impersonation-start, naming the customer user',
  },
  'DELETE /api/staff/:id/two-factor': {
    entity: 'user',
    param: 'id',
    read: readers.staffMember,
    action: 'update',
  },

  // A customer's users (issue 19): the Team page and the back office's customer page.
  'POST /api/customers/:id/users': { entity: 'user', responseId: 'id', read: readers.teamMember },
  'PUT /api/customers/:id/users/:userId': { entity: 'user', param: 'userId', read: readers.teamMember },
  'POST /api/customers/:id/users/:userId/resend': {
    entity: 'user',
    param: 'userId',
    action: 'password-link-sent',
  },
  'POST /api/customers/:id/users/:userId/disable': {
    entity: 'user',
    param: 'userId',
    read: readers.teamMember,
    action: 'update',
  },
  'POST /api/customers/:id/users/:userId/enable': {
    entity: 'user',
    param: 'userId',
    read: readers.teamMember,
    action: 'update',
  },
  'DELETE /api/customers/:id/users/:userId': { entity: 'user', param: 'userId', read: readers.teamMember },

  // Orders
  'PUT /api/orders/:orderNo': { entity: 'order', param: 'orderNo', read: readers.order },
  'POST /api/orders/:orderNo/status': {
    entity: 'order',
    param: 'orderNo',
    read: readers.order,
    action: 'status-change',
  },
  'POST /api/order/:id/rows': { entity: 'order', responseId: 'orderNo', action: 'add-rows' },
  'POST /api/order-rows/:id/cancel': { entity: 'order-row', param: 'id', action: 'cancel-row' },
  'POST /api/orders/:orderNo/shipments': {
    entity: 'order',
    param: 'orderNo',
    read: readers.order,
    action: 'shipment',
  },
  'POST /api/orders/:orderNo/refunds': { entity: 'order', param: 'orderNo', action: 'refund' },
  'POST /api/orders/:orderNo/erp-sync': { entity: 'order', param: 'orderNo', action: 'erp-sync' },
  'POST /api/backoffice/orders/:orderNo/approve': {
    entity: 'order',
    param: 'orderNo',
    read: readers.order,
    action: 'approve',
  },
  'POST /api/backoffice/orders/:orderNo/reject': {
    entity: 'order',
    param: 'orderNo',
    read: readers.order,
    action: 'reject',
  },
  // Issue 22: a new company approved; its orders held for it are released.
  'POST /api/backoffice/account-approvals/:id/approve': {
    entity: 'customer',
    param: 'id',
    read: readers.customer,
    action: 'approve',
  },

  // Returns (issue 21 point 5): each step of the status machine, with the return before and after.
  ...Object.fromEntries(
    ['authorise', 'refuse', 'cancel', 'receive', 'credit'].map((step) => [
      `POST /api/backoffice/returns/:id/${step}`,
      { entity: 'return', param: 'id', read: readers.return, action: 'status-change' },
    ]),
  ),
  'POST /api/backoffice/returns/:id/refund': {
    entity: 'return',
    param: 'id',
    read: readers.return,
    action: 'refund',
  },

  // E-invoices (issue 21): a file rebuilt from the current data, and files handed to the SDI.
  'POST /api/backoffice/e-invoices/:id/regenerate': {
    entity: 'e-invoice',
    param: 'id',
    action: 'regenerate',
  },
  'POST /api/backoffice/e-invoices/send': { entity: 'e-invoice', action: 'sdi-send' },

  // Stock, imports and queues: actions over many records, recorded with their input.
  'POST /api/warehouse-transactions': { entity: 'stock-movement', action: 'stock-movement' },
  'POST /api/imports/:resource': { entity: 'import', responseId: 'id', action: 'import' },
  'POST /api/imports/:id/run': { entity: 'import', param: 'id', action: 'import-run' },
  'POST /api/queues/:name/jobs/:id/retry': { entity: 'job', param: 'id', action: 'job-retry' },
  'DELETE /api/queues/:name/jobs/:id': { entity: 'job', param: 'id' },
};
