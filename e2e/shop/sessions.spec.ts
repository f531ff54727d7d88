import { expect, fillSignIn, test } from '../fixtures';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('a customer sees the browsers signed in to his account and signs another one out (issue 17)', async ({
  page,
  browser,
  baseURL,
}) => {
  // The customer's other browser: another context, as another computer would be.
  const elsewhere = await browser.newContext({ baseURL, userAgent: FIREFOX_LINUX });
  const other = await elsewhere.newPage();
  await other.goto('/sign-in');
  await fillSignIn(other, 'private');
  await expect(other).not.toHaveURL(/\/sign-in/);

  await page.goto('/sign-in');
  await fillSignIn(page, 'private');
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Browser connessi' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=sessions$/);

  const table = page.getByRole('table', { name: 'Browser connessi' });
  const mine = table.getByRole('row').filter({ hasText: 'Questo browser' });
  await expect(mine).toContainText('Chrome · Linux');
  await expect(mine).toContainText('127.0.0.1');
  const theirs = table.getByRole('row').filter({ hasText: 'Firefox · Linux' });
  await expect(theirs).toHaveCount(1);

  await theirs.getByRole('button', { name: /^Disconnetti Firefox · Linux/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnettere questo browser?' });
  await expect(dialog).toContainText('Firefox · Linux sarà disconnesso subito');
  await dialog.getByRole('button', { name: 'Disconnetti' }).click();
  await expect(page.getByText('Il browser è stato disconnesso.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Firefox · Linux' })).toHaveCount(0);
  await expect(mine).toBeVisible();

  // The signed-out browser finds itself signed out at its next page.
  await other.goto('/profile');
  await expect(other).toHaveURL(/redirect=%2Fprofile/);
  await expect(other.getByRole('button', { name: 'Accedi' })).toBeVisible();
  await elsewhere.close();
});
