import type { AddressType, CustomerType, TaxRule } from '@shop/domain';
import { boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { basisPoints, id, timestamps } from './columns';

export const customerGroups = pgTable('customer_groups', {
  id: id(),
  code: text().notNull().unique(),
  description: text().notNull(),
  externalGroupId: text(),
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

/** SPEC §3 Coupon: a percent off (basis points), optionally for one customer. */
export const coupons = pgTable('coupons', {
  id: id(),
  code: text().notNull().unique(),
  value: basisPoints().notNull(),
  customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
  validFrom: date({ mode: 'string' }),
  validUntil: date({ mode: 'string' }),
  usedAt: timestamp({ withTimezone: true }),
  ...timestamps,
});
