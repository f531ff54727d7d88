import type { QueueJob, QueueSummary } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Jobs, startJobs } from '../../lib/jobs';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { openShop, type Shop } from '../orders/checkout.fixtures';

/**
 * The back office's queue management (SPEC §2 navbar link, DESIGN §8): every queue with its jobs by
 * state, a queue's failed jobs with their error, retry and delete. Admin only; 409 while jobs are off.
 */

const QUEUE = 'test-failing';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let shop: Shop;
let jobs: Jobs;
let admin: TestClient;

beforeAll(async () => {
  shop = await openShop();
  jobs = await startJobs(shop.t.app.deps, shop.t.database, shop.t.app.log);
  await jobs.boss.createQueue(QUEUE);
  admin = shop.clients.admin;
});
afterAll(async () => {
  await jobs.stop();
  await shop.t.close();
});

/** A job of the test queue that failed for good: sent with no retries, fetched, failed with `error`. */
async function failedJob(error: string): Promise<string> {
  const id = await jobs.boss.send(QUEUE, { orderNo: '2026-000042' }, { retryLimit: 0 });
  expect(id).toEqual(expect.any(String));
  const fetched = await jobs.boss.fetch(QUEUE, { batchSize: 10 });
  expect(fetched.map((job) => job.id)).toContain(id);
  await jobs.boss.fail(QUEUE, id!, new Error(error));
  return id!;
}

async function countsOf(name: string) {
  const res = await admin.get('/api/queues');
  expect(res.statusCode).toBe(200);
  const body = res.json() as { enabled: boolean; data: QueueSummary[] };
  expect(body.enabled).toBe(true);
  return body.data.find((q) => q.name === name)?.counts;
}

async function jobsOf(name: string, state?: string): Promise<QueueJob[]> {
  const res = await admin.get(`/api/queues/${name}/jobs${state ? `?state=${state}` : ''}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: QueueJob[] }).data;
}

describe('who may use it', () => {
  it.each([
    ['GET', '/api/queues'],
    ['GET', `/api/queues/${QUEUE}/jobs`],
    ['POST', `/api/queues/${QUEUE}/jobs/${UNKNOWN_ID}/retry`],
    ['DELETE', `/api/queues/${QUEUE}/jobs/${UNKNOWN_ID}`],
  ] as const)('%s %s: a visitor gets 401, a customer 403', async (method, url) => {
    const visitor = shop.t.client();
    await visitor.get('/sanctum/csrf-cookie');
    expect((await visitor.request(method, url)).statusCode).toBe(401);
    expect((await shop.clients.company.request(method, url)).statusCode).toBe(403);
  });
});

describe('with jobs on', () => {
  it("lists every queue with its jobs by state, zero where none, and none of pg-boss's own", async () => {
    const res = await admin.get('/api/queues');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { enabled: boolean; data: QueueSummary[] };
    expect(body.enabled).toBe(true);
    const names = body.data.map((q) => q.name);
    expect(names).toContain(QUEUE);
    expect(names).toContain('cancel-unpaid');
    expect(names.filter((name) => name.startsWith('__pgboss__'))).toEqual([]);
    expect(names).toEqual([...names].sort());
    expect(body.data.find((q) => q.name === 'cancel-unpaid')?.counts).toEqual(
      expect.objectContaining({ active: 0, cancelled: 0, failed: 0 }),
    );
  });

  it('shows a failed job with its error, and retrying it takes it out of failed', async () => {
    const before = (await countsOf(QUEUE))!;
    const id = await failedJob('ERP unreachable');

    expect(await countsOf(QUEUE)).toEqual({ ...before, failed: before.failed + 1 });
    const failed = await jobsOf(QUEUE);
    expect(failed.find((job) => job.id === id)).toEqual({
      id,
      state: 'failed',
      data: { orderNo: '2026-000042' },
      error: 'ERP unreachable',
      retry_count: 0,
      retry_limit: 0,
      created_at: expect.any(String),
      started_at: expect.any(String),
      completed_at: expect.any(String),
    });
    expect(await jobsOf(QUEUE, 'failed')).toEqual(failed);

    const retried = await admin.post(`/api/queues/${QUEUE}/jobs/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, state: 'retry', retry_limit: 1, error: 'ERP unreachable' });
    expect(await countsOf(QUEUE)).toEqual({ ...before, retry: before.retry + 1 });
    expect((await jobsOf(QUEUE, 'failed')).map((job) => job.id)).not.toContain(id);
    expect((await jobsOf(QUEUE, 'retry')).map((job) => job.id)).toContain(id);

    const again = await admin.post(`/api/queues/${QUEUE}/jobs/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed job can be retried.');
  });

  it('deletes a failed job: 204, and it is gone', async () => {
    const id = await failedJob('Mail server said no');
    const before = (await countsOf(QUEUE))!;

    const res = await admin.delete(`/api/queues/${QUEUE}/jobs/${id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await jobsOf(QUEUE)).map((job) => job.id)).not.toContain(id);
    expect(await countsOf(QUEUE)).toEqual({ ...before, failed: before.failed - 1 });
    expect((await admin.delete(`/api/queues/${QUEUE}/jobs/${id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a running job with 409', async () => {
    const id = await jobs.boss.send(QUEUE, {});
    await jobs.boss.fetch(QUEUE, { batchSize: 10 });
    const res = await admin.delete(`/api/queues/${QUEUE}/jobs/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A running job cannot be deleted.');
    expect((await jobsOf(QUEUE, 'active')).map((job) => job.id)).toContain(id);
  });

  it('answers 404 for an unknown queue or job, 422 for a malformed id', async () => {
    const unknownQueue = await admin.get('/api/queues/no-such-queue/jobs?state=failed');
    expect(unknownQueue.statusCode).toBe(404);
    expect(unknownQueue.json().message).toBe('Not Found');
    expect((await admin.get('/api/queues/__pgboss__send-it/jobs')).statusCode).toBe(404);
    expect((await admin.post(`/api/queues/${QUEUE}/jobs/${UNKNOWN_ID}/retry`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/queues/${QUEUE}/jobs/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/queues/no-such-queue/jobs/${UNKNOWN_ID}/retry`)).statusCode).toBe(404);
    expect((await admin.post(`/api/queues/${QUEUE}/jobs/not-a-uuid/retry`)).statusCode).toBe(422);
    expect((await admin.get(`/api/queues/${QUEUE}/jobs?state=lost`)).statusCode).toBe(422);
  });
});

describe('with jobs off', () => {
  let off: TestApp;
  let offAdmin: TestClient;
  beforeAll(async () => {
    off = await createTestApp();
    const { email } = await createUser(off.db, { isSuperAdmin: true });
    offAdmin = off.client();
    expect((await offAdmin.login(email, PASSWORD)).statusCode).toBe(200);
  });
  afterAll(() => off.close());

  it('says the queue is off, with no queues, and refuses every action with 409', async () => {
    const list = await offAdmin.get('/api/queues');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ enabled: false, data: [] });
    for (const res of [
      await offAdmin.get(`/api/queues/${QUEUE}/jobs`),
      await offAdmin.post(`/api/queues/${QUEUE}/jobs/${UNKNOWN_ID}/retry`),
      await offAdmin.delete(`/api/queues/${QUEUE}/jobs/${UNKNOWN_ID}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The job queue is off.');
    }
  });
});
