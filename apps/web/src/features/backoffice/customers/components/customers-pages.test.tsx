import type { CreditStatus, Customer, CustomerListItem, ErpSync } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, customer as fixture, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

export const rossi: Customer = {
  ...fixture,
  id: 7,
  company: 'Zeta Dischi S.r.l.',
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: 'ordini@zetadischi.example',
  vat_id: 'IT00743110157',
  tax_number: '00743110157',
  discount: 1250,
};
const row: CustomerListItem = {
  id: 7,
  type: 'G',
  company: 'Zeta Dischi S.r.l.',
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: 'ordini@zetadischi.example',
  country: 'IT',
  vat_id: 'IT00743110157',
  tax_number: '00743110157',
  customer_group_id: 2,
  customer_group_code: 'RIVENDITORI',
  erp_code: 'C000123',
  erp_connected: true,
  erp_sync_state: 'queued',
  created_at: '2026-11-20T10:00:00.000Z',
};
const sync: ErpSync = {
  id: 3,
  entity: 'customer',
  status: 'failed',
  requested_by: 'admin@example.com',
  created_at: '2026-11-20T10:00:00.000Z',
  sent_at: null,
  attempts: [{ at: '2026-11-20T10:01:00.000Z', ok: false, answer: 'HTTP 500' }],
};

const noCredit: CreditStatus = {
  credit_limit: null,
  exposure: 0,
  unpaid_invoices: 0,
  open_orders: 0,
  overdue_invoices: 0,
  oldest_overdue: null,
  available: null,
  blocked: false,
};

function serve(routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/customers': () => json(200, { data: [row], meta: { total: 1, page: 1, per_page: 25 } }),
    'GET /api/customers/7': () => json(200, rossi),
    'GET /api/customer-groups': () =>
      json(200, {
        data: [{ id: 2, code: 'RIVENDITORI', description: 'Rivenditori', external_group_id: null }],
      }),
    'GET /api/currencies': () =>
      json(200, { data: [{ id: 1, code: 'EUR', symbol: '€', description: 'Euro' }] }),
    'GET /api/erp/status': () => json(200, { enabled: false }),
    'GET /api/customers/7/erp-syncs': () => json(200, [sync]),
    'GET /api/payment-terms': () => json(200, { data: [], meta: { total: 0, page: 1, per_page: 100 } }),
    'GET /api/backoffice/customers/7/credit': () => json(200, noCredit),
    'GET /api/backoffice/customers/9/credit': () => json(200, noCredit),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('back-office customers', { timeout: 20_000 }, () => {
  it("lists customers with the list's search and sort as the API's, ERP badges, import and export", async () => {
    const { calls } = serve();
    renderApp('/backoffice/customers?q=zeta&sort=email&dir=desc');
    const link = await screen.findByRole('link', { name: 'Zeta Dischi S.r.l.' });
    expect(link.getAttribute('href')).toBe('/backoffice/customers/7');
    const cells = within(link.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '7',
      'Zeta Dischi S.r.l.',
      'Azienda',
      'ordini@zetadischi.example',
      'Zeta Dischi S.r.l.',
      'IT00743110157',
      '00743110157',
      'RIVENDITORI',
      'IT',
      'C000123CollegatoIn coda',
      '20/11/2026',
    ]);
    const list = calls.filter((c) => c.url.startsWith('/api/customers?')).at(-1)!;
    expect(Object.fromEntries(new URL(list.url, 'http://shop.test').searchParams)).toEqual({
      page: '1',
      text: 'zeta',
      sort: 'email',
      dir: 'desc',
    });
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/customers/export?text=zeta&sort=email&dir=desc',
    );
    expect(screen.getByRole('button', { name: 'Importa da Excel' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nuovo cliente' }).getAttribute('href')).toBe(
      '/backoffice/customers/new',
    );
  });

  it('edits every field, refuses a wrong VAT number as the profile does, and puts the server 422 on the e-mail', async () => {
    const taken = 'The email has already been taken.';
    const { calls } = serve({
      'PUT /api/customers/7': () => json(422, { message: taken, errors: { email: [taken] } }),
    });
    renderApp('/backoffice/customers/7');
    const vat = await screen.findByRole('textbox', { name: /Partita IVA/ });
    expect(screen.getByRole('textbox', { name: /Ragione sociale/ })).toHaveProperty(
      'value',
      'Zeta Dischi S.r.l.',
    );
    expect(screen.getByRole('textbox', { name: /Sconto base/ })).toHaveProperty('value', '12,5 %');

    fireEvent.change(vat, { target: { value: 'IT00743110158' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText('La partita IVA sembra errata o non attiva. Puoi verificarla?'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(vat, { target: { value: 'IT00743110157' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), {
      target: { value: 'company@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Questa email è già registrata.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      type: 'G',
      company: 'Zeta Dischi S.r.l.',
      firstname: 'Giulia',
      lastname: 'Rossi',
      email: 'company@example.com',
      sdi_code: '',
      pec: '',
      birthday: null,
      job: '',
      vat_id: 'IT00743110157',
      tax_number: '00743110157',
      country: 'IT',
      discount: 1250,
      currency: 'EUR',
      tax_rule: 'standard',
      preorder_days: 0,
      newsletter: false,
      newsletter_option: '',
      customer_group_id: null,
      orders_state: '',
      external_erp_code: '',
      available_from: null,
      extra_cee: false,
      language: 'it',
      payment_methods: null,
      payment_terms_id: null,
      credit_limit: null,
      blocked: false,
    });
  });

  it("sets the commercial terms: methods over the group's, payment terms, a credit limit in cents and the block", async () => {
    const { calls } = serve({
      'GET /api/customers/7': () => json(200, { ...rossi, payment_methods: ['card'] }),
      'GET /api/payment-terms': () =>
        json(200, {
          data: [
            { id: 4, name: '60 giorni', instalments: [{ days: 60, end_of_month: false, share: 10_000 }] },
          ],
          meta: { total: 1, page: 1, per_page: 100 },
        }),
      'PUT /api/customers/7': (init) => json(200, { ...rossi, ...JSON.parse(String(init?.body)) }),
    });
    renderApp('/backoffice/customers/7');
    // The customer's own list (card) is kept, as the body shows.
    fireEvent.click(await screen.findByRole('combobox', { name: 'Metodi di pagamento' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Come da accordi' }));
    const terms = screen.getByRole('combobox', { name: 'Condizioni di pagamento' });
    expect(terms.getAttribute('placeholder')).toBe('Come il gruppo');
    fireEvent.click(terms);
    fireEvent.click(await screen.findByRole('option', { name: '60 giorni' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Fido/ }), { target: { value: '25000' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Bloccato: non può ordinare' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toMatchObject({
      payment_methods: ['card', 'as_agreed'],
      payment_terms_id: 4,
      credit_limit: 2_500_000,
      blocked: true,
    });
  });

  it('says when the ERP synchronisation is off, and shows the sync history with the attempts', async () => {
    serve();
    renderApp('/backoffice/customers/7');
    expect(
      await screen.findByText(
        "La sincronizzazione con l'ERP è spenta: nulla viene inviato finché non si imposta ERP_URL.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Collega a un cliente ERP' })).toBeNull();
    const history = await screen.findByRole('table', { name: 'Sincronizzazioni' });
    const cells = within(history)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '20/11/2026 11:00',
      'Non riuscito',
      'admin@example.com',
      '—',
      '20/11/2026 11:01 · non riuscito: HTTP 500',
    ]);
  });

  it('links an ERP customer by selection, saying when the ERP finds none and when the link is refused', async () => {
    const { calls } = serve({
      'GET /api/erp/status': () => json(200, { enabled: true }),
      'GET /api/erp/customers': (_init, url) =>
        url.includes('q=nessuno')
          ? json(404, { message: 'Unable to find a Customer on ERP' })
          : json(200, {
              data: [
                {
                  code: 'C000123',
                  name: 'Dischi Rossi S.r.l.',
                  vat_id: 'IT00743110157',
                  tax_number: null,
                  city: 'Milano',
                  country: 'IT',
                },
              ],
            }),
      'POST /api/customers/7/erp-link': () => json(404, { message: 'Customer not found' }),
    });
    renderApp('/backoffice/customers/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Collega a un cliente ERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collega a un cliente ERP' });
    const search = within(dialog).getByRole('textbox', { name: "Cerca nell'ERP" });
    fireEvent.change(search, { target: { value: 'nessuno' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerca' }));
    expect(await within(dialog).findByText("Impossibile trovare un cliente sull'ERP")).toBeTruthy();

    fireEvent.change(search, { target: { value: 'rossi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerca' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Scegli C000123' }));
    const confirm = await screen.findByRole('dialog', { name: 'Collegare il cliente?' });
    expect(
      within(confirm).getByText(/Zeta Dischi S.r.l. sarà collegato al cliente ERP C000123/),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Collega' }));
    expect(await within(dialog).findByText('Cliente non trovato')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ erp_code: 'C000123' });
  });

  it('creates a customer: an Italian private person needs the tax code, then it is sent with the billing address', async () => {
    const { calls } = serve({
      'POST /api/customers': () => json(201, { ...rossi, id: 9 }),
      'GET /api/customers/9': () => json(200, { ...rossi, id: 9 }),
      'GET /api/customers/9/erp-syncs': () => json(200, []),
    });
    const { router } = renderApp('/backoffice/customers/new');
    fireEvent.click(await screen.findByRole('combobox', { name: /Tipo di cliente/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Privato' }));
    // the billing address below has its own names: the customer's come first
    fireEvent.change(screen.getAllByRole('textbox', { name: /^Nome/ })[0]!, { target: { value: 'Mario' } });
    fireEvent.change(screen.getAllByRole('textbox', { name: /^Cognome/ })[0]!, { target: { value: 'Zeta' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), {
      target: { value: 'mario@zeta.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Crea il cliente' }));
    const tax = screen.getByRole('textbox', { name: /Codice fiscale/ });
    await waitFor(() => expect(tax.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Campo obbligatorio').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(tax, { target: { value: 'rssmra85t10a562s' } });
    fireEvent.blur(tax);
    expect(await screen.findByText('Il codice fiscale sembra valido')).toBeTruthy();
    const billing = screen.getByTestId('customer-billing-form');
    fireEvent.change(within(billing).getByRole('textbox', { name: /^Nome/ }), { target: { value: 'Mario' } });
    fireEvent.change(within(billing).getByRole('textbox', { name: /^Cognome/ }), {
      target: { value: 'Zeta' },
    });
    fireEvent.change(within(billing).getByRole('textbox', { name: /Indirizzo/ }), {
      target: { value: 'Via Po 2' },
    });
    fireEvent.change(within(billing).getByRole('textbox', { name: /CAP/ }), { target: { value: '10100' } });
    fireEvent.change(within(billing).getByRole('textbox', { name: /Città/ }), {
      target: { value: 'Torino' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Crea il cliente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/customers/9'));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toMatchObject({
      type: 'P',
      company: '',
      firstname: 'Mario',
      lastname: 'Zeta',
      email: 'mario@zeta.example',
      tax_number: 'rssmra85t10a562s',
      billing_address: {
        type: 'B',
        firstname: 'Mario',
        lastname: 'Zeta',
        address: 'Via Po 2',
        postcode: '10100',
        city: 'Torino',
        country: 'IT',
      },
    });
    expect(JSON.parse(String(post?.init?.body))).not.toHaveProperty('extra_cee');
    expect(await screen.findByText(/è stata inviata l'e-mail per impostare la password/)).toBeTruthy();
  });
});
