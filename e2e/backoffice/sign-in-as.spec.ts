import type { AuditEntry, CurrentUser, Order } from '@shop/domain';
import { accounts, expect, test } from '../fixtures';
import { addFromProductPage, orderableProducts } from '../shop/cart-helpers';

test('an administrator signs in as buyer@example.com, orders for him and returns to the back office (issue 19)', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs('admin');

  // the company's page in the back office, its users, 'Sign in as' the buyer
  await page.goto('/backoffice/customers');
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(accounts.company);
  // The search reaches the URL after a pause: a click before it would be undone by it.
  await expect(page).toHaveURL(/q=company/);
  await page.getByRole('link', { name: 'Dischi Rossi S.r.l.' }).click();
  await expect(page).toHaveURL(/\/backoffice\/customers\/\d+$/);
  const customerPath = new URL(page.url()).pathname;
  await page.getByRole('tab', { name: 'Utenti' }).click();
  const buyerRow = page.getByRole('row').filter({ hasText: accounts.buyer });
  await buyerRow.getByRole('button', { name: 'Accedi come' }).click();
  const confirm = page.getByRole('dialog', { name: `Accedere come ${accounts.buyer}?` });
  await expect(confirm).toContainText('per al massimo 60 minuti');
  await confirm.getByRole('button', { name: 'Accedi come' }).click();

  // the storefront as the buyer sees it, with the banner naming both
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole('region', { name: 'Sessione dello staff come cliente' });
  await expect(banner).toContainText(`Sei collegato come ${accounts.buyer} da ${accounts.admin}`);
  const me = (await (await page.request.get('/api/user')).json()) as CurrentUser;
  expect(me).toMatchObject({ email: accounts.buyer, customer_role: 'buyer' });
  expect(me.impersonation?.staff_email).toBe(accounts.admin);

  // his password and tokens stay out of reach
  expect((await page.request.get(`/api/users/${me.id}/tokens`)).status()).toBe(403);

  // one unit, as agreed: within his 500 € limit, so registered at once
  const [product] = await orderableProducts(page, 1);
  await addFromProductPage(page, product!.sku);
  await expect(banner).toBeVisible();
  await page.goto('/cart');
  await page.getByTestId('proceed-to-checkout').click();
  await page.getByRole('radio', { name: 'Come da accordi' }).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/checkout\/complete\/[^/]+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Registrato');
  const orderNo = decodeURIComponent(page.url().split('/').pop()!);
  const order = (await (await page.request.get(`/api/orders/${orderNo}`)).json()) as Order;
  expect(order.channel).toBe('backoffice');
  expect(order.placed_by).toEqual({ email: accounts.buyer, staff_email: accounts.admin });

  // back to the back office, on the customer's page, as the administrator again
  await banner.getByRole('button', { name: 'Torna al back office' }).click();
  await expect(page).toHaveURL(new RegExp(`${customerPath}$`));
  const back = (await (await page.request.get('/api/user')).json()) as CurrentUser;
  expect(back).toMatchObject({ email: accounts.admin, is_super_admin: true, impersonation: null });

  // the audit trail names the administrator as actor and the buyer as subject, start to end
  const trail = await page.request.get(`/api/audit-log?user=${accounts.admin}&per_page=20`);
  const entries = ((await trail.json()) as { data: AuditEntry[] }).data;
  const asBuyer = entries.filter((e) => e.subject_email === accounts.buyer).map((e) => e.action);
  expect(asBuyer).toEqual(
    expect.arrayContaining(['impersonation-start', 'impersonation-action', 'impersonation-end']),
  );
});
