import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { listIndexOf } from '../products/list-index/list-index.service';

/** Liveness answers from the process alone, readiness from a database round trip (issue 15). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health probes', () => {
  it('answers liveness with 200 on /api/health/live', async () => {
    const response = await t.client().get('/api/health/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness with 200 on /api/health/ready and /api/health, reporting jobs not started', async () => {
    await listIndexOf(t.db)!.ready;
    for (const url of ['/api/health/ready', '/api/health']) {
      const response = await t.client().get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ready',
        database: 'up',
        jobs: 'stopped',
        list_index: 'ready',
      });
    }
  });

  it("reports the jobs and the list index 'off' when JOBS=false and LIST_INDEX=false", async () => {
    const off = await createTestApp({ JOBS: 'false', LIST_INDEX: 'false' });
    try {
      expect((await off.client().get('/api/health/ready')).json()).toMatchObject({
        jobs: 'off',
        list_index: 'off',
      });
    } finally {
      await off.close();
    }
  });

  it('answers readiness with 503 once the database is gone, liveness still with 200', async () => {
    const gone = await createTestApp();
    try {
      await gone.database.close();
      for (const url of ['/api/health/ready', '/api/health']) {
        const ready = await gone.client().get(url);
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'down', jobs: 'stopped' });
      }
      expect((await gone.client().get('/api/health/live')).statusCode).toBe(200);
    } finally {
      await gone.app.close();
    }
  });
});
