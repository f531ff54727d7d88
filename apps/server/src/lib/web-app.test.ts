import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sonora</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("shop")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(() => t.close());

describe('serving the built web app', () => {
  it.each(['/', '/products/CD-1?tab=info', '/backoffice/orders', '/reset-password/abc', '/no/such/page'])(
    'answers the page %s with index.html so the client router renders it',
    async (url) => {
      const res = await t.client().get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.client().get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("shop")');
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.client().get('/favicon.svg')).statusCode).toBe(200);
  });

  it('keeps unknown API paths JSON 404s and API writes to unknown paths 404', async () => {
    const res = await t.client().get('/api/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
    const post = await t.client().post('/products', { a: 1 });
    expect(post.statusCode).toBe(404);
  });

  it('answers a missing upload with a 404, not the web app', async () => {
    const res = await t.client().get('/uploads/covers/NOPE.svg');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });
});
