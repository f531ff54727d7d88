import type { Order, Quote } from '@shop/domain';
import { expect, test } from '../fixtures';
import { orderableProducts, placeOrderAs } from '../shop/cart-helpers';

test('an administrator edits an order: reference, ERP reason, a quantity and a new row, totals from the server', async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs('admin');
  const [first, second] = await orderableProducts(page, 2, '&category=MUSICA');
  const { order, customerId } = await placeOrderAs(
    baseURL!,
    'private',
    [{ id: first!.id, quantity: 1 }],
    'cash_on_delivery',
  );

  await page.goto(`/backoffice/orders/${encodeURIComponent(order.orderNo)}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Modifica ordine' })).toBeVisible();
  await page.getByLabel('Riferimento ordine del cliente').fill('PO-E2E-1');
  await page.getByRole('combobox', { name: 'Causale ordine ERP' }).click();
  await page.getByRole('option', { name: 'Campionatura' }).click();
  await page.getByRole('textbox', { name: `Quantità di ${first!.sku}` }).fill('3');

  await page.getByPlaceholder('SKU o titolo (almeno 2 caratteri)').fill(second!.sku);
  await page.getByRole('option', { name: new RegExp(`^${second!.sku} · `) }).click();
  await page.getByRole('textbox', { name: 'Quantità', exact: true }).fill('2');
  await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(page.getByRole('textbox', { name: `Quantità di ${second!.sku}` })).toHaveValue('2');

  const xsrf = decodeURIComponent(
    (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
  );
  const quoteOf = async (products: { id: number; quantity: number }[]) =>
    (await (
      await page.request.post('/api/cart/quote', {
        data: {
          customer_id: customerId,
          payment_method: 'cash_on_delivery',
          products: products.map((p) => ({ ...p, isVariant: false })),
        },
        headers: { 'X-XSRF-TOKEN': xsrf },
      })
    ).json()) as Quote;
  const quote = await quoteOf([
    { id: first!.id, quantity: 3 },
    { id: second!.id, quantity: 2 },
  ]);

  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText(`Ordine ${order.orderNo} salvato`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/backoffice/orders/${order.orderNo}$`));

  const edited = (await (
    await page.request.get(`/api/orders/${encodeURIComponent(order.orderNo)}`)
  ).json()) as Order;
  expect(edited).toMatchObject({ customer_reference: 'PO-E2E-1', erp_order_reason: 'sample' });
  expect(edited.rows.map((r) => [r.product_sku, r.quantities.ordered, r.subtotal])).toEqual(
    quote.products.map((p) => [p.sku, p.quantity, p.totalPrice]),
  );
  // DESIGN §6 rule 16: the edited order costs what the cart of its rows costs, shipping threshold included.
  expect([edited.total_without_taxes, edited.vat, edited.shipping_costs, edited.total]).toEqual([
    quote.total_without_taxes,
    quote.vat,
    quote.shipping.price,
    quote.total,
  ]);
  expect(order.total).not.toBe(edited.total);
});
