import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';

test('an administrator gets the back-office shell with its sidebar groups and no customer links', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await page.goto('/backoffice/products');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  for (const group of ['Prodotti', 'Clienti', 'Ordini', 'Generale']) {
    await expect(nav.getByText(group, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Profilo' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Carrello', exact: true })).toHaveCount(0);
});

test('a customer cannot open the back office', async ({ page, loginAs }) => {
  await loginAs('private');
  await page.goto('/backoffice/orders');
  await expect(page.getByText('Errore 404').or(page.getByText('Error 404'))).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the back-office shell has no serious accessibility violation in the ${scheme} theme`, async ({
    page,
    loginAs,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await loginAs('admin');
    await page.goto('/backoffice/customers');
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
