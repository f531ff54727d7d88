import type { AddressType, CouponKind, CustomerType, PaymentMethod, TaxRule } from '@shop/domain';
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
} from 'drizzle-orm/pg-core';
import { basisPoints, cents, id, timestamps } from './columns';

/**
 * One instalment of payment terms (issue 20 point 2): due `days` after the invoice date, moved to the
 * end of that month when `endOfMonth`, for `share` basis points of the invoice's total.
 */
export type TermsInstalment = { days: number; endOfMonth: boolean; share: number };

/** Named payment terms ('30 days end of month'): an invoice's due dates come from them. */
export const paymentTerms = pgTable('payment_terms', {
  id: id(),
  name: text().notNull().unique(),
  instalments: jsonb().$type<TermsInstalment[]>().notNull(),
  ...timestamps,
});

export const customerGroups = pgTable('customer_groups', {
  id: id(),
  code: text().notNull().unique(),
  description: text().notNull(),
  externalGroupId: text(),
  /** The payment methods its customers may use; null: every method but 'as per agreement'. */
  paymentMethods: jsonb().$type<PaymentMethod[]>(),
  paymentTermsId: integer().references(() => paymentTerms.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** SPEC §3 Customer. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    type: text().$type<CustomerType>().notNull(),
    company: text(),
    firstname: text(),
    lastname: text(),
    email: text().notNull().unique(),
    sdiCode: text(),
    pec: text(),
    birthday: date({ mode: 'string' }),
    job: text(),
    vatId: text(),
    taxNumber: text(),
    discount: basisPoints().notNull().default(0),
    currency: text().notNull().default('EUR'),
    taxRule: text().$type<TaxRule>().notNull().default('standard'),
    preorderDays: integer().notNull().default(0),
    newsletter: boolean().notNull().default(false),
    newsletterOption: text(),
    newsletterDate: timestamp({ withTimezone: true }),
    /** The language of the customer's mail and documents (profile settings): 'it' or 'en'. */
    language: text().notNull().default('it'),
    customerGroupId: integer().references(() => customerGroups.id, { onDelete: 'set null' }),
    ordersState: text(),
    erpCode: text(),
    erpConnected: boolean().notNull().default(false),
    externalErpCode: text(),
    country: text().notNull(),
    availableFrom: date({ mode: 'string' }),
    extraCee: boolean().notNull().default(false),
    /** Issue 20: overrides of the group's payment methods and terms (null: the group's). */
    paymentMethods: jsonb().$type<PaymentMethod[]>(),
    paymentTermsId: integer().references(() => paymentTerms.id, { onDelete: 'set null' }),
    /** Cents; null: no credit control (issue 20 point 3). */
    creditLimit: cents(),
    /** Stops ordering; the shop names who to call. */
    blocked: boolean().notNull().default(false),
    /**
     * Issue 22: a company signed up while new companies needed staff approval; its orders wait
     * (`awaiting_approval`, reason new_account) until `approvedAt` (DESIGN §6 rule 18).
     */
    approvalRequestedAt: timestamp({ withTimezone: true }),
    approvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.customerGroupId)],
);

/** SPEC §3 Customer address: 'B' billing or 'S' shipping; one default per type. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text().$type<AddressType>().notNull(),
    company: text(),
    firstname: text(),
    lastname: text(),
    co: text(),
    address: text().notNull(),
    postcode: text().notNull(),
    city: text().notNull(),
    state: text(),
    country: text().notNull(),
    phone: text(),
    note: text(),
    isDefault: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.customerId)],
);

/**
 * SPEC §3 Coupon, managed by staff (issue 20 point 5): a percent off (basis points) or a fixed amount
 * (cents, spread over the lines by net value: DESIGN §6 rule 17), between optional dates, from an
 * optional minimum order (net cents), used up to `usageLimit` orders in all and `perCustomerLimit` per
 * customer (null: no limit), for the customers and groups it is restricted to (none: everyone).
 */
export const coupons = pgTable('coupons', {
  id: id(),
  code: text().notNull().unique(),
  kind: text().$type<CouponKind>().notNull().default('percent'),
  value: integer().notNull(),
  validFrom: date({ mode: 'string' }),
  validUntil: date({ mode: 'string' }),
  minOrder: cents(),
  usageLimit: integer(),
  perCustomerLimit: integer(),
  ...timestamps,
});

export const couponCustomers = pgTable(
  'coupon_customers',
  {
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.customerId] }), index().on(t.customerId)],
);

export const couponCustomerGroups = pgTable(
  'coupon_customer_groups',
  {
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerGroupId: integer()
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.customerGroupId] }), index().on(t.customerGroupId)],
);
