import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const dir = path.join(t.app.deps.config.dataDir, 'uploads', 'covers');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'MU-000001.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => t.close());

describe('GET /uploads/* (covers and product images)', () => {
  it('serves an uploaded cover to anyone, sandboxed, with a cache lifetime', async () => {
    const res = await t.client().get('/uploads/covers/MU-000001.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toContain('<svg');
  });

  it('answers 404 for a missing file and never leaves the uploads folder', async () => {
    expect((await t.client().get('/uploads/covers/NOPE.svg')).statusCode).toBe(404);
    expect((await t.client().get('/uploads/../../etc/passwd')).statusCode).toBe(404);
    expect((await t.client().get('/uploads/%2e%2e/%2e%2e/etc/passwd')).statusCode).toBe(404);
  });
});
