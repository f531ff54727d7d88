import type { CustomerAddress } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const url = `/api/customers/${customer.id}/addresses`;

const address = (overrides: Partial<CustomerAddress>): CustomerAddress => ({
  id: 1,
  type: 'B',
  company: 'Dischi Rossi srl',
  firstname: 'Anna',
  lastname: 'Rossi',
  co: null,
  address: 'Via Verdi 3',
  postcode: '20121',
  city: 'Milano',
  state: 'MI',
  country: 'IT',
  phone: '+39 02 123456',
  note: null,
  is_default: true,
  ...overrides,
});

const book = [
  address({ id: 3 }),
  address({ id: 4, type: 'S', address: 'Corso Magenta 12', co: 'Magazzino', is_default: true }),
  address({
    id: 5,
    type: 'S',
    address: 'Via del Porto 9',
    postcode: '16121',
    city: 'Genova',
    is_default: false,
  }),
];

function serve(routes: Parameters<typeof stubFetch>[0] = {}, addresses = book) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    [`GET ${url}`]: () =>
      json(200, { data: addresses, meta: { total: addresses.length, page: 1, per_page: 25 } }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}
/** An input by its label, with or without the required asterisk. */
const labelled = (name: string) => new RegExp(`^${name}\\s*\\*?$`);
const bodyOf = (call: { init: RequestInit | undefined } | undefined) => JSON.parse(String(call?.init?.body));

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('addresses page', { timeout: 15_000 }, () => {
  it('shows billing and shipping addresses as cards with the default badged', async () => {
    serve();
    renderApp('/profile/addresses');
    const billing = within(await screen.findByRole('region', { name: 'Indirizzi di fatturazione' }));
    const shipping = within(screen.getByRole('region', { name: 'Indirizzi di spedizione' }));
    expect(billing.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Via Verdi 3, 20121 Milano',
    ]);
    const magenta = within(shipping.getByRole('article', { name: 'Corso Magenta 12, 20121 Milano' }));
    expect(magenta.getByText('Predefinito')).toBeTruthy();
    expect(magenta.getByText('c/o Magazzino')).toBeTruthy();
    expect(magenta.getByText('Tel. +39 02 123456')).toBeTruthy();
    expect(magenta.queryByRole('button', { name: /Imposta come predefinito/ })).toBeNull();
    const genova = within(shipping.getByRole('article', { name: 'Via del Porto 9, 16121 Genova' }));
    expect(genova.queryByText('Predefinito')).toBeNull();
    expect(document.title).toMatch(/^Indirizzi \| /);
  });

  it('makes an address the default with its own fields, and says so', async () => {
    const { calls } = serve({
      [`PUT ${url}/5`]: (init) => json(200, { ...book[2], ...bodyOf({ init }) }),
    });
    renderApp('/profile/addresses');
    fireEvent.click(
      await screen.findByRole('button', {
        name: "Imposta come predefinito l'indirizzo Via del Porto 9, 16121 Genova",
      }),
    );
    expect(await screen.findByText('Indirizzo predefinito aggiornato.')).toBeTruthy();
    const { id, ...fields } = book[2]!;
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toEqual({ ...fields, is_default: true });
  });

  it('opens an address the server will not make the default as it is, with its errors on the fields', async () => {
    serve({
      [`PUT ${url}/5`]: () =>
        json(422, { message: 'Required', errors: { firstname: ['Required'], lastname: ['Required'] } }),
    });
    renderApp('/profile/addresses');
    fireEvent.click(
      await screen.findByRole('button', {
        name: "Imposta come predefinito l'indirizzo Via del Porto 9, 16121 Genova",
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Modifica indirizzo' }));
    expect(await dialog.findAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(dialog.getByRole('checkbox', { name: 'Indirizzo predefinito per questo tipo' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('deletes an address only after confirmation', async () => {
    const { calls } = serve({ [`DELETE ${url}/5`]: () => new Response(null, { status: 204 }) });
    renderApp('/profile/addresses');
    fireEvent.click(
      await screen.findByRole('button', { name: "Elimina l'indirizzo Via del Porto 9, 16121 Genova" }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: "Eliminare l'indirizzo?" }));
    expect(dialog.getByText(/Via del Porto 9, 16121 Genova sarà tolto dalla rubrica/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Indirizzo eliminato.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`${url}/5`]);
  });

  it("adds an address, showing the server's field errors on the fields", async () => {
    const answers = [
      () => json(422, { message: 'Invalid value', errors: { postcode: ['Invalid value'] } }),
      () => json(201, address({ id: 9, type: 'S', is_default: false })),
    ];
    const { calls } = serve({ [`POST ${url}`]: () => answers.shift()!() });
    renderApp('/profile/addresses');
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi un indirizzo di spedizione' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nuovo indirizzo' }));
    expect(dialog.getByRole('radio', { name: 'Spedizione' })).toHaveProperty('checked', true);

    // nothing is sent while the form itself finds fields missing
    fireEvent.click(dialog.getByRole('button', { name: 'Salva' }));
    expect((await dialog.findAllByText('Campo obbligatorio')).length).toBe(5);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByLabelText(labelled('Ragione sociale')), { target: { value: 'Suoni Srl' } });
    fireEvent.change(dialog.getByLabelText(labelled('Indirizzo')), { target: { value: 'Via Emilia 1' } });
    fireEvent.change(dialog.getByLabelText(labelled('CAP')), { target: { value: '40100' } });
    fireEvent.change(dialog.getByLabelText(labelled('Città')), { target: { value: 'Bologna' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Salva' }));
    expect(await dialog.findByText('Valore non valido')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Indirizzo salvato.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(bodyOf(posts[1])).toEqual({
      type: 'S',
      company: 'Suoni Srl',
      firstname: '',
      lastname: '',
      co: '',
      address: 'Via Emilia 1',
      postcode: '40100',
      city: 'Bologna',
      state: '',
      country: 'IT',
      phone: '',
      note: '',
      is_default: false,
    });
  });

  it('keeps the default ticked when editing it', async () => {
    serve();
    renderApp('/profile/addresses');
    fireEvent.click(
      await screen.findByRole('button', { name: "Modifica l'indirizzo Via Verdi 3, 20121 Milano" }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Modifica indirizzo' }));
    const isDefault = dialog.getByRole('checkbox', { name: 'Indirizzo predefinito per questo tipo' });
    expect(isDefault).toHaveProperty('checked', true);
    expect(isDefault).toHaveProperty('disabled', true);
    expect(dialog.getByLabelText(labelled('Indirizzo'))).toHaveProperty('value', 'Via Verdi 3');
  });

  it('invites to add a first address when there is none', async () => {
    serve({}, []);
    renderApp('/profile/addresses');
    expect(await screen.findByText('Nessun indirizzo salvato')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi indirizzo' }));
    expect(await screen.findByRole('dialog', { name: 'Nuovo indirizzo' })).toBeTruthy();
  });
});
