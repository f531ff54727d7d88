import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The EU's VIES REST API; `/ms/{country}/vat/{number}` is appended. */
export const DEFAULT_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

const MB = 1024 * 1024;
const ms = z.coerce.number().int().min(100).max(86_400_000);
const count = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** A flag whose default depends on other variables: empty (`SEED_DEMO=` in an env file) leaves it unset. */
const optionalFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v ? v === 'true' || v === '1' : undefined));

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('localhost'),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    DATABASE_URL: z.url().optional(),
    // Issue 23: read replicas of DATABASE_URL for the storefront's catalogue reads, comma-separated.
    DATABASE_REPLICA_URLS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^postgres(ql)?$/, error: 'not a postgres:// URL' }))),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().default('Sonora <noreply@sonora.example>'),
    APP_KEY: z.string().min(32).optional(),
    COOKIE_SECURE: flag.default(false),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 14),
    SESSION_MAX_HOURS_STAFF: z.coerce.number().int().positive().default(12),
    SESSION_MAX_HOURS_CUSTOMER: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 30),
    // Unset: on in production (NODE_ENV=production), off for the demo, development and tests.
    TWO_FACTOR_REQUIRED_FOR_ADMINS: flag.optional(),
    NODE_ENV: z.string().optional(),
    // Unset: on for the embedded default only; with DATABASE_URL or NODE_ENV=production off (issue 18).
    SEED_DEMO: optionalFlag,
    JOBS: flag.default(true),
    // Issue 23: storefront lists from the in-process index, and how stale it may be when a list is asked.
    LIST_INDEX: flag.default(true),
    LIST_INDEX_FRESHNESS_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    TRUST_PROXY: flag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    // Unset: the test gateway takes online payments only on the embedded database outside production.
    PAYMENTS_TEST_MODE: optionalFlag,
    VIES_URL: z.union([z.literal(''), z.url()]).default(DEFAULT_VIES_URL),
    ERP_URL: z.union([z.literal(''), z.url()]).optional(),
    ERP_TOKEN: z.string().optional(),
    // Where FatturaPA files go when staff send them (issue 21): a folder the SDI intermediary collects.
    SDI_CHANNEL: z.enum(['folder', 'simulator', 'off']).default('folder'),
    SDI_DROP_DIR: z.string().optional(),
    SDI_TOKEN: z.string().optional(),
    // Error reporting (SPEC §9) is on only with a DSN; release and environment tag every event.
    SENTRY_DSN: z.union([z.literal(''), z.url()]).optional(),
    SENTRY_RELEASE: z.string().optional(),
    SENTRY_ENVIRONMENT: z.string().optional(),
    // GET /metrics answers only to this bearer token (404 without it); METRICS_PORT also serves it token-free.
    METRICS_TOKEN: z.union([z.literal(''), z.string().min(16)]).optional(),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    DB_STATEMENT_TIMEOUT_MS: ms.default(5_000),
    DB_LOCK_TIMEOUT_MS: ms.default(3_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms.default(30_000),
    DB_ACQUIRE_TIMEOUT_MS: ms.default(3_000),
    SHUTDOWN_TIMEOUT_MS: ms.default(10_000),
    QUICK_ORDER_MAX_BYTES: count.default(2 * MB),
    QUICK_ORDER_MAX_LINES: count.default(1_000),
    IMPORT_MAX_BYTES: count.default(50 * MB),
    IMPORT_MAX_UNPACKED_BYTES: count.default(250 * MB),
    IMPORT_MAX_ROWS: count.default(500_000),
  })
  // Without the webhook secret Stripe's outcomes could not be verified: orders would never leave pending.
  .refine((e) => !e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'required when STRIPE_SECRET_KEY is set',
  })
  // The demo's accounts have a published password: a production shop must never get them.
  .refine((e) => !(e.SEED_DEMO && e.NODE_ENV === 'production'), {
    path: ['SEED_DEMO'],
    message: 'the demo data (with its public passwords) is never loaded with NODE_ENV=production',
  });

/** How the shop runs (issue 18), computed once; the start-up line and GET /api/shop show it. */
export type Mode = {
  database: 'embedded' | 'postgresql';
  /** The demo data is loaded into an empty database at start. */
  demo: boolean;
  /** Stripe ('live'), the built-in test gateway ('test'), or no online payments at all ('off'). */
  payments: 'live' | 'test' | 'off';
};

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL streaming replicas the storefront's catalogue reads go to (db/replicas.ts); ignored,
   * with a warning at start, on the embedded database.
   */
  databaseReplicaUrls: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  appKey: string | undefined;
  cookieSecure: boolean;
  sessionTtlHours: number;
  /** The absolute lifetime of a session, however active it is (issue 17): staff's is short. */
  sessionMaxHours: { staff: number; customer: number };
  /** Issue 17 point 6: super admins must set up two-factor sign-in before using the back office. */
  twoFactorRequiredForAdmins: boolean;
  mode: Mode;
  /** Starts the job queue with the server (lib/jobs.ts); off, scheduled jobs such as cancel-unpaid never run. */
  jobs: boolean;
  /** Storefront lists from the in-process index (modules/products/list-index), at most `freshnessMs` behind. */
  listIndex: { enabled: boolean; freshnessMs: number };
  webDist: string;
  trustProxy: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Online payments go through Stripe when set, else through the built-in test gateway if `mode.payments` is 'test'. */
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** VAT numbers are also asked to VIES when set ('' turns it off); the checksum decides when it is unreachable. */
  viesUrl: string;
  /** The ERP's HTTP JSON API (DESIGN §8); without it the ERP synchronisation is off. */
  erpUrl: string | undefined;
  erpToken: string | undefined;
  /**
   * The SDI exchange of FatturaPA files (issue 21 point 4): `folder` writes each file staff send into
   * `dropDir` (what most intermediaries collect), `simulator` keeps them in memory (tests, demo), `off`
   * refuses to send. The SDI's notifications are accepted only signed with `token`.
   */
  sdi: { channel: 'folder' | 'simulator' | 'off'; dropDir: string; token: string | undefined };
  /** Sentry error reporting and tracing (lib/sentry.ts); undefined without SENTRY_DSN. */
  sentry: { dsn: string; release: string | undefined; environment: string } | undefined;
  /**
   * Prometheus metrics (lib/metrics.ts): GET /metrics with `Authorization: Bearer <token>` (404 while the
   * token is unset), and token-free on `port` at `host` (loopback by default) when a port is set.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /**
   * Nothing waits without limit (issue 15): every PostgreSQL connection runs with these timeouts, and
   * a request waits at most `acquireTimeoutMs` for a pooled connection. Imports and jobs set longer
   * ones on their own transactions.
   */
  database: {
    statementTimeoutMs: number;
    lockTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
    acquireTimeoutMs: number;
  };
  /** SIGTERM drains requests and running jobs for at most this long, then the process exits anyway. */
  shutdownTimeoutMs: number;
  /** What an uploaded spreadsheet may hold before it is parsed (lib/sheet-guard.ts). */
  uploads: {
    quickOrder: { maxBytes: number; maxRows: number };
    imports: { maxBytes: number; maxUnpackedBytes: number; maxRows: number };
  };
};

/** Reads and validates the environment once; fails with the list of bad variables (STYLE.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // A real deployment (PostgreSQL or NODE_ENV=production) gets neither the demo nor the test gateway unasked.
  const deployed = e.NODE_ENV === 'production' || Boolean(e.DATABASE_URL);
  const mode: Mode = {
    database: e.DATABASE_URL ? 'postgresql' : 'embedded',
    demo: e.SEED_DEMO ?? !deployed,
    payments: e.STRIPE_SECRET_KEY ? 'live' : (e.PAYMENTS_TEST_MODE ?? !deployed) ? 'test' : 'off',
  };
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appKey: e.APP_KEY,
    cookieSecure: e.COOKIE_SECURE,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionMaxHours: { staff: e.SESSION_MAX_HOURS_STAFF, customer: e.SESSION_MAX_HOURS_CUSTOMER },
    twoFactorRequiredForAdmins: e.TWO_FACTOR_REQUIRED_FOR_ADMINS ?? e.NODE_ENV === 'production',
    mode,
    jobs: e.JOBS,
    listIndex: { enabled: e.LIST_INDEX, freshnessMs: e.LIST_INDEX_FRESHNESS_MS },
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    viesUrl: e.VIES_URL.replace(/\/$/, ''),
    erpUrl: e.ERP_URL ? e.ERP_URL.replace(/\/$/, '') : undefined,
    erpToken: e.ERP_TOKEN || undefined,
    sdi: {
      channel: e.SDI_CHANNEL,
      dropDir: path.resolve(e.SDI_DROP_DIR || path.join(e.DATA_DIR, 'sdi-outbox')),
      token: e.SDI_TOKEN || undefined,
    },
    sentry: e.SENTRY_DSN
      ? {
          dsn: e.SENTRY_DSN,
          release: e.SENTRY_RELEASE || undefined,
          environment: e.SENTRY_ENVIRONMENT || e.NODE_ENV || 'development',
        }
      : undefined,
    metrics: { token: e.METRICS_TOKEN || undefined, port: e.METRICS_PORT, host: e.METRICS_HOST },
    database: {
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    uploads: {
      quickOrder: { maxBytes: e.QUICK_ORDER_MAX_BYTES, maxRows: e.QUICK_ORDER_MAX_LINES },
      imports: {
        maxBytes: e.IMPORT_MAX_BYTES,
        maxUnpackedBytes: e.IMPORT_MAX_UNPACKED_BYTES,
        maxRows: e.IMPORT_MAX_ROWS,
      },
    },
  };
}
