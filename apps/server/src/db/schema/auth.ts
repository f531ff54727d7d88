import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { customers } from './customers';

/** SPEC §3 User: the sign-in account; a customer's, or staff's when customer is absent. */
export const users = pgTable('users', {
  id: id(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  isSuperAdmin: boolean().notNull().default(false),
  customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** Server-side sessions (DESIGN §5): the cookie holds a random token, the row its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  (t) => [index().on(t.email, t.ip, t.createdAt), index().on(t.email, t.createdAt)],
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
