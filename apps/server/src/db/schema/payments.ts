import type { PaymentMethod } from '@shop/domain';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, id, timestamps } from './columns';
import { orders } from './sales';

/** `cancelled`: superseded by a newer attempt; `voided`: the order changed after it was opened. */
export const PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'cancelled', 'voided'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One attempt to pay an order through a gateway (DESIGN §8); a declined order may try again. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text().$type<'test' | 'stripe'>().notNull(),
    method: text().$type<PaymentMethod>().notNull(),
    /** The amount due when the attempt was opened, and the order's version it was opened for. */
    amount: cents().notNull(),
    orderVersion: integer(),
    /** What the gateway reported taking, when it says (it may differ from `amount`). */
    amountPaid: cents(),
    /** Given back to the customer, through the gateway or by hand (DESIGN §6 rule 16). */
    refundedAmount: cents().notNull().default(0),
    refundedAt: timestamp({ withTimezone: true }),
    refundReference: text(),
    currency: text().notNull().default('EUR'),
    status: text().$type<PaymentStatus>().notNull().default('pending'),
    /** The gateway's id for this attempt (Stripe checkout session, test-gateway token). */
    externalId: text().notNull(),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.orderId), uniqueIndex().on(t.gateway, t.externalId)],
);

/** Every gateway callback or webhook event once: a replayed event id changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    gateway: text().$type<'test' | 'stripe'>().notNull(),
    eventId: text().notNull(),
    paymentId: integer().references(() => payments.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    payload: jsonb().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.gateway, t.eventId)],
);
