import type { Language, PaymentMethod } from '@shop/domain';
import { testPaymentPath } from './test-gateway';
import type { TestPaymentView } from './test-gateway.service';

/**
 * The test gateway's hosted page: self-contained HTML (no scripts, no external assets), real buttons
 * in a labelled group, light and dark through prefers-color-scheme. It speaks the customer's language
 * (issue 22), Italian or English, and says plainly that no money moves.
 */

const texts = {
  it: {
    methods: {
      card: 'Carta di credito',
      paypal: 'PayPal',
      sepa: 'Addebito diretto SEPA',
      bank_redirect: 'Bonifico online',
      cash_on_delivery: 'Contrassegno',
      as_agreed: 'Come da accordi',
    },
    title: (orderNo: string) => `Pagamento di prova per l'ordine ${orderNo}`,
    heading: 'Pagamento di prova',
    intro:
      "Il sistema di pagamento di prova del negozio: non si muove denaro. Scegli l'esito che il negozio deve ricevere.",
    order: 'Ordine',
    amount: 'Importo',
    method: 'Metodo',
    paymentOf: (amount: string) => `Pagamento di ${amount}`,
    approve: 'Approva il pagamento',
    decline: 'Rifiuta il pagamento',
    goneTitle: 'Link di pagamento non valido',
    goneBody:
      'Questo pagamento è già stato concluso o sostituito da un tentativo più recente. Torna al negozio per vedere il tuo ordine.',
    backToShop: 'Torna al negozio',
    voidedTitle: 'Link di pagamento non più valido',
    voidedBody: (order: string) =>
      `L'ordine ${order} è cambiato dopo l'apertura di questo pagamento, quindi è cambiato anche l'importo da pagare. Non è stato addebitato nulla.`,
    voidedLink: (order: string) => `Apri l'ordine ${order} per pagare il nuovo importo`,
  },
  en: {
    methods: {
      card: 'Credit card',
      paypal: 'PayPal',
      sepa: 'SEPA direct debit',
      bank_redirect: 'Bank redirect',
      cash_on_delivery: 'Cash on delivery',
      as_agreed: 'As per agreement',
    },
    title: (orderNo: string) => `Test payment for order ${orderNo}`,
    heading: 'Test payment',
    intro: "The shop's built-in test gateway: no money moves. Choose the outcome the shop should receive.",
    order: 'Order',
    amount: 'Amount',
    method: 'Method',
    paymentOf: (amount: string) => `Payment of ${amount}`,
    approve: 'Approve payment',
    decline: 'Decline payment',
    goneTitle: 'Payment link not valid',
    goneBody:
      'This payment was already completed or replaced by a newer attempt. Go back to the shop to see your order.',
    backToShop: 'Back to the shop',
    voidedTitle: 'Payment link no longer valid',
    voidedBody: (order: string) =>
      `Order ${order} changed after this payment was opened, so the amount to pay changed too. Nothing was charged.`,
    voidedLink: (order: string) => `Open order ${order} to pay the new amount`,
  },
} satisfies Record<Language, { methods: Record<PaymentMethod, string> } & Record<string, unknown>>;

const euros: Record<Language, Intl.NumberFormat> = {
  it: new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }),
  en: new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }),
};

/** Cents to "€1,234.56" in English, "1.234,56 €" in Italian. */
export function formatEuros(cents: number, lng: Language = 'en'): string {
  return euros[lng].format(cents / 100);
}

/** The page's language when no customer is known (a dead link): the browser's, Italian by default. */
export function languageOfBrowser(acceptLanguage: string | undefined): Language {
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'it';
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

function page(lng: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lng}">
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
  const lng = view.language;
  const text = texts[lng];
  const amount = formatEuros(view.amount, lng);
  return page(
    lng,
    text.title(view.orderNo),
    `<h1>${escapeHtml(text.heading)}</h1>
<p>${escapeHtml(text.intro)}</p>
<dl>
<dt>${escapeHtml(text.order)}</dt><dd>${escapeHtml(view.orderNo)}</dd>
<dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(amount)}</dd>
<dt>${escapeHtml(text.method)}</dt><dd>${escapeHtml(text.methods[view.method])}</dd>
</dl>
<form method="post" action="${escapeHtml(testPaymentPath(token))}">
<fieldset>
<legend>${escapeHtml(text.paymentOf(amount))}</legend>
<button type="submit" name="outcome" value="approved">${escapeHtml(text.approve)}</button>
<button type="submit" name="outcome" value="declined">${escapeHtml(text.decline)}</button>
</fieldset>
</form>`,
  );
}

export function renderGonePage(lng: Language): string {
  const text = texts[lng];
  return page(
    lng,
    text.goneTitle,
    `<h1>${escapeHtml(text.goneTitle)}</h1>
<p>${escapeHtml(text.goneBody)}</p>
<p><a href="/">${escapeHtml(text.backToShop)}</a></p>`,
  );
}

/** A link voided by a change of its order: the amount it showed is no longer what the order owes. */
export function renderVoidedPage(orderNo: string, lng: Language): string {
  const text = texts[lng];
  const order = escapeHtml(orderNo);
  return page(
    lng,
    text.voidedTitle,
    `<h1>${escapeHtml(text.voidedTitle)}</h1>
<p>${text.voidedBody(order)}</p>
<p><a href="/profile/orders/${encodeURIComponent(orderNo)}">${text.voidedLink(order)}</a></p>`,
  );
}
