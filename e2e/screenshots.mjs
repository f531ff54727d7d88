// `npm run screenshots [-- <baseUrl>]`: pictures of the main screens in both themes and both languages,
// for a person to look at before calling a screen done. Needs a running shop (npm start).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.mjs';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
// Optional: only the screens whose name starts with this (`npm run screenshots -- <url> backoffice-order`).
const only = process.argv[3];
const out = path.resolve(import.meta.dirname, 'artifacts/screenshots');
mkdirSync(out, { recursive: true });

const asAdmin = (name, path, extra = {}) => ({ name, path, as: 'admin@example.com', ...extra });

const asCompany = (name, path) => ({ name, path, as: 'company@example.com' });

const screens = [
  { name: 'home', path: '/' },
  { name: 'sign-in', path: '/sign-in' },
  { name: 'not-found', path: '/no/such/page' },
  { name: 'about', path: '/about' },
  { name: 'forgot-password', path: '/forgot-password' },
  asCompany('products', '/products?category=MUSICA'),
  asCompany('profile', '/profile'),
  asCompany('profile-orders', '/profile/orders'),
  asCompany('profile-order-rows', '/profile/order-rows'),
  asCompany('profile-backorder', '/profile/backorder'),
  asCompany('profile-invoices', '/profile/invoices-downloads'),
  asCompany('profile-delivery-notes', '/profile/delivery-notes'),
  asCompany('profile-addresses', '/profile/addresses'),
  asCompany('profile-coupons', '/profile/coupons'),
  asCompany('profile-security', '/profile?tab=security'),
  asCompany('profile-team', '/profile/team'),
  asCompany('profile-approvals', '/profile/approvals'),
  { name: 'profile-buyer-orders', path: '/profile/orders', as: 'buyer@example.com' },
  { name: 'profile-buyer-order', path: '/profile/orders/2026-000061', as: 'buyer@example.com' },
  { name: 'profile-viewer-order-rows', path: '/profile/order-rows', as: 'accounts@example.com' },
  asAdmin('backoffice-discount-rules', '/backoffice/discount-rules'),
  asAdmin('backoffice-payment-terms', '/backoffice/payment-terms'),
  asAdmin('backoffice-payment-term', '/backoffice/payment-terms/5'),
  asAdmin('backoffice-price-lists', '/backoffice/price-lists'),
  asAdmin('backoffice-approvals', '/backoffice/approvals'),
  asAdmin('backoffice-coupons', '/backoffice/coupons'),
  asAdmin('backoffice-coupon-usage', '/backoffice/coupons/6/orders'),
  asAdmin('backoffice-campaigns', '/backoffice/campaigns'),
  asAdmin('backoffice-warehouse-transactions', '/backoffice/warehouse-transactions'),
  asAdmin('backoffice-shipping-methods', '/backoffice/shipping-methods'),
  asAdmin('backoffice', '/backoffice/products'),
  asAdmin('backoffice-dashboard', '/backoffice'),
  asAdmin('backoffice-orders', '/backoffice/orders'),
  asAdmin('backoffice-returns', '/backoffice/returns'),
  asAdmin('backoffice-return', '/backoffice/returns/1'),
  asAdmin('backoffice-e-invoices', '/backoffice/e-invoices'),
  { name: 'profile-private-order-returns', path: '/profile/orders/2026-000030', as: 'private@example.com' },
  { name: 'profile-private-invoices', path: '/profile/invoices-downloads', as: 'private@example.com' },
  asAdmin('backoffice-order', '/backoffice/orders/2026-000001'),
  asAdmin('backoffice-order-edit', '/backoffice/orders/2026-000001/edit'),
  asAdmin('backoffice-customers', '/backoffice/customers'),
  asAdmin('backoffice-customer', '/backoffice/customers/1'),
  asAdmin('backoffice-customer-addresses', '/backoffice/customers/1/customer-addresses'),
  asAdmin('backoffice-customer-user', '/backoffice/customers/1/customer-user'),
  asAdmin('backoffice-customer-users', '/backoffice/customers/1/users'),
  asAdmin('backoffice-queues', '/backoffice/queues'),
  asAdmin('backoffice-account', '/backoffice/account'),
  asAdmin('backoffice-audit-log', '/backoffice/audit-log'),
  asAdmin('backoffice-staff', '/backoffice/staff'),
  asAdmin('backoffice-settings', '/backoffice/settings'),
  asAdmin('backoffice-categories', '/backoffice/categories'),
  asAdmin('backoffice-category-tags', '/backoffice/categories/1/attribute-tags'),
  asAdmin('backoffice-brands', '/backoffice/brands'),
  asAdmin('backoffice-product', '/backoffice/products/MU-000001'),
  asAdmin('backoffice-product-attributes', '/backoffice/products/MU-000001/attributes'),
  asAdmin('backoffice-product-images', '/backoffice/products/MU-000001/images'),
  asAdmin('backoffice-product-sales', '/backoffice/products/MU-000001/sales'),
  asAdmin('backoffice-product-stock', '/backoffice/products/MU-000001/product-warehouse'),
  asAdmin('backoffice-product-variants', '/backoffice/products/ME-000001/variants'),
  // The list's import dialog, opened by its button (labelled in either language).
  asAdmin('backoffice-import', '/backoffice/products', {
    open: (page) =>
      page
        .getByRole('button', { name: /Import|Importa/ })
        .first()
        .click(),
  }),
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
        if (only && !screen.name.startsWith(only)) continue;
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
