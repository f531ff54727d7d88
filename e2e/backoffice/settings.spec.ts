import type { Page } from '@playwright/test';
import type { Settings, Shop } from '@shop/domain';
import { expect, test } from '../fixtures';

/**
 * Issue 18 point 3: the shop's settings in the back office. What the administrator saves is what the
 * storefront shows next, without a restart.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
});

test("an administrator changes the shop's phone and the cash-on-delivery fee; the storefront's footer shows the new phone", async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await page.goto('/backoffice');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/backoffice\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const before = (await (await page.request.get('/api/settings')).json()) as Settings;

  try {
    const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
    await expect(phone).toHaveValue(before.phone);
    await phone.fill('+39 02 4242 4242');
    await page.getByRole('textbox', { name: 'Cash-on-delivery fee (VAT excluded)' }).fill('7.50');
    await expect(page.getByText('Next number: INV-', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved').last()).toBeVisible();

    // Visitors see the shop's contacts (administrators only a credit line).
    await page.context().clearCookies();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '+39 02 4242 4242' })).toBeVisible();
    const shop = (await (await page.request.get('/api/shop')).json()) as Shop;
    expect([shop.phone, shop.cod_fee]).toEqual(['+39 02 4242 4242', 750]);
  } finally {
    // The journeys share one database: the next ones find the demo's settings.
    await page.context().clearCookies();
    await loginAs('admin');
    const { mail_from_default, next_documents, ...settings } = before;
    const restored = await page.request.put('/api/settings', {
      data: settings,
      headers: { 'x-xsrf-token': await xsrf(page) },
    });
    expect(restored.status()).toBe(200);
  }
});

/** The CSRF token the browser holds, which a write through page.request sends back. */
async function xsrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((c) => c.name.endsWith('XSRF-TOKEN'))?.value ?? '');
}
