import type { PaymentMethod } from '@shop/domain';
import { testPaymentPath } from './test-gateway';
import type { TestPaymentView } from './test-gateway.service';

/**
 * The test gateway's hosted page: self-contained HTML (no scripts, no external assets), real buttons
 * in a labelled group, light and dark through prefers-color-scheme. Texts are in English: it is a
 * developer's tool, and says plainly that no money moves.
 */

const methodNames: Record<PaymentMethod, string> = {
  card: 'Credit card',
  paypal: 'PayPal',
  sepa: 'SEPA direct debit',
  bank_redirect: 'Bank redirect',
  cash_on_delivery: 'Cash on delivery',
  as_agreed: 'As per agreement',
};

const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** Cents to "€1,234.56". */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Allows only the inline style and posting the form back to us. */
export const TEST_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const style = `
:root { color-scheme: light dark; --bg: #f1f3f5; --card: #ffffff; --text: #212529; --muted: #495057;
  --border: #ced4da; --focus: #1971c2; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #141517; --card: #25262b; --text: #e9ecef; --muted: #c1c2c5; --border: #5c5f66; --focus: #74c0fc; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg);
  color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(28rem, calc(100% - 2rem)); background: var(--card); border: 1px solid var(--border);
  border-radius: 12px; padding: 1.5rem; }
h1 { font-size: 1.375rem; margin: 0 0 .25rem; }
p { margin: 0 0 1rem; color: var(--muted); }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1.5rem; }
dt { color: var(--muted); }
dd { margin: 0; font-weight: 600; }
fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .75rem; }
legend { font-weight: 600; margin-bottom: .5rem; padding: 0; }
button { flex: 1 1 10rem; font: inherit; font-weight: 600; color: #ffffff; border: 0; border-radius: 8px;
  padding: .75rem 1rem; cursor: pointer; }
button[value="approved"] { background: #237032; }
button[value="declined"] { background: #c92a2a; }
button:hover { filter: brightness(1.1); }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function renderTestPaymentPage(view: TestPaymentView, token: string): string {
  const amount = formatEuros(view.amount);
  return page(
    `Test payment for order ${view.orderNo}`,
    `<h1>Test payment</h1>
<p>The shop's built-in test gateway: no money moves. Choose the outcome the shop should receive.</p>
<dl>
<dt>Order</dt><dd>${escapeHtml(view.orderNo)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Method</dt><dd>${escapeHtml(methodNames[view.method])}</dd>
</dl>
<form method="post" action="${escapeHtml(testPaymentPath(token))}">
<fieldset>
<legend>Payment of ${escapeHtml(amount)}</legend>
<button type="submit" name="outcome" value="approved">Approve payment</button>
<button type="submit" name="outcome" value="declined">Decline payment</button>
</fieldset>
</form>`,
  );
}

export function renderGonePage(): string {
  return page(
    'Payment link not valid',
    `<h1>Payment link not valid</h1>
<p>This payment was already completed or replaced by a newer attempt. Go back to the shop to see your order.</p>
<p><a href="/">Back to the shop</a></p>`,
  );
}

/** A link voided by a change of its order: the amount it showed is no longer what the order owes. */
export function renderVoidedPage(orderNo: string): string {
  const order = escapeHtml(orderNo);
  return page(
    'Payment link no longer valid',
    `<h1>Payment link no longer valid</h1>
<p>Order ${order} changed after this payment was opened, so the amount to pay changed too. Nothing was charged.</p>
<p><a href="/profile/orders/${encodeURIComponent(orderNo)}">Open order ${order} to pay the new amount</a></p>`,
  );
}
