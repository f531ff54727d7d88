import type {
  ApprovalOutcome,
  ApprovalReason,
  CreditAction,
  DocumentType,
  OrderChannel,
  OrderStatus,
  PaymentMethod,
  RowStatus,
  ShippingSlug,
} from '@shop/domain';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { categories, products, vats } from './catalog';
import { basisPoints, cents, id, timestamps } from './columns';
import { coupons, customerGroups, customers } from './customers';

/** The one shop row: country and the footer's details (SPEC §1, §3 Shop). */
export const shop = pgTable('shop', {
  id: id(),
  name: text().notNull(),
  country: text().notNull(),
  address: text().notNull(),
  email: text().notNull(),
  phone: text().notNull(),
  vatId: text().notNull(),
  socialLinks: jsonb().$type<{ network: string; url: string }[]>().notNull().default([]),
  codFee: cents().notNull().default(500),
  defaultFreeShipping: cents().notNull().default(15000),
  /** Document numbers by type, with {YYYY} (the year) and {N…} (the sequence, zero-padded to its width). */
  documentNumberFormats: jsonb().$type<Record<DocumentType, string>>().notNull().default({
    delivery_note: 'DDT-{YYYY}-{NNNNNN}',
    invoice: 'INV-{YYYY}-{NNNNNN}',
    credit_note: 'CN-{YYYY}-{NNNNNN}',
  }),
  /** The sender of the shop's mails; null uses MAIL_FROM. */
  mailFrom: text(),
  /** Issue 20 point 3: days after a due date before an unpaid invoice holds the customer's orders. */
  creditGraceDays: integer().notNull().default(0),
  /** What happens to an order over the credit limit or with overdue invoices. */
  creditAction: text().$type<CreditAction>().notNull().default('approval'),
  /** Who a blocked customer or one over his credit should call; null names the shop's e-mail and phone. */
  creditContact: text(),
  /** Issue 22: a company signing up waits for staff approval before its orders go ahead (default: no). */
  newCompanyApproval: boolean().notNull().default(false),
  /**
   * The seller of the FatturaPA files (issue 21): codice fiscale (null: the VAT number's digits), the
   * registered office as the SDI wants it, and the REA registration when the company has one.
   */
  taxCode: text(),
  registeredOffice: jsonb().$type<{ street: string; postcode: string; city: string; province: string }>(),
  reaOffice: text(),
  reaNumber: text(),
  ...timestamps,
});

export const shippingMethods = pgTable('shipping_methods', {
  id: id(),
  slug: text().$type<ShippingSlug>().notNull(),
  code: text().notNull().unique(),
  description: text().notNull(),
  price: cents().notNull(),
  freeShipping: cents(),
  vatId: integer()
    .notNull()
    .references(() => vats.id),
  ...timestamps,
});

/** SPEC §3 Discount rule (DESIGN §6 rule 2). */
export const discountRules = pgTable(
  'discount_rules',
  {
    id: id(),
    customerGroupId: integer()
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    productCategoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    rate: basisPoints().notNull(),
    priority: integer().notNull(),
    blockOthers: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.customerGroupId, t.productCategoryId)],
);

export const campaigns = pgTable('campaigns', {
  id: id(),
  title: text().notNull(),
  description: text(),
  categoryId: integer().references(() => categories.id),
  startDate: date({ mode: 'string' }).notNull(),
  endDate: date({ mode: 'string' }).notNull(),
  inHome: boolean().notNull().default(false),
  isFeatured: boolean().notNull().default(false),
  ...timestamps,
});

/** A campaign's price list row: the campaign price of one product. */
export const campaignRows = pgTable(
  'campaign_rows',
  {
    id: id(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: cents().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.campaignId, t.productId), index().on(t.productId)],
);

/**
 * A contract price list (issue 20 point 4, DESIGN §6 rule 17): net prices for the customers and
 * customer groups it applies to, between its validity dates (either open).
 */
export const priceLists = pgTable('price_lists', {
  id: id(),
  name: text().notNull().unique(),
  currency: text().notNull().default('EUR'),
  validFrom: date({ mode: 'string' }),
  validUntil: date({ mode: 'string' }),
  ...timestamps,
});

export const priceListCustomerGroups = pgTable(
  'price_list_customer_groups',
  {
    priceListId: integer()
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    customerGroupId: integer()
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.customerGroupId] }), index().on(t.customerGroupId)],
);

export const priceListCustomers = pgTable(
  'price_list_customers',
  {
    priceListId: integer()
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.customerId] }), index().on(t.customerId)],
);

/** A price list's net price of a product (covering its variants) from `minQuantity` units. */
export const priceListRows = pgTable(
  'price_list_rows',
  {
    id: id(),
    priceListId: integer()
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: cents().notNull(),
    minQuantity: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.priceListId, t.productId, t.minQuantity), index().on(t.productId)],
);

/** A product's volume tier: from `minQuantity` units its list price is `price` (DESIGN §6 rule 17). */
export const productPriceTiers = pgTable(
  'product_price_tiers',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer().notNull(),
    price: cents().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.productId, t.minQuantity)],
);

export type AddressSnapshot = {
  company: string | null;
  firstname: string | null;
  lastname: string | null;
  co: string | null;
  address: string;
  postcode: string;
  city: string;
  state: string | null;
  country: string;
  phone: string | null;
};

/** SPEC §3 Order; addresses are copied in, so later edits of the address book do not rewrite it. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNo: text().notNull().unique(),
    erpOrderNo: text(),
    channel: text().$type<OrderChannel>().notNull().default('web'),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    placedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * Issue 19 point 4, as e-mails so they outlive a removed user: who placed it, and the staff member
     * when staff signed in as him (point 5).
     */
    placedByEmail: text(),
    placedByStaffEmail: text(),
    /** DESIGN §6 rule 18: why it needed approval; the decision, by whom, when and its note. */
    approvalReason: text().$type<ApprovalReason>(),
    approvalOutcome: text().$type<ApprovalOutcome>(),
    decidedByEmail: text(),
    decidedAt: timestamp({ withTimezone: true }),
    approvalNote: text(),
    billingCompany: text(),
    date: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text().$type<OrderStatus>().notNull(),
    paymentMethod: text().$type<PaymentMethod>().notNull(),
    shippingMethodId: integer().references(() => shippingMethods.id),
    shippingAddress: jsonb().$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb().$type<AddressSnapshot>().notNull(),
    shippingCosts: cents().notNull().default(0),
    paymentFee: cents().notNull().default(0),
    couponCode: text(),
    /** The coupon used, counted against its usage limits while the order is not cancelled. */
    couponId: integer().references(() => coupons.id, { onDelete: 'set null' }),
    /** The coupon's percent when the order was placed: its rows' prices are net of it. */
    couponRate: basisPoints(),
    /** A fixed-amount coupon's cents (net), spread over the rows' `couponShare`. */
    couponAmount: cents(),
    vat: cents().notNull(),
    total: cents().notNull(),
    totalWithoutTaxes: cents().notNull(),
    customerReference: text(),
    customerReferenceDate: date({ mode: 'string' }),
    erpOrderReason: text(),
    idempotencyKey: text(),
    /** What the request under that key asked for (a hash): the same key with another order is refused. */
    idempotencyFingerprint: text(),
    paidAt: timestamp({ withTimezone: true }),
    /** Raised by every change of the order's money (DESIGN §6 rule 16); a payment names the one it paid. */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index().on(t.customerId, t.date),
    index().on(t.status),
    // The dashboard's sales by period and the orders list's dates: a range of dates, read from the index alone.
    index('orders_date_status_total_index').on(t.date, t.status, t.total),
    uniqueIndex().on(t.customerId, t.idempotencyKey),
  ],
);

/** SPEC §3 Order row; residual = ordered − shipped − cancelled (derived, not stored). */
export const orderRows = pgTable(
  'order_rows',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    productSku: text().notNull(),
    description: text().notNull(),
    orderedQty: integer().notNull(),
    shippedQty: integer().notNull().default(0),
    cancelledQty: integer().notNull().default(0),
    readyQty: integer().notNull().default(0),
    discount: basisPoints().notNull().default(0),
    /** The product's list price (net) when ordered; null on rows written before it was kept. */
    listPrice: cents(),
    /** The unit price before the order's coupon (net); null when no coupon applied. */
    priceBeforeCoupon: cents(),
    price: cents().notNull(),
    /** This row's part of a fixed-amount coupon (net cents, DESIGN §6 rule 17); its subtotal is net of it. */
    couponShare: cents().notNull().default(0),
    vatRate: basisPoints().notNull(),
    subtotal: cents().notNull(),
    status: text().$type<RowStatus>().notNull().default('not_shipped'),
    isPreorder: boolean().notNull().default(false),
    note: text(),
    /** Who last cancelled part of it as a backorder (issue 19 point 4). */
    cancelledByEmail: text(),
    /** The customer's request that moved the row to on_shipping (DESIGN §6 rule 12). */
    shippingRequestId: integer().references(() => shippingRequests.id),
    ...timestamps,
  },
  (t) => [index().on(t.orderId), index().on(t.productId, t.status), index().on(t.shippingRequestId)],
);

/**
 * A customer's request to ship ready rows (DESIGN §6 rule 12): processed on `processingDate`, today
 * when received by 14:00 Europe/Rome, else the next day.
 */
export const shippingRequests = pgTable(
  'shipping_requests',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Who asked (issue 19 point 4), kept when the user is removed. */
    requestedByEmail: text(),
    processingDate: date({ mode: 'string' }).notNull(),
    idempotencyKey: text(),
    /** What the request under that key asked for (a hash): the same key with other rows is refused. */
    idempotencyFingerprint: text(),
    ...timestamps,
  },
  (t) => [index().on(t.customerId), uniqueIndex().on(t.customerId, t.idempotencyKey)],
);

/** Who moved an order from which status to which, and when. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text().$type<OrderStatus>(),
    toStatus: text().$type<OrderStatus>().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index().on(t.orderId)],
);

/**
 * Delivery notes, invoices and credit notes (SPEC §3) in one table by type: they share numbering per
 * type and year (DDT-2026-000123), the customer's document list and the PDF renderer.
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    type: text().$type<DocumentType>().notNull(),
    number: text().notNull().unique(),
    year: integer().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    orderId: integer().references(() => orders.id),
    date: date({ mode: 'string' }).notNull(),
    quantity: integer().notNull().default(0),
    amount: cents().notNull().default(0),
    vat: cents().notNull().default(0),
    /** An invoice's payment terms by name, as they were when it was issued (issue 20 point 2). */
    paymentTermsName: text(),
    /** When the invoice was paid in full: by the order's payment, or the ERP's `invoice.paid`. */
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.customerId, t.type, t.year)],
);

/** An invoice's due dates from its payment terms: amounts sum to the invoice's total to the cent. */
export const invoiceInstalments = pgTable(
  'invoice_instalments',
  {
    id: id(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    dueDate: date({ mode: 'string' }).notNull(),
    amount: cents().notNull(),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.documentId), index().on(t.dueDate)],
);

export const documentRows = pgTable(
  'document_rows',
  {
    id: id(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    orderRowId: integer().references(() => orderRows.id),
    productSku: text().notNull(),
    description: text().notNull(),
    quantity: integer().notNull(),
    price: cents().notNull(),
    /** The unit price before the order's coupon (net); null when no coupon applied. */
    priceBeforeCoupon: cents(),
    /** The part of the order row's fixed-amount coupon share this document covers (net cents). */
    couponShare: cents().notNull().default(0),
    vatRate: basisPoints().notNull(),
    amount: cents().notNull(),
    /** This row's VAT as the order charged it (DESIGN §6 rules 5 and 16). */
    vat: cents().notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.documentId)],
);

/** The last number issued per document type and year. */
export const documentSequences = pgTable(
  'document_sequences',
  {
    id: id(),
    type: text().$type<DocumentType>().notNull(),
    year: integer().notNull(),
    lastNumber: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.type, t.year)],
);
