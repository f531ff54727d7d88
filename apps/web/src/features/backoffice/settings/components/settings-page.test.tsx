import { messages, type Settings } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { json, setCookie, stubFetch } from '../../../../test/render';
import { renderRoutes } from '../../scaffold/test-harness';
import { SettingsPage } from './settings-page';

const settings: Settings = {
  name: 'Sonora',
  address: 'Via Privata Oslavia 17, 20134 Milano (MI), Italia',
  country: 'IT',
  vat_id: 'IT12345670157',
  email: 'info@sonora.example',
  phone: '+39 02 1234 5678',
  social_links: [{ network: 'instagram', url: 'https://www.instagram.com/sonora.example' }],
  cod_fee: 500,
  default_free_shipping: 15000,
  document_number_formats: {
    delivery_note: 'DDT-{YYYY}-{NNNNNN}',
    invoice: 'INV-{YYYY}-{NNNNNN}',
    credit_note: 'CN-{YYYY}-{NNNNNN}',
  },
  mail_from: null,
  mail_from_default: 'Sonora <noreply@sonora.example>',
  next_documents: { year: 2026, delivery_note: 41, invoice: 123, credit_note: 1 },
  credit_grace_days: 0,
  credit_action: 'approval',
  credit_contact: null,
  tax_code: '12345670157',
  registered_office: { street: 'Via Privata Oslavia 17', postcode: '20134', city: 'Milano', province: 'MI' },
  rea_office: 'MI',
  rea_number: '1234567',
  new_company_approval: false,
};

function serve(put: (body: unknown) => Response) {
  const stub = stubFetch({
    'GET /api/settings': () => json(200, settings),
    'PUT /api/settings': (init) => put(JSON.parse(String(init?.body))),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
}

const open = () =>
  renderRoutes([{ path: '/backoffice/settings', element: <SettingsPage /> }], '/backoffice/settings');
const field = (name: string) => screen.findByRole('textbox', { name }) as Promise<HTMLInputElement>;

beforeEach(async () => {
  queryClient.clear();
  setCookie('XSRF-TOKEN', 'token');
  await i18n.changeLanguage('it');
});

describe('back-office settings', { timeout: 15_000 }, () => {
  it('shows every section with its values, money in euros and the next number of each format', async () => {
    serve(() => json(500, {}));
    open();
    expect((await field('Ragione sociale')).value).toBe('Sonora');
    for (const section of ['Dati del negozio', 'Contatti e social', 'Ordini', 'Documenti', 'E-mail']) {
      expect(screen.getByRole('heading', { name: section })).toBeTruthy();
    }
    expect((await field('Telefono')).value).toBe('+39 02 1234 5678');
    expect((await field('Link 1')).value).toBe('https://www.instagram.com/sonora.example');
    expect((await field('Commissione contrassegno (IVA esclusa)')).value).toBe('€ 5,00');
    expect((await field('Soglia predefinita di spedizione gratuita')).value).toBe('€ 150,00');
    expect(screen.getByText('Prossimo numero: INV-2026-000123')).toBeTruthy();
    expect(screen.getByText('Prossimo numero: DDT-2026-000041')).toBeTruthy();

    fireEvent.change(await field('Fatture'), { target: { value: 'FT{YYYY}.{NNNN}' } });
    expect(await screen.findByText('Prossimo numero: FT2026.0123')).toBeTruthy();
    fireEvent.change(await field('Fatture'), { target: { value: 'FT{NNNN}' } });
    expect(await screen.findByText('Prossimo numero: il formato non è valido')).toBeTruthy();
  });

  it("puts the server's 422 on the fields it names, in Italian", async () => {
    serve(() =>
      json(422, {
        message: messages.vatNumberInvalid,
        errors: { vat_id: [messages.vatNumberInvalid], 'social_links.0.url': [messages.invalidValue] },
      }),
    );
    open();
    const vat = await field('Partita IVA');
    fireEvent.change(vat, { target: { value: 'IT00743110157' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText('La partita IVA sembra errata o non attiva. Puoi verificarla?'),
    ).toBeTruthy();
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    expect((await field('Link 1')).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Salvato')).toBeNull();
  });

  it('saves the phone, the fee in cents and a new social link, toasts, and refreshes the storefront’s shop', async () => {
    const put = vi.fn((body: unknown) => json(200, { ...settings, ...(body as object) }));
    serve(put);
    queryClient.setQueryData(['shop'], { name: 'Sonora' });
    open();
    fireEvent.change(await field('Telefono'), { target: { value: '+39 02 9999 0000' } });
    fireEvent.change(await field('Commissione contrassegno (IVA esclusa)'), { target: { value: '€ 6,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi un link' }));
    fireEvent.change(await field('Social 2'), { target: { value: 'youtube' } });
    fireEvent.change(await field('Link 2'), { target: { value: 'https://www.youtube.com/@sonora' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi il link 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Salvato')).toBeTruthy();
    const { mail_from_default, next_documents, ...input } = settings;
    expect(put).toHaveBeenCalledWith({
      ...input,
      phone: '+39 02 9999 0000',
      cod_fee: 650,
      social_links: [{ network: 'youtube', url: 'https://www.youtube.com/@sonora' }],
    });
    await waitFor(() => expect(queryClient.getQueryState(['shop'])?.isInvalidated).toBe(true));
  });

  it('saves the credit settings: grace days, what an order over credit does, whom to call', async () => {
    const put = vi.fn((body: unknown) => json(200, { ...settings, ...(body as object) }));
    serve(put);
    open();
    expect(await screen.findByRole('heading', { name: 'Fido' })).toBeTruthy();
    fireEvent.change(await field('Giorni di tolleranza per le fatture scadute'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Un ordine oltre il fido o con fatture scadute' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Viene rifiutato' }));
    fireEvent.change(await field('Chi contattare'), { target: { value: 'Ufficio crediti, 02 1234 5678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Salvato')).toBeTruthy();
    expect(put).toHaveBeenCalledWith(
      expect.objectContaining({
        credit_grace_days: 15,
        credit_action: 'refuse',
        credit_contact: 'Ufficio crediti, 02 1234 5678',
      }),
    );
  });

  it("saves the e-invoices' seller data and refuses a postcode that is not 5 digits", async () => {
    const put = vi.fn((body: unknown) => json(200, { ...settings, ...(body as object) }));
    serve(put);
    open();
    expect(await screen.findByRole('heading', { name: 'Fatture elettroniche (FatturaPA)' })).toBeTruthy();
    expect((await field('Codice fiscale')).value).toBe('12345670157');
    fireEvent.change(await field('CAP'), { target: { value: '2013' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'CAP' }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(await field('CAP'), { target: { value: '20135' } });
    fireEvent.change(await field('Numero REA'), { target: { value: 'MI-7654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Salvato')).toBeTruthy();
    expect(put).toHaveBeenCalledWith(
      expect.objectContaining({
        registered_office: {
          street: 'Via Privata Oslavia 17',
          postcode: '20135',
          city: 'Milano',
          province: 'MI',
        },
        rea_office: 'MI',
        rea_number: 'MI-7654321',
      }),
    );
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/settings': () => json(503, { message: 'down' }) }).fetchStub,
    );
    open();
    expect(await screen.findByText('Non è stato possibile caricare le impostazioni.')).toBeTruthy();
  });
});
