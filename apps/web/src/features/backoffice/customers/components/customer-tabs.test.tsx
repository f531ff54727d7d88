import type { Customer, CustomerAddress, CustomerUser } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, customer as fixture, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const billing: CustomerAddress = {
  id: 21,
  type: 'B',
  company: 'Zeta Dischi S.r.l.',
  firstname: null,
  lastname: null,
  co: null,
  address: 'Via Torino 5',
  postcode: '20123',
  city: 'Milano',
  state: 'MI',
  country: 'IT',
  phone: null,
  note: null,
  is_default: true,
};
const shipping: CustomerAddress = {
  ...billing,
  id: 22,
  type: 'S',
  address: 'Via Po 2',
  postcode: '10100',
  city: 'Torino',
  state: 'TO',
  is_default: false,
};
const rossi: Customer = {
  ...fixture,
  id: 7,
  company: 'Zeta Dischi S.r.l.',
  email: 'ordini@zetadischi.example',
  addresses: [billing, shipping],
};
const account: CustomerUser = {
  id: 40,
  email: 'ordini@zetadischi.example',
  is_super_admin: false,
  created_at: '2026-11-20T10:00:00.000Z',
  last_sign_in_at: null,
};

function serve(routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/customers/7': () => json(200, rossi),
    'GET /api/customers/7/user': () => json(200, account),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('the customer-addresses tab', { timeout: 20_000 }, () => {
  it('shows billing and shipping addresses with the default, makes one the default and deletes after confirmation', async () => {
    const { calls } = serve({
      'PUT /api/customers/7/addresses/22': () => json(200, { ...shipping, is_default: true }),
      'DELETE /api/customers/7/addresses/22': () => new Response(null, { status: 204 }),
    });
    renderApp('/backoffice/customers/7/customer-addresses');
    const card = await screen.findByRole('article', { name: 'Via Po 2, 10100 Torino' });
    expect(within(card).getByText('Spedizione')).toBeTruthy();
    const billingCard = screen.getByRole('article', { name: 'Via Torino 5, 20123 Milano' });
    expect(within(billingCard).getByText('Fatturazione')).toBeTruthy();
    expect(within(billingCard).getByText('Predefinito')).toBeTruthy();
    expect(within(billingCard).queryByRole('button', { name: 'Rendi predefinito' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Rendi predefinito' }));
    expect(await screen.findByText('Indirizzo predefinito aggiornato')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toMatchObject({
      type: 'S',
      address: 'Via Po 2',
      is_default: true,
    });

    fireEvent.click(within(card).getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/L'indirizzo Via Po 2, 10100 Torino sarà eliminato/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Indirizzo eliminato')).toBeTruthy();
  });

  it('adds a shipping address, with the server 422 on its field', async () => {
    const wrong = 'Invalid value';
    const { calls } = serve({
      'POST /api/customers/7/addresses': () => json(422, { message: wrong, errors: { phone: [wrong] } }),
    });
    renderApp('/backoffice/customers/7/customer-addresses');
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi indirizzo di spedizione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo indirizzo' });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    fireEvent.change(field(/Ragione sociale/), { target: { value: 'Magazzino Zeta' } });
    fireEvent.change(field(/Indirizzo/), { target: { value: 'Via Dante 9' } });
    fireEvent.change(field(/CAP/), { target: { value: '40121' } });
    fireEvent.change(field(/Città/), { target: { value: 'Bologna' } });
    fireEvent.change(field(/Telefono/), { target: { value: '051 123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(field(/Telefono/).getAttribute('aria-invalid')).toBe('true'));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toMatchObject({
      type: 'S',
      company: 'Magazzino Zeta',
      address: 'Via Dante 9',
      postcode: '40121',
      city: 'Bologna',
      country: 'IT',
      is_default: false,
    });
  });
});

describe('the customer-user tab', { timeout: 20_000 }, () => {
  it('grants the super-admin flag after confirmation, and sends the password reset link', async () => {
    const { calls } = serve({
      'PUT /api/customers/7/user': () => json(200, { ...account, is_super_admin: true }),
      'POST /api/customers/7/user/reset-password': () =>
        json(200, { message: 'We have emailed your password reset link.' }),
    });
    renderApp('/backoffice/customers/7/customer-user');
    expect(await screen.findByDisplayValue('ordini@zetadischi.example')).toBeTruthy();
    expect(screen.getByText('20/11/2026')).toBeTruthy();
    expect(screen.getByText('Non registrato')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: /Super amministratore/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    const grant = await screen.findByRole('dialog', { name: 'Rendere super amministratore?' });
    fireEvent.click(within(grant).getByRole('button', { name: 'Sì, rendi super amministratore' }));
    expect(await screen.findByText('Account salvato')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      email: 'ordini@zetadischi.example',
      is_super_admin: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Invia il link per reimpostare la password' }));
    const reset = await screen.findByRole('dialog', { name: 'Inviare il link?' });
    expect(within(reset).getByText(/Invieremo a ordini@zetadischi.example un link/)).toBeTruthy();
    fireEvent.click(within(reset).getByRole('button', { name: 'Invia il link' }));
    expect(
      await screen.findByText('Ti abbiamo inviato via email il link per reimpostare la password.'),
    ).toBeTruthy();
  });

  it("shows the refusal to take away one's own flag, and a taken e-mail on the field", async () => {
    const own = 'You cannot remove your own super-admin flag.';
    const taken = 'The email has already been taken.';
    let answer = json(409, { message: own });
    serve({
      'GET /api/customers/7/user': () => json(200, { ...account, is_super_admin: true }),
      'PUT /api/customers/7/user': () => answer,
    });
    renderApp('/backoffice/customers/7/customer-user');
    fireEvent.click(await screen.findByRole('switch', { name: /Super amministratore/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText('Non puoi togliere a te stesso il ruolo di super amministratore.'),
    ).toBeTruthy();

    answer = json(422, { message: taken, errors: { email: [taken] } });
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'extra@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Questa email è già registrata.')).toBeTruthy();
  });
});
