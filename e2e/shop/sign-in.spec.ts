import { expect, fillSignIn, test } from '../fixtures';

test('a signed-out customer is sent to sign in, lands back on the protected page, and keeps language and theme', async ({
  page,
}) => {
  await page.goto('/products?category=MUSICA');
  await expect(page).toHaveURL(/redirect=%2Fproducts%3Fcategory%3DMUSICA/);
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();

  await fillSignIn(page, 'company');
  await expect(page).toHaveURL(/\/products\?category=MUSICA$/);
  await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();

  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'it');
  await page.getByLabel('Lingua').selectOption('en');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  const before = await html.getAttribute('data-mantine-color-scheme');
  await page.getByRole('button', { name: 'Theme' }).click();
  const after = before === 'dark' ? 'light' : 'dark';
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after);

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after);
  await expect(page).toHaveURL(/\/products\?category=MUSICA$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/redirect=%2Fprofile/);
});

test('a wrong password shows the SPEC message and stays on the form', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('company@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Wrong-pass1');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByText('Queste credenziali non corrispondono ai nostri archivi.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByText('Error 404')).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
