import type { AuditChanges } from '@shop/domain';

/**
 * The "which fields, from → to" of an audit entry (issue 17 point 7): the difference of two snapshots
 * of a record, or the input of an action that has no single record to compare. Secrets never reach it.
 */

/** Keys whose values are never written to the log, at any depth: passwords, tokens, secrets, keys. */
const SECRET = /password|passwd|token|secret|api_?key|private_?key|totp|recovery_?code|hash/i;
export const REDACTED = '[redacted]';

/** Bookkeeping every write moves: the entry's own time says when. */
const BOOKKEEPING = new Set(['created_at', 'updated_at', 'createdAt', 'updatedAt']);

/** Past this many characters a value is cut: the log keeps what changed, not whole documents. */
const MAX_VALUE_CHARS = 2000;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

function bounded(value: unknown): unknown {
  const v = normalise(value);
  if (v === null || typeof v !== 'object') {
    return typeof v === 'string' && v.length > MAX_VALUE_CHARS ? `${v.slice(0, MAX_VALUE_CHARS)}…` : v;
  }
  const json = JSON.stringify(redacted(v));
  return json.length > MAX_VALUE_CHARS ? `${json.slice(0, MAX_VALUE_CHARS)}…` : JSON.parse(json);
}

/** A copy of `value` with every secret key's value replaced. */
export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (!isPlainObject(value)) return normalise(value);
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET.test(key) ? REDACTED : redacted(v)]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));

/**
 * The fields that differ between two snapshots, by dotted path (`rows.91.status`): nested objects are
 * compared field by field, anything else as a whole. A record that appears (a create) lists its
 * fields from null, one that disappears (a delete) its fields to null.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  prefix = '',
  out: AuditChanges = {},
): AuditChanges {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (BOOKKEEPING.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const from = before?.[key];
    const to = after?.[key];
    if (SECRET.test(key)) {
      if (!same(from, to)) out[path] = { from: REDACTED, to: REDACTED };
    } else if (before && after && isPlainObject(from) && isPlainObject(to)) {
      changesBetween(from, to, path, out);
    } else if (!same(from, to) && !(before === null && (to === null || to === undefined))) {
      out[path] = { from: bounded(from), to: bounded(to) };
    }
  }
  return out;
}

/**
 * An action's input as the entry's changes: each field with its value as `to` and no `from`, since
 * the action has no single previous state (an import, a refund, a stock movement).
 */
export function changesOfInput(input: Record<string, unknown>): AuditChanges {
  const out: AuditChanges = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    out[key] = { to: SECRET.test(key) ? REDACTED : bounded(value) } as AuditChanges[string];
  }
  return out;
}
