import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

/** Every table has an identity id and the two timestamps (STYLE.md, Drizzle). */
export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Money: integer cents (DESIGN §4). */
export const cents = () => integer();
/** Rates (VAT, discounts, coupons): basis points, 22% = 2200 (DESIGN §4). */
export const basisPoints = () => integer();

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
