// `npm run screenshots [-- <baseUrl>]`: pictures of the main screens in both themes and both languages,
// for a person to look at before calling a screen done. Needs a running shop (npm start).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.mjs';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const out = path.resolve(import.meta.dirname, 'artifacts/screenshots');
mkdirSync(out, { recursive: true });

const screens = [
  { name: 'home', path: '/' },
  { name: 'sign-in', path: '/sign-in' },
  { name: 'not-found', path: '/no/such/page' },
  { name: 'about', path: '/about' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'products', path: '/products?category=MUSICA', as: 'company@example.com' },
  { name: 'backoffice', path: '/backoffice/products', as: 'admin@example.com' },
  { name: 'backoffice-categories', path: '/backoffice/categories', as: 'admin@example.com' },
  { name: 'backoffice-category-tags', path: '/backoffice/categories/1/attribute-tags', as: 'admin@example.com' },
  { name: 'backoffice-brands', path: '/backoffice/brands', as: 'admin@example.com' },
  { name: 'backoffice-product', path: '/backoffice/products/MU-000001', as: 'admin@example.com' },
  { name: 'backoffice-product-attributes', path: '/backoffice/products/MU-000001/attributes', as: 'admin@example.com' },
  { name: 'backoffice-product-images', path: '/backoffice/products/MU-000001/images', as: 'admin@example.com' },
  { name: 'backoffice-product-sales', path: '/backoffice/products/MU-000001/sales', as: 'admin@example.com' },
  { name: 'backoffice-product-stock', path: '/backoffice/products/MU-000001/product-warehouse', as: 'admin@example.com' },
  { name: 'backoffice-product-variants', path: '/backoffice/products/ME-000001/variants', as: 'admin@example.com' },
  {
    name: 'backoffice-import',
    path: '/backoffice/products',
    as: 'admin@example.com',
    // The import dialog of the list (the button's label in either language).
    open: (page) => page.getByRole('button', { name: /Import|Importa/ }).first().click(),
  },
  { name: 'backoffice-customer', path: '/backoffice/customers/1', as: 'admin@example.com' },
];

const browser = await chromium.launch(chromiumLaunchOptions);
for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844, mobile: true },
]) {
  for (const lang of ['it', 'en']) {
    for (const scheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, colorScheme: scheme, baseURL: baseUrl });
      await context.addInitScript(
        ([l, s]) => {
          localStorage.setItem('lang', l);
          localStorage.setItem('shop-color-scheme', s);
        },
        [lang, scheme],
      );
      const page = await context.newPage();
      for (const screen of screens) {
        if (viewport.mobile && screen.name.startsWith('backoffice-')) continue;
        if (screen.as) await signIn(page, screen.as);
        await page.goto(screen.path);
        await page.waitForLoadState('networkidle');
        if (screen.open) {
          await screen.open(page);
          await page.waitForTimeout(400);
        }
        const file = `${screen.name}-${lang}-${scheme}${viewport.mobile ? '-mobile' : ''}.png`;
        await page.screenshot({ path: path.join(out, file), fullPage: !viewport.mobile });
        if (screen.as) await context.clearCookies();
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots in ${out}`);

async function signIn(page, email) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Password1!');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}
