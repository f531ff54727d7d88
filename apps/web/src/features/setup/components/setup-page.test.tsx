import { messages } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { json, renderApp, setCookie, stubFetch } from '../../../test/render';

const LINK = 'http://shop.example/reset-password/abc?email=owner%40dischiverdi.example';

function serve(needed: boolean, post: Parameters<typeof stubFetch>[0][string] = () => json(201, {})) {
  const stub = stubFetch({
    'GET /api/user': () => json(401, { message: 'Unauthenticated.' }),
    'GET /api/setup': () => json(200, { needed }),
    'GET /sanctum/csrf-cookie': () => {
      setCookie('XSRF-TOKEN', 't0k3n');
      return new Response(null, { status: 204 });
    },
    'POST /api/setup': post,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

async function fill() {
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
  await screen.findByRole('group', { name: 'Negozio' });
  type('Ragione sociale', 'Dischi Verdi S.r.l.');
  type('Indirizzo', 'Via Roma 1, Bologna');
  type('Partita IVA', 'IT00743110157');
  type('E-mail del negozio', 'info@dischiverdi.example');
  type('Telefono', '+39 051 123456');
  type("E-mail dell'amministratore", 'owner@dischiverdi.example');
  fireEvent.change(screen.getByRole('textbox', { name: 'Spedizione nazionale (€, IVA esclusa)' }), {
    target: { value: '5.50' },
  });
}

beforeEach(async () => {
  queryClient.clear();
  setCookie('XSRF-TOKEN', null);
  await i18n.changeLanguage('it');
});

describe('the first-run screen', () => {
  it('sets the shop up with the token and sends the administrator to set the password', async () => {
    const { calls } = serve(true, () =>
      json(201, { admin_email: 'owner@dischiverdi.example', set_password_link: LINK }),
    );
    renderApp('/setup?token=s3cret');
    expect(await screen.findByRole('heading', { name: 'Configura il negozio' })).toBeTruthy();
    await fill();
    expect(screen.getByRole('group', { name: 'Contatti e spedizioni' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Primo amministratore' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Configura il negozio' }));

    const link = await screen.findByRole('link', { name: "Imposta la password dell'amministratore" });
    expect(link.getAttribute('href')).toBe(LINK);
    expect(screen.getByRole('heading', { name: 'Il negozio è configurato' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'abbiamo inviato il link anche per e-mail a owner@dischiverdi.example',
    );
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/setup'))!;
    expect(JSON.parse(post.init!.body as string)).toEqual({
      token: 's3cret',
      name: 'Dischi Verdi S.r.l.',
      address: 'Via Roma 1, Bologna',
      country: 'IT',
      vat_id: 'IT00743110157',
      email: 'info@dischiverdi.example',
      phone: '+39 051 123456',
      admin_email: 'owner@dischiverdi.example',
      national_shipping_price: 550,
      international_shipping_price: 1990,
    });
  });

  it("puts the server's field errors under their fields, in Italian", async () => {
    serve(true, () =>
      json(422, {
        message: messages.emailTaken,
        errors: { admin_email: [messages.emailTaken], vat_id: [messages.vatNumberInvalid] },
      }),
    );
    renderApp('/setup?token=s3cret');
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Configura il negozio' }));
    const admin = screen.getByRole('textbox', { name: "E-mail dell'amministratore" });
    await waitFor(() => expect(admin.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Questa email è già registrata.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Partita IVA' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says a wrong token is not valid', async () => {
    serve(true, () => json(403, { message: messages.forbidden }));
    renderApp('/setup?token=wrong');
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Configura il negozio' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Questo link di configurazione non è valido. Apri il link che il server ha scritto nel log all'avvio, oppure esegui npm run setup.",
    );
  });

  it('says the shop is already set up and links to sign in', async () => {
    serve(false);
    renderApp('/setup');
    expect(
      await screen.findByText(
        'Il negozio è già configurato. Accedi con un account amministratore per modificarne le impostazioni.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Accedi' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.queryByRole('button', { name: 'Configura il negozio' })).toBeNull();
  });
});
