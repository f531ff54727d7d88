import type { Order, Quote } from '@shop/domain';
import { expect, fillSignIn, test } from '../fixtures';
import { addFromProductPage, euro, nextQuote, orderableProducts } from './cart-helpers';

test('a guest’s cart joins the customer’s at sign-in, and a cash-on-delivery order shows its fee', async ({
  page,
  loginAs,
}) => {
  // the private customer already has a featured product in their cart from an earlier visit
  await loginAs('private');
  await page.goto('/');
  const orderable = page
    .getByTestId('home-featured-products')
    .getByTestId('product-card')
    .filter({ has: page.getByRole('button', { name: 'Aggiungi al carrello' }) });
  const cardAt = async (index: number) => {
    const card = orderable.nth(index);
    return {
      card,
      sku: (await card.getAttribute('data-sku'))!,
      description: (await card.getByRole('heading', { level: 3 }).textContent())!.trim(),
    };
  };
  const kept = await cardAt(0);
  await kept.card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(page.getByTestId('cart-count')).toContainText('1');
  // The 'added to cart' toast sits over the header's buttons until it closes by itself.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Accedi' })).toBeVisible();

  // a visitor sees the home showcases at list prices and fills the guest cart: one unit and two units
  await page.goto('/');
  await expect(page.getByTestId('sign-in-prompt')).toBeVisible();
  const guestKept = await cardAt(0);
  expect(guestKept.sku).toBe(kept.sku);
  await guestKept.card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  const other = await cardAt(1);
  await other.card.getByRole('textbox', { name: `Quantità di ${other.description}` }).fill('2');
  await other.card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(page.getByTestId('cart-count')).toContainText('3');

  await page.goto('/sign-in');
  await fillSignIn(page, 'private');
  await expect(page.getByTestId('cart-count')).toContainText('4');
  expect(await page.evaluate(() => localStorage.getItem('shop-cart:guest'))).toBeNull();

  // merged: the product in both carts is one line of 2, the guest's other product a line of 2
  const cartQuote = nextQuote(page);
  await page.getByRole('link', { name: 'Carrello (4 articoli)' }).click();
  const priced = await cartQuote;
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  for (const product of [kept, other]) {
    const line = page.locator(`[data-testid=cart-line][data-sku="${product.sku}"]`);
    await expect(line.getByRole('textbox', { name: `Quantità di ${product.description}` })).toHaveValue('2');
    const quoted = priced.products.find((p) => p.sku === product.sku)!;
    await expect(line.getByTestId('line-total')).toHaveText(euro(quoted.roundedTotalPriceWithVat));
  }
  await expect(page.getByTestId('total')).toHaveText(euro(priced.total));

  // checkout: default addresses, cash on delivery adds its fee to the total, to the cent
  await page.getByTestId('proceed-to-checkout').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cassa' })).toBeVisible();
  const codQuote = nextQuote(page, (body) => body.payment_method === 'cash_on_delivery');
  await page.getByRole('radio', { name: 'Contrassegno' }).check();
  const cod = await codQuote;
  expect(cod.payment_fee).toBeGreaterThan(0);
  expect(cod.display).toBe('gross');
  await expect(page.getByTestId('cod-fee')).toHaveText(
    `Commissione contrassegno: ${euro(cod.payment_fee_with_vat)} (IVA incl.)`,
  );
  await expect(page.getByTestId('total-payment-fee')).toHaveText(euro(cod.payment_fee_with_vat));
  await expect(page.getByTestId('total-subtotal')).toHaveText(euro(cod.subtotal_with_vat));
  await expect(page.getByTestId('total-vat')).toHaveText(euro(cod.vat));
  await expect(page.getByTestId('total')).toHaveText(euro(cod.total));
  expect(cod.total).toBe(priced.total + cod.payment_fee_with_vat);

  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/checkout\/complete\/[^/]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Grazie: il tuo ordine è stato inserito' }),
  ).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Registrato');
  // The confirmation shows the fee as checkout did: VAT included for a private customer (issue 16).
  await expect(page.getByTestId('order-payment-fee')).toHaveText(euro(cod.payment_fee_with_vat));
  await expect(page.getByTestId('order-total')).toHaveText(euro(cod.total));
  await expect(page.getByTestId('order-row')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).not.toContainText(/\d/);
});

test('a company pays by card on the test gateway: declined once, then paid from the confirmation page', async ({
  page,
  loginAs,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await loginAs('company');
  const [product] = await orderableProducts(page, 1, '&category=HOME_VIDEO');
  await addFromProductPage(page, product!.sku);

  await page.goto('/checkout');
  const cardQuote = nextQuote(page, (body) => body.payment_method === 'card');
  await page.getByRole('radio', { name: 'Credit card' }).check();
  const quote: Quote = await cardQuote;
  expect(quote.display).toBe('net');
  await expect(page.getByTestId('total-without-taxes')).toHaveText(euro(quote.total_without_taxes, 'en-GB'));
  await expect(page.getByTestId('total')).toHaveText(euro(quote.total, 'en-GB'));
  await page.getByLabel('Your order reference').fill('PO-2026-118');
  await page.getByTestId('place-order').click();

  // the gateway's hosted page, in the customer's language (Italian, the profile's): decline
  await expect(page).toHaveURL(/\/payments\/test\//);
  await expect(page.getByRole('heading', { name: 'Pagamento di prova' })).toBeVisible();
  await page.getByRole('button', { name: 'Rifiuta il pagamento' }).click();

  await expect(page).toHaveURL(/\/checkout\/complete\/[^/]+$/);
  const orderNo = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByTestId('order-status')).toHaveText('Payment failed');
  await expect(page.getByTestId('payment-declined')).toContainText('The payment was declined.');
  await expect(page.getByTestId('order-total')).toHaveText(euro(quote.total, 'en-GB'));
  await expect(page.getByText('Your reference: PO-2026-118')).toBeVisible();

  // pay again from the confirmation page: approve
  await page.getByRole('button', { name: `Pay ${euro(quote.total, 'en-GB')}` }).click();
  await expect(page).toHaveURL(/\/payments\/test\//);
  await page.getByRole('button', { name: 'Approva il pagamento' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/complete/${encodeURIComponent(orderNo)}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you: your order has been placed' }),
  ).toBeVisible();
  await expect(page.getByTestId('pay-now')).toHaveCount(0);

  const order = (await (
    await page.request.get(`/api/orders/${encodeURIComponent(orderNo)}`)
  ).json()) as Order;
  expect(order).toMatchObject({
    status: 'confirmed',
    payment_method: 'card',
    channel: 'web',
    total: quote.total,
  });
});

test('a company quick-orders 20 lines pasted from a list of SKUs and EANs', async ({ page, loginAs }) => {
  await loginAs('company');
  const products = await orderableProducts(page, 20);
  // five lines by EAN, as a buyer's spreadsheet often has them
  const codes = await Promise.all(
    products.map(async (product, index) => {
      if (index % 4 !== 0) return product.sku;
      const detail = (await (await page.request.get(`/api/products/${product.sku}`)).json()) as {
        ean13: string | null;
      };
      return detail.ean13 ?? product.sku;
    }),
  );
  const text = codes.map((code, index) => `${code} ${(index % 3) + 1}`).join('\n');
  const units = products.reduce((sum, _, index) => sum + (index % 3) + 1, 0);

  await page.getByRole('link', { name: 'Ordine rapido' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine rapido' })).toBeVisible();
  await page.getByLabel('Codici e quantità').fill(text);
  await page.getByRole('button', { name: 'Aggiungi al carrello', exact: true }).click();

  const rows = page.getByTestId('quick-order-line');
  await expect(rows).toHaveCount(20);
  await expect(page.locator('[data-testid=quick-order-line][data-status=added]')).toHaveCount(20);
  await expect(page.getByTestId('quick-order-summary')).toHaveText('20 righe aggiunte su 20');
  await expect(page.getByTestId('cart-count')).toContainText(String(units));

  const cartQuote = nextQuote(page);
  await page.getByRole('link', { name: 'Vai al carrello' }).click();
  const quote = await cartQuote;
  await expect(page.getByTestId('cart-line')).toHaveCount(20);
  expect(quote.products.map((p) => p.sku).sort()).toEqual(products.map((p) => p.sku).sort());
  await expect(page.getByTestId('total-subtotal')).toHaveText(euro(quote.subtotal));
  await expect(page.getByTestId('total')).toHaveText(euro(quote.total));
});
