import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import type { CurrentUser, Settings } from '@shop/domain';
import { accounts, expect, fillSignIn, PASSWORD, test } from '../fixtures';
import { orderableProducts } from './cart-helpers';

/** A signed-in API context of the demo admin, as his browser would be (CSRF cookie, then sign-in). */
async function staffApi(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  await api.get('/sanctum/csrf-cookie');
  const xsrf = async () =>
    decodeURIComponent((await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const login = await api.post('/login', {
    data: { email: accounts.admin, password: PASSWORD },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(login.status()).toBe(200);
  return { api, xsrf };
}

/** Turns the shop's 'new companies wait for approval' setting on or off (issue 22), as staff. */
async function setNewCompanyApproval(
  { api, xsrf }: { api: APIRequestContext; xsrf: () => Promise<string> },
  on: boolean,
) {
  const {
    mail_from_default: _,
    next_documents: __,
    ...current
  } = (await (await api.get('/api/settings')).json()) as Settings;
  const saved = await api.put('/api/settings', {
    data: { ...current, new_company_approval: on },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a new company signs up, waits for the shop’s approval, is approved by staff, then orders', async ({
  page,
  browser,
  baseURL,
}) => {
  const staff = await staffApi(baseURL!);
  await setNewCompanyApproval(staff, true);
  try {
    const stamp = Date.now();
    const company = `Dischi Nuovi ${stamp}`;
    const email = `nuova-${stamp}@example.com`;
    const password = 'Vinile-Blu-42';
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));

    // a visitor finds the sign-up from the sign-in page and signs up his company
    await page.goto('/sign-in');
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('radio', { name: 'Company' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Company name' }).fill(company);
    await page.getByRole('textbox', { name: 'First name' }).fill('Marta');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Rossi');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'VAT number' }).fill('IT00743110157');
    await page.getByRole('textbox', { name: 'SDI code' }).click();
    await expect(page.getByText('The VAT Number seems valid')).toBeVisible();
    await page.getByRole('textbox', { name: 'SDI code' }).fill('ABC1234');
    await page.getByLabel(/^Password \*?$/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByRole('button', { name: 'Create the account' }).click();

    // signed in, he is told his account waits for the shop
    await expect(page.getByRole('heading', { name: 'Account waiting for approval' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the catalogue' }).click();
    await expect(page).toHaveURL(/\/products/);
    await page.goto('/profile');
    await expect(page.getByText("Your account is waiting for the shop's approval")).toBeVisible();
    const user = (await (await page.request.get('/api/user')).json()) as CurrentUser;
    expect(user.customer?.awaiting_approval).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();

    // staff approve the account from the back office's list
    const staffPage = await browser.newPage({ baseURL });
    await staffPage.addInitScript(() => localStorage.setItem('lang', 'en'));
    await staffPage.goto('/sign-in');
    await fillSignIn(staffPage, 'admin');
    await expect(staffPage).not.toHaveURL(/\/sign-in/);
    await staffPage.goto('/backoffice');
    await staffPage.getByRole('link', { name: 'Accounts to approve' }).click();
    await expect(staffPage).toHaveURL(/\/backoffice\/account-approvals/);
    const row = staffPage.getByRole('row').filter({ hasText: company });
    await expect(row).toContainText('IT00743110157');
    await expect(row).toContainText('ABC1234');
    await row.getByRole('button', { name: `Approve the account of ${company}` }).click();
    const confirm = staffPage.getByRole('dialog', { name: `Approve the account of ${company}?` });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(staffPage.getByText(`Account of ${company} approved.`)).toBeVisible();
    await expect(staffPage.getByRole('row').filter({ hasText: company })).toHaveCount(0);
    await staffPage.close();

    // he signs in again and orders: the order goes ahead at once
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/sign-in/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    await expect(page.getByText("Your account is waiting for the shop's approval")).toHaveCount(0);

    // his first address, then one product through the cart and the checkout
    const me = (await (await page.request.get('/api/user')).json()) as CurrentUser;
    const xsrf = decodeURIComponent(
      (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
    );
    for (const type of ['B', 'S'] as const) {
      const added = await page.request.post(`/api/customers/${me.customer!.id}/addresses`, {
        data: {
          type,
          company,
          address: 'Via Roma 1',
          postcode: '20100',
          city: 'Milano',
          country: 'IT',
          is_default: true,
        },
        headers: { 'X-XSRF-TOKEN': xsrf },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    const [product] = await orderableProducts(page, 1);
    await page.goto(`/products/${encodeURIComponent(product!.sku)}`);
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();
    await page.goto('/checkout');
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/checkout\/complete\/[^/]+$/);
    await expect(page.getByTestId('order-status')).toHaveText('Registered');
  } finally {
    await setNewCompanyApproval(staff, false);
    await staff.api.dispose();
  }
});
