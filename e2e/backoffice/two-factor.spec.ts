import AxeBuilder from '@axe-core/playwright';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { generate } from 'otplib';
import { accounts, expect, PASSWORD, test } from '../fixtures';

const STEP_MS = 30_000;
const stepOf = (ms: number) => Math.floor(ms / STEP_MS);

/**
 * A super admin of its own, created by the demo admin through the API: the journey turns two-factor
 * sign-in on, which must not change the demo admin the other journeys sign in as.
 */
async function createSuperAdmin(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL });
  await admin.get('/sanctum/csrf-cookie');
  const xsrf = async () =>
    decodeURIComponent((await admin.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const login = await admin.post('/login', {
    data: { email: accounts.admin, password: PASSWORD },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(login.status()).toBe(200);
  const email = `two-factor-${Date.now()}@example.com`;
  const password = 'Vinyl-lantern-harbour-83!';
  const created = await admin.post('/api/users', {
    data: { email, password, is_super_admin: true },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
  return { email, password };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a super admin sets up two-factor sign-in by its key, then signs in with a code and with a recovery code', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { email, password } = await createSuperAdmin(baseURL!);
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/backoffice$/);
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/backoffice\/account$/);
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

  // The test plays the authenticator app: it reads the key shown to type, and computes the codes.
  await expect(page.getByRole('img', { name: /QR code of the set-up key/ })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const secret = (await page.getByLabel('Set-up key').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const confirmedAt = Date.now();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const list = page.getByRole('list', { name: 'Your recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  await expect(page.getByText(/they are shown only this once/)).toBeVisible();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByText(/10 recovery codes left/)).toBeVisible();
  await signOut(page);

  // The password alone no longer signs in: the code of the app comes next.
  await signIn(page, email, password);
  const codeField = page.getByRole('textbox', { name: 'Authentication code' });
  await expect(codeField).toBeVisible();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('This code is wrong or has expired. Enter the code your app shows now.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);

  // Each code is accepted once: wait for the app's next code after the one that turned it on.
  const wait = (stepOf(confirmedAt) + 1) * STEP_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 500);
  await codeField.fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/backoffice$/);
  await signOut(page);

  // Without the phone: a recovery code, once.
  await signIn(page, email, password);
  await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/backoffice$/);
  await page.goto('/backoffice/account');
  await expect(page.getByText(/9 recovery codes left/)).toBeVisible();
  await signOut(page);

  await signIn(page, email, password);
  await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This recovery code has already been used.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});
