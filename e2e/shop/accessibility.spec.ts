import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';

/** WCAG 2 A/AA checks by axe on the public screens, in both themes: no serious or critical violation. */
for (const scheme of ['light', 'dark'] as const) {
  for (const url of ['/', '/sign-in', '/forgot-password', '/about', '/no/such/page']) {
    test(`${url} has no serious accessibility violation in the ${scheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}
