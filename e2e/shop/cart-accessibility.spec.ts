import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { orderableProducts } from './cart-helpers';

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** WCAG 2 A/AA by axe on the money path's screens, filled as a customer sees them, in both themes. */
for (const scheme of ['light', 'dark'] as const) {
  test(`quick order, cart, checkout and confirmation have no serious accessibility violation in the ${scheme} theme`, async ({
    page,
    loginAs,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await loginAs('company');
    const products = await orderableProducts(page, 3, '&category=EDITORIA');
    const found: string[] = [];

    await page.goto('/quick-order');
    await page
      .getByLabel('Codici e quantità')
      .fill(`${products.map((p) => `${p.sku} 2`).join('\n')}\nNOPE-0000 1`);
    await page.getByRole('button', { name: 'Aggiungi al carrello', exact: true }).click();
    await expect(page.getByTestId('quick-order-line')).toHaveCount(4);
    found.push(...(await seriousViolations(page, '/quick-order')));

    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(3);
    found.push(...(await seriousViolations(page, '/cart')));

    await page.goto('/checkout');
    await page.getByRole('radio', { name: 'Contrassegno' }).check();
    await expect(page.getByTestId('cod-fee')).toBeVisible();
    found.push(...(await seriousViolations(page, '/checkout')));

    await page.getByTestId('place-order').click();
    await expect(page.getByTestId('order-status')).toHaveText('Registrato');
    found.push(...(await seriousViolations(page, '/checkout/complete')));
    expect(found).toEqual([]);
  });
}
