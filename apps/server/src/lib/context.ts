import type { ApiTokenScope, CustomerRole } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { TtlLruCache } from './lru-cache';
import type { Mailer } from './mailer';
import type { Metrics } from './metrics';

/** Who is calling: resolved once per request from the session cookie or a Bearer token. */
export type Actor = {
  userId: number;
  email: string;
  isSuperAdmin: boolean;
  customerId: number | null;
  /** The user's role in his company (issue 19); null for staff. */
  customerRole: CustomerRole | null;
  sessionId: number | null;
  tokenId: number | null;
  /** The Bearer token's scope; absent for a session. A 'read' token is refused on every write. */
  tokenScope?: ApiTokenScope;
  /**
   * The staff member who opened this session as the customer's user (issue 19 point 5): the audit
   * trail names him as actor, orders he places get channel 'backoffice'. Null otherwise.
   */
  impersonator: { userId: number; email: string; until: Date } | null;
};

/** What every service needs, built once at start-up; tests pass their own clock and mailer. */
export type Deps = {
  db: Db;
  /**
   * The read replicas' Db (db/replicas.ts), or `db` without replicas: only for the storefront's
   * catalogue reads, through catalogueReadCtx.
   */
  readDb: Db;
  config: Config;
  /** Sends through the mail queue when the jobs run (lib/mailer.ts queuedMailer). */
  mailer: Mailer;
  /** Sends now: what the mail queue's worker hands each message to. */
  mailTransport: Mailer;
  now: () => Date;
  /** HMAC key for CSRF tokens (APP_KEY, or one generated once and kept in the database). */
  signingKey: Buffer;
  /** Recently looked-up sessions, by token hash (modules/auth/session-cache.ts). */
  sessions: TtlLruCache<CachedSession>;
  /** The job queue, once main.ts has started it (lib/jobs.ts); null while jobs are off. */
  jobs: { boss: PgBoss | null };
  /** Prometheus counters the services bump (orders placed, payments); lib/metrics.ts. */
  metrics: Metrics;
};

export type CachedSession = { actor: Actor; expiresAt: number };

/** A service call's context: the dependencies, the logger and the actor (Vendure's RequestContext). */
export type Ctx = Deps & {
  log: FastifyBaseLogger;
  actor: Actor | null;
  /** The client's address (the proxy's X-Forwarded-For only behind TRUST_PROXY); absent in jobs. */
  ip?: string;
};

/**
 * The ctx of a storefront catalogue read (issue 23): its queries go to the read replicas, which may be
 * a few seconds behind (docs/decisions.md, "Read replicas"). Staff stay on the primary: the back office
 * must see its own writes at once.
 */
export function catalogueReadCtx(ctx: Ctx): Ctx {
  const staff = ctx.actor !== null && (ctx.actor.isSuperAdmin || ctx.actor.customerId === null);
  return staff || ctx.readDb === ctx.db ? ctx : { ...ctx, db: ctx.readDb };
}
