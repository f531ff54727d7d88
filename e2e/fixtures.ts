import { test as base, expect, type Page, request } from '@playwright/test';

/** The demo accounts of DESIGN §10. */
export const accounts = {
  admin: 'admin@example.com',
  company: 'company@example.com',
  private: 'private@example.com',
  extra: 'extra@example.com',
  /** company@example.com's colleagues (issue 19): a buyer with a 500 € per-order limit, a viewer. */
  buyer: 'buyer@example.com',
  accounts: 'accounts@example.com',
} as const;
export const PASSWORD = 'Password1!';
export type Role = keyof typeof accounts;

/**
 * Signs out from the header and waits until the shop says so: a sign-in right after the click could
 * otherwise reach /sign-in while the session still stands, and be sent on as the old user.
 */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^(Esci|Sign out)$/ }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^(Accedi|Sign in)$/ })).toBeVisible();
}

/** Fills the sign-in form as a user would; the page must show it. */
export async function fillSignIn(page: Page, role: Role) {
  await page.getByLabel('Email').fill(accounts[role]);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /^(Accedi|Sign in)$/ }).click();
}

/** Empties a customer's server-side cart through the API, in a context of its own (issue 22). */
export async function emptyServerCart(baseURL: string, role: Role) {
  const api = await request.newContext({ baseURL });
  try {
    await api.get('/sanctum/csrf-cookie');
    const xsrf = async () =>
      decodeURIComponent((await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
    const login = await api.post('/login', {
      data: { email: accounts[role], password: PASSWORD },
      headers: { 'X-XSRF-TOKEN': await xsrf() },
    });
    if (login.status() !== 200) return;
    await api.put('/api/cart', { data: { products: [] }, headers: { 'X-XSRF-TOKEN': await xsrf() } });
    // its session ends here, so the journeys' lists of signed-in browsers stay as they were
    await api.post('/logout', { headers: { 'X-XSRF-TOKEN': await xsrf() } });
  } finally {
    await api.dispose();
  }
}

/** A `securitypolicyviolation` event seen by one of the shop's own pages. */
type CspViolation = { directive: string; blockedURI: string; source: string; page: string };

export const test = base.extend<{ loginAs: (role: Role) => Promise<void>; cspViolations: CspViolation[] }>({
  // Issue 17 point 1: every page of every journey runs under the server's CSP, and any violation
  // (a blocked script, style, frame, eval…) fails the test that met it.
  cspViolations: [
    async ({ context, baseURL }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding('__cspViolation', (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(
        (origin) => {
          // Third-party frames (the players) answer to their own CSP, not the shop's.
          if (location.origin !== origin) return;
          document.addEventListener('securitypolicyviolation', (event) => {
            const report = (window as unknown as { __cspViolation: (v: CspViolation) => void })
              .__cspViolation;
            void report({
              directive: event.effectiveDirective,
              blockedURI: event.blockedURI,
              source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
              page: location.href,
            });
          });
        },
        new URL(baseURL ?? 'http://127.0.0.1:3000').origin,
      );
      await use(violations);
      // One round trip per open page delivers the reports of events already dispatched (bounded: a
      // page stuck at a timeout must not hold the teardown).
      const flushed = Promise.all(context.pages().map((page) => page.evaluate(() => 0).catch(() => 0)));
      await Promise.race([flushed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      const lines = violations.map(
        (v) => `${v.directive} blocked ${v.blockedURI || '(inline)'} on ${v.page} at ${v.source}`,
      );
      expect(lines, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  loginAs: async ({ page, baseURL }, use) => {
    await use(async (role) => {
      // A customer's cart lives on the server (issue 22): each journey starts from an empty one.
      if (role !== 'admin') await emptyServerCart(baseURL ?? 'http://127.0.0.1:3000', role);
      await page.goto('/sign-in');
      await fillSignIn(page, role);
      await expect(page).not.toHaveURL(/\/sign-in/);
    });
  },
});
export { expect };
