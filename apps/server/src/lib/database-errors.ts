/**
 * What a database failure means for the request that met it (issue 15): the database went away or
 * is restarting ('unavailable': the request fails alone with a 503, the next gets a fresh connection),
 * a statement, lock or idle-transaction timeout stopped it ('timeout': 503), or a value PostgreSQL
 * refuses reached it ('bad-input': 422, a safety net behind the input rules of lib/input-rules.ts).
 */
export type DatabaseFailure = 'unavailable' | 'timeout' | 'bad-input';

const BY_SQLSTATE: Record<string, DatabaseFailure> = {
  '57P01': 'unavailable', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now: starting up or in recovery
  '53300': 'unavailable', // too_many_connections
  '57P04': 'unavailable', // database_dropped
  '3D000': 'unavailable', // invalid_catalog_name: connecting while the database is dropped or re-created
  '57014': 'timeout', // query_canceled: statement_timeout
  '55P03': 'timeout', // lock_not_available: lock_timeout
  '25P03': 'timeout', // idle_in_transaction_session_timeout
  '22021': 'bad-input', // character_not_in_repertoire: a NUL byte in text
  '22P05': 'bad-input', // untranslatable_character
  '22003': 'bad-input', // numeric_value_out_of_range: an id beyond its integer column
  '22P02': 'bad-input', // invalid_text_representation
  '22007': 'bad-input', // invalid_datetime_format
  '22008': 'bad-input', // datetime_field_overflow
  '54000': 'bad-input', // program_limit_exceeded: a value too large for an index row
};

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

/**
 * node-postgres' own texts when a connection ends or cannot be had in time, and PostgreSQL's refusal of
 * a new connection while the database takes none (55000, a code other failures share).
 */
const UNAVAILABLE_TEXT =
  /Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end|is not currently accepting connections/i;

/** The failure a thrown error stands for, looking through Drizzle's wrapping; null when none of these. */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string') {
      if (e.code.startsWith('08')) return 'unavailable'; // connection_exception class
      const known = BY_SQLSTATE[e.code];
      if (known) return known;
      if (NETWORK_CODES.has(e.code)) return 'unavailable';
    }
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return 'unavailable';
    e = e.cause as typeof e;
  }
  return null;
}
