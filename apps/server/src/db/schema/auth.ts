import type { CustomerRole } from '@shop/domain';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, id, timestamps } from './columns';
import { customers } from './customers';

/** SPEC §3 User: the sign-in account; a customer's, or staff's when customer is absent. */
export const users = pgTable('users', {
  id: id(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  isSuperAdmin: boolean().notNull().default(false),
  customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
  /** Issue 19: the user's role in his company; null for staff. */
  customerRole: text().$type<CustomerRole>(),
  /** A buyer's spending limits, net EUR cents per order and per calendar month; null: none. */
  orderLimit: cents(),
  monthlyLimit: cents(),
  /** TOTP secret (base32) once enrolment started; the second factor is on when totpEnabledAt is set. */
  totpSecret: text(),
  totpEnabledAt: timestamp({ withTimezone: true }),
  /** The 30-second step of the last accepted code: a code is never accepted twice. */
  totpLastStep: integer(),
  /** A disabled staff account cannot sign in and its sessions and tokens stop working. */
  disabledAt: timestamp({ withTimezone: true }),
  ...timestamps,
});

/** Single-use recovery codes for the second factor, stored hashed (ten per enrolment). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

/** Server-side sessions (DESIGN §5): the cookie holds a random token, the row its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Issue 19 point 5: the staff member who opened this storefront session as the customer's user. */
    impersonatorId: integer().references(() => users.id, { onDelete: 'cascade' }),
    ip: text(),
    userAgent: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

/** Personal API tokens (SPEC §7 request-token): stored hashed, shown once. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** 'read' tokens are refused on every state-changing route; 'read-write' act as the user. */
    scope: text({ enum: ['read', 'read-write'] })
      .notNull()
      .default('read-write'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  ...timestamps,
});

/** Failed sign-ins, for the throttle of DESIGN §5 (shared by every server instance). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    email: text().notNull(),
    ip: text().notNull(),
    ...timestamps,
  },
  (t) => [
    index().on(t.email, t.ip, t.createdAt),
    index().on(t.email, t.createdAt),
    index().on(t.ip, t.createdAt),
  ],
);

/**
 * Requests counted per client address (registration, forgot-password, token creation): the per-IP
 * limits of issue 17, shared by every server instance.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: id(),
    bucket: text().notNull(),
    key: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.bucket, t.key, t.createdAt)],
);

/**
 * Who did what, from where (issue 17 point 7): back-office writes with their fields from → to, and
 * the account events (sign-ins, failures, second factor, tokens, passwords). Append-only: a trigger
 * refuses UPDATE and DELETE. No foreign key, so the trail outlives the user it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: integer(),
    userEmail: text(),
    /** The customer's user a staff member acted as (issue 19 point 5); the actor is the staff member. */
    subjectUserId: integer(),
    subjectEmail: text(),
    action: text().notNull(),
    entity: text(),
    entityId: text(),
    changes: jsonb().$type<Record<string, { from: unknown; to: unknown }>>(),
    ip: text(),
  },
  (t) => [index().on(t.at), index().on(t.userId, t.at), index().on(t.entity, t.entityId, t.at)],
);

/** Instance-wide secrets and flags (the signing key when APP_KEY is not configured). */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: id(),
    key: text().notNull(),
    value: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.key)],
);
