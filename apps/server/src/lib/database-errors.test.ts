import { describe, expect, it } from 'vitest';
import { databaseFailure } from './database-errors';

/** What each database failure means for the request that met it (issue 15). */

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** Drizzle wraps what the driver threw: `Failed query: …` with the driver's error as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('databaseFailure', () => {
  it.each([
    ['a terminated backend (57P01)', pgError('57P01'), 'unavailable'],
    ['a dropped database (57P04)', pgError('57P04'), 'unavailable'],
    ['a database being re-created (3D000)', pgError('3D000'), 'unavailable'],
    [
      'a database refusing connections (55000)',
      pgError('55000', 'database "shop" is not currently accepting connections'),
      'unavailable',
    ],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly'), 'unavailable'],
    ['the acquire timeout', new Error('timeout exceeded when trying to connect'), 'unavailable'],
    ['a connect timeout', new Error('Connection terminated due to connection timeout'), 'unavailable'],
    ['a refused socket', pgError('ECONNREFUSED'), 'unavailable'],
    ['statement_timeout (57014)', pgError('57014'), 'timeout'],
    ['lock_timeout (55P03)', pgError('55P03'), 'timeout'],
    ['idle_in_transaction_session_timeout (25P03)', pgError('25P03'), 'timeout'],
    ['a NUL byte in text (22021)', pgError('22021'), 'bad-input'],
    ['another 55000 (not a connection refusal)', pgError('55000', 'cannot do that now'), null],
    ['a unique violation', pgError('23505'), null],
    ['a plain error', new Error('boom'), null],
  ])('maps %s', (_, error, expected) => {
    expect(databaseFailure(error)).toBe(expected);
    expect(databaseFailure(wrapped(error))).toBe(expected);
  });
});
