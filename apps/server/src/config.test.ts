import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/** Issue 18 point 1: what the environment makes of the database, the demo data and the payments. */

const PG = 'postgres://shop@db.example/shop';
const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' };

describe('the mode', () => {
  it.each([
    [{}, { database: 'embedded', demo: true, payments: 'test' }],
    [{ DATABASE_URL: PG }, { database: 'postgresql', demo: false, payments: 'off' }],
    [
      { DATABASE_URL: PG, SEED_DEMO: 'true' },
      { database: 'postgresql', demo: true, payments: 'off' },
    ],
    [
      { DATABASE_URL: PG, PAYMENTS_TEST_MODE: 'true' },
      { database: 'postgresql', demo: false, payments: 'test' },
    ],
    [{ SEED_DEMO: 'false' }, { database: 'embedded', demo: false, payments: 'test' }],
    [
      { NODE_ENV: 'production', SEED_DEMO: '', PAYMENTS_TEST_MODE: '' },
      { database: 'embedded', demo: false, payments: 'off' },
    ],
    [{ NODE_ENV: 'production' }, { database: 'embedded', demo: false, payments: 'off' }],
    [
      { NODE_ENV: 'production', DATABASE_URL: PG },
      { database: 'postgresql', demo: false, payments: 'off' },
    ],
    [
      { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' },
      { database: 'embedded', demo: false, payments: 'test' },
    ],
    [
      { NODE_ENV: 'production', ...STRIPE },
      { database: 'embedded', demo: false, payments: 'live' },
    ],
    [
      { ...STRIPE, PAYMENTS_TEST_MODE: 'true' },
      { database: 'embedded', demo: true, payments: 'live' },
    ],
    [{ PAYMENTS_TEST_MODE: 'false' }, { database: 'embedded', demo: true, payments: 'off' }],
  ])('%o runs as %o', (env, mode) => {
    expect(loadConfig(env).mode).toEqual(mode);
  });

  it('refuses to start with the demo data in production, whose accounts have a public password', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      'SEED_DEMO: the demo data (with its public passwords) is never loaded with NODE_ENV=production',
    );
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' }).mode.demo).toBe(false);
  });
});

describe('DATABASE_REPLICA_URLS (issue 23)', () => {
  it('reads the comma-separated replicas, blanks around commas ignored', () => {
    expect(
      loadConfig({
        DATABASE_URL: PG,
        DATABASE_REPLICA_URLS: 'postgres://shop@replica-1:5432/shop , postgresql://shop@replica-2/shop,',
      }).databaseReplicaUrls,
    ).toEqual(['postgres://shop@replica-1:5432/shop', 'postgresql://shop@replica-2/shop']);
  });

  it('has no replicas when unset or empty', () => {
    expect(loadConfig({ DATABASE_URL: PG }).databaseReplicaUrls).toEqual([]);
    expect(loadConfig({ DATABASE_URL: PG, DATABASE_REPLICA_URLS: '' }).databaseReplicaUrls).toEqual([]);
  });

  it('names the replica that is not a PostgreSQL URL', () => {
    expect(() =>
      loadConfig({
        DATABASE_URL: PG,
        DATABASE_REPLICA_URLS: 'postgres://shop@replica-1/shop,http://replica-2/shop',
      }),
    ).toThrow('DATABASE_REPLICA_URLS.1: not a postgres:// URL');
  });
});
