import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, PASSWORD } from '../test/factories';

const THEME_SCRIPT = "document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');";

/** A built web app as Vite emits it: one inline script, the entry module and a hashed asset. */
function fakeWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><head><script>${THEME_SCRIPT}</script>` +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("shop")');
  return dist;
}

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp.split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const answers = {
  'an API route': (t: TestApp) => t.client().get('/api/health'),
  'an API 404': (t: TestApp) => t.client().get('/api/no-such-thing'),
  'an error (419)': (t: TestApp) => t.client().post('/logout'),
  'index.html': (t: TestApp) => t.client().get('/backoffice/orders'),
  'a static asset': (t: TestApp) => t.client().get('/assets/index-abc123.js'),
};

describe('security headers with COOKIE_SECURE off (issue 17 point 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: fakeWebDist() });
  });
  afterAll(() => t.close());

  it.each(Object.entries(answers))('puts the strict CSP on %s', async (_, send) => {
    const res = await send(t);
    const csp = directives(res);
    const themeHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", themeHash]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual([
      'https://www.youtube.com',
      'https://youtube.com',
      'https://www.youtube-nocookie.com',
      'https://open.spotify.com',
    ]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('names the cookies without the __Host- prefix over plain http', async () => {
    const { email } = await createUser(t.db);
    const res = await t.client().login(email, PASSWORD);
    const names = res.cookies.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['XSRF-TOKEN', 'sonora_session']));
    expect(names.filter((name) => name.startsWith('__Host-'))).toEqual([]);
  });
});

describe('security headers with COOKIE_SECURE=true (issue 17 point 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: fakeWebDist(), COOKIE_SECURE: 'true' });
  });
  afterAll(() => t.close());

  it.each(Object.entries(answers))('adds HSTS to %s', async (_, send) => {
    const res = await send(t);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sets the XSRF cookie as __Host-XSRF-TOKEN: secure, path /, no domain', async () => {
    const res = await t.client().get('/sanctum/csrf-cookie');
    expect(res.cookies).toEqual([
      expect.objectContaining({ name: '__Host-XSRF-TOKEN', path: '/', secure: true }),
    ]);
    expect(res.cookies[0]?.domain).toBeUndefined();
  });

  it('signs in with __Host- cookies that then authenticate and pass the CSRF check', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    const res = await client.login(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((c) => c.name === '__Host-sonora_session');
    expect(session).toMatchObject({ path: '/', secure: true, httpOnly: true });
    expect(res.cookies.find((c) => c.name === '__Host-XSRF-TOKEN')).toMatchObject({
      path: '/',
      secure: true,
    });
    // the browser drops a __Host- cookie unless it is Secure, on path '/' and without a Domain
    for (const c of res.cookies)
      expect(c).toMatchObject({ name: expect.stringMatching(/^__Host-/), path: '/', secure: true });
    expect(res.cookies.filter((c) => c.domain !== undefined)).toEqual([]);

    expect((await client.get('/api/user')).json().email).toBe(email);
    expect((await client.post('/logout', undefined, { 'x-xsrf-token': '' })).statusCode).toBe(419);
    expect((await client.post('/logout')).statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('ignores a session cookie sent without the prefix', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    await client.login(email, PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { sonora_session: client.cookies.get('__Host-sonora_session')! },
    });
    expect(res.statusCode).toBe(401);
  });
});
