import type { ApiToken, CurrentUser, Customer } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const VAT_VALID = 'The VAT Number seems valid';
const VAT_INVALID = 'The VAT Number seems incorrect or the VAT is not active. Could you check it?';
const TAX_VALID = 'The Tax Number seems valid';
const NOT_PERSON =
  'The tax code does not correspond to the code of a physical person. If you are a private company, please contact support by email.';
const TYPE_LOCKED = 'A customer with orders cannot change user type: a new profile must be created.';

const company: Customer = { ...customer, vat_id: 'IT00743110157', tax_number: '00743110157' };
const person: Customer = {
  ...customer,
  type: 'P',
  company: null,
  firstname: 'Mario',
  lastname: 'Rossi',
  vat_id: null,
  tax_number: 'RSSMRA85T10A562S',
  birthday: '1985-12-10',
};
const userWith = (c: Customer): CurrentUser => ({ ...customerUser, customer: c });

function serve(c: Customer, routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, userWith(c)),
    'GET /api/shop': () => json(200, shop),
    'GET /api/users/2/tokens': () => json(200, { data: [] }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

function typeAndLeave(name: string, value: string) {
  const input = field(name);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

const gestionale: ApiToken = {
  id: 7,
  name: 'Gestionale',
  scope: 'read-write',
  expires_at: '2099-01-31T10:00:00Z',
  created_at: '2026-11-02T10:00:00Z',
  last_used_at: null,
};

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('profile home: my data', () => {
  it('shows the e-mail read-only and the customer’s data in the fields', async () => {
    serve(company);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeTruthy();
    expect(field('E-mail (username)').readOnly).toBe(true);
    expect(field('E-mail (username)').value).toBe('company@example.com');
    expect(field('Company name').value).toBe('Dischi Rossi srl');
    expect(field('VAT number').value).toBe('IT00743110157');
    expect(screen.getByRole('radio', { name: 'Company' })).toHaveProperty('checked', true);
    expect(document.title).toBe('My profile | Sonora');
  });

  it('says whether the VAT number seems valid as the field is left, asking the server only past the checksum', async () => {
    const { calls } = serve(company, {
      'GET /api/vat-numbers/check': () => json(200, { valid: true, message: VAT_VALID }),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'My profile' });

    typeAndLeave('VAT number', 'IT00743110158');
    expect(await screen.findByText(VAT_INVALID)).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/vat-numbers/check'))).toBe(false);

    typeAndLeave('VAT number', 'IT 00743110157');
    expect(await screen.findByText(VAT_VALID)).toBeTruthy();
    expect(screen.queryByText(VAT_INVALID)).toBeNull();
    expect(calls.map((call) => call.url)).toContain(
      '/api/vat-numbers/check?vat_id=IT+00743110157&country=IT',
    );
  });

  it('keeps the field focused when Save is pressed, so no hint moves the button before the click lands', async () => {
    serve(company, {
      'GET /api/vat-numbers/check': () => json(200, { valid: true, message: VAT_VALID }),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'My profile' });
    const input = field('Tax number');
    input.focus();
    fireEvent.change(input, { target: { value: '00743110157' } });
    const save = screen.getByRole('button', { name: 'Save my data' });
    // a pressed mouse button would move the focus (and blur the field) unless the press is prevented
    expect(fireEvent.mouseDown(save)).toBe(false);
    expect(document.activeElement).toBe(input);
  });

  it('shows VIES’s refusal from the server under the VAT number', async () => {
    serve(company, {
      'GET /api/vat-numbers/check': () => json(200, { valid: false, message: VAT_INVALID }),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'My profile' });
    typeAndLeave('VAT number', 'IT01234560157');
    expect(await screen.findByText(VAT_INVALID)).toBeTruthy();
  });

  it("says whether a private person's tax number seems valid, and refuses a company's code", async () => {
    serve(person);
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'My profile' });
    expect(screen.queryByRole('textbox', { name: 'Company name' })).toBeNull();

    typeAndLeave('Tax number', '00743110157');
    expect(await screen.findByText(NOT_PERSON)).toBeTruthy();
    typeAndLeave('Tax number', 'rssmra85t10a562s');
    expect(await screen.findByText(TAX_VALID)).toBeTruthy();
    expect(screen.queryByText(NOT_PERSON)).toBeNull();
  });

  it('saves the data with a toast, and sends what the API takes', async () => {
    const { calls } = serve(person, {
      'PUT /api/customers/11': (init) => json(200, { ...person, ...bodyOf(init) }),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'My profile' });
    fireEvent.change(field('Occupation'), { target: { value: 'Insegnante' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my data' }));
    expect(await screen.findByText('Your data has been saved.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(bodyOf(put?.init)).toEqual({
      type: 'P',
      company: null,
      firstname: 'Mario',
      lastname: 'Rossi',
      sdi_code: null,
      pec: null,
      birthday: '1985-12-10',
      job: 'Insegnante',
      vat_id: null,
      tax_number: 'RSSMRA85T10A562S',
      country: 'IT',
    });
  });

  it('writes and reads the birthday as the shop does, dd/MM/yyyy in Italian and yyyy-MM-dd in English', async () => {
    const { calls } = serve(person, {
      'PUT /api/customers/11': (init) => json(200, { ...person, ...bodyOf(init) }),
    });
    await i18n.changeLanguage('it');
    renderApp('/profile');
    const birthday = (await screen.findByLabelText('Data di nascita')) as HTMLInputElement;
    expect(birthday.value).toBe('10/12/1985');
    fireEvent.change(birthday, { target: { value: '11/12/1985' } });
    fireEvent.blur(birthday);
    await waitFor(() => expect(birthday.value).toBe('11/12/1985'));
    fireEvent.click(screen.getByRole('button', { name: 'Salva i dati' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(bodyOf(calls.find((call) => call.method === 'PUT')?.init).birthday).toBe('1985-12-11');
    await i18n.changeLanguage('en');
    await waitFor(() => expect(birthday.value).toBe('1985-12-11'));
  });

  it('checks on the client before saving, and puts the server’s 422 on its field', async () => {
    const { calls } = serve(person, {
      'PUT /api/customers/11': () => json(422, { message: TYPE_LOCKED, errors: { type: [TYPE_LOCKED] } }),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'My profile' });

    fireEvent.change(field('Tax number'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my data' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByText('Invalid value')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(field('Tax number'), { target: { value: 'RSSMRA85T10A562S' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1985-12-10' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Company' }));
    fireEvent.change(field('Company name'), { target: { value: 'Rossi Dischi' } });
    fireEvent.change(field('VAT number'), { target: { value: 'IT00743110157' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my data' }));
    expect(await screen.findByText(TYPE_LOCKED)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});

describe('profile home: settings, password and API tokens', () => {
  it('saves the settings and switches the interface to the chosen language', async () => {
    const { calls } = serve(person, {
      'PUT /api/customers/11/settings': (init) => json(200, { ...person, ...bodyOf(init) }),
    });
    renderApp('/profile?tab=settings');
    fireEvent.click(await screen.findByRole('switch', { name: 'Receive the newsletter' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Italiano' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Impostazioni salvate.')).toBeTruthy();
    expect(i18n.language).toBe('it');
    expect(bodyOf(calls.find((call) => call.method === 'PUT')?.init)).toEqual({
      newsletter: true,
      language: 'it',
    });
  });

  it("says 'Error saving settings' when the save fails", async () => {
    serve(person, { 'PUT /api/customers/11/settings': () => json(500, { message: 'Server Error' }) });
    renderApp('/profile?tab=settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Error saving settings')).toBeTruthy();
    expect(i18n.language).toBe('en');
  });

  it('refuses a confirmation that does not match, and says when the update failed', async () => {
    const { calls } = serve(person, {
      'PUT /api/users/2/password': () => json(500, { message: 'Server Error' }),
    });
    renderApp('/profile?tab=password');
    const current = await screen.findByLabelText(/Current password/);
    fireEvent.change(current, { target: { value: 'Password1!' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Segreta9!' } });
    fireEvent.change(screen.getByLabelText(/Confirm the new password/), { target: { value: 'Segreta9?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText("The password doesn't match.")).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Confirm the new password/), { target: { value: 'Segreta9!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('An error has occurred while updating your password. Please try again later.'),
    ).toBeTruthy();
  });

  it('creates a token with an expiry and a scope, shown once with a copy button', async () => {
    let tokens: ApiToken[] = [];
    const { calls } = serve(person, {
      'GET /api/users/2/tokens': () => json(200, { data: tokens }),
      'POST /api/users/2/request-token': (init) => {
        tokens = [{ ...gestionale, id: 8, name: 'Magazzino', ...bodyOf(init) }];
        return json(201, { id: 8, name: 'Magazzino', token: 'secret-token-123' });
      },
    });
    renderApp('/profile?tab=api-tokens');
    expect(await screen.findByText('You have not created any API tokens yet.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Read-only' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/every change is refused/)).toBeTruthy();
    expect((screen.getByLabelText('Expires after', { selector: 'input' }) as HTMLInputElement).value).toBe(
      '90 days',
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Token name' }), { target: { value: 'Magazzino' } });
    fireEvent.click(screen.getByLabelText('Expires after', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '365 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('secret-token-123')).toBeTruthy();
    expect(bodyOf(calls.find((call) => call.method === 'POST')?.init)).toEqual({
      name: 'Magazzino',
      expires_in_days: 365,
      scope: 'read',
    });
    expect(screen.getByText(/will not be shown again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied the token' }));
    expect(screen.queryByText('secret-token-123')).toBeNull();
    const row = (await screen.findByText('Magazzino')).closest('tr')!;
    expect(within(row).getByText('Read-only')).toBeTruthy();
  });

  it('refuses an expiry the server will not take on the field', async () => {
    serve(person, {
      'POST /api/users/2/request-token': () =>
        json(422, {
          message: 'A token can last from 1 to 365 days.',
          errors: { expires_in_days: ['A token can last from 1 to 365 days.'] },
        }),
    });
    await i18n.changeLanguage('it');
    renderApp('/profile?tab=api-tokens');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nome del token' }), {
      target: { value: 'Magazzino' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Crea token' }));
    expect(await screen.findByText('Un token può durare da 1 a 365 giorni.')).toBeTruthy();
  });

  it('lists scope, last use and expiry, marks an expired token, and revokes one after a confirmation', async () => {
    let tokens: ApiToken[] = [
      gestionale,
      { ...gestionale, id: 6, name: 'Vecchio', scope: 'read', expires_at: '2026-01-01T10:00:00Z' },
    ];
    const { calls } = serve(person, {
      'GET /api/users/2/tokens': () => json(200, { data: tokens }),
      'DELETE /api/users/2/7/revoke': () => {
        tokens = tokens.filter((token) => token.id !== 7);
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/profile?tab=api-tokens');
    const row = (await screen.findByText('Gestionale')).closest('tr')!;
    expect(within(row).getByText('Read and write')).toBeTruthy();
    expect(within(row).getByText('2026-11-02')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('2099-01-31')).toBeTruthy();
    const old = screen.getByText('Vecchio').closest('tr')!;
    expect(within(old).getByText('Read-only')).toBeTruthy();
    expect(within(old).getByText('Expired')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the token Gestionale' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Software using “Gestionale” will lose access/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('Gestionale')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('clears the secret of a token just created once that token is revoked', async () => {
    let tokens: ApiToken[] = [];
    serve(person, {
      'GET /api/users/2/tokens': () => json(200, { data: tokens }),
      'POST /api/users/2/request-token': () => {
        tokens = [{ ...gestionale, id: 8, name: 'Magazzino' }];
        return json(201, { id: 8, name: 'Magazzino', token: 'secret-token-123' });
      },
      'DELETE /api/users/2/8/revoke': () => {
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/profile?tab=api-tokens');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Token name' }), {
      target: { value: 'Magazzino' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('secret-token-123')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the token Magazzino' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('secret-token-123')).toBeNull());
  });

  it('says the API tokens were revoked with the old password', async () => {
    let tokens: ApiToken[] = [gestionale, { ...gestionale, id: 8, name: 'Magazzino' }];
    serve(person, {
      'GET /api/users/2/tokens': () => json(200, { data: tokens }),
      'PUT /api/users/2/password': () => {
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/profile?tab=password');
    await waitFor(() => expect(queryClient.getQueryData(['users', 2, 'tokens'])).toHaveLength(2));
    fireEvent.change(await screen.findByLabelText(/Current password/), { target: { value: 'Password1!' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Segreta9!x' } });
    fireEvent.change(screen.getByLabelText(/Confirm the new password/), { target: { value: 'Segreta9!x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText(
        'Your 2 API tokens were revoked with the old password: create new ones where you need them.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData(['users', 2, 'tokens'])).toEqual([]));
    // typing the new password loads the password dictionaries (issue 17 point 4): seconds in jsdom
  }, 20_000);
});

describe('profile home: tabs', () => {
  it("opens 'My data' for a tab that does not exist", async () => {
    serve(company);
    renderApp('/profile?tab=unknown');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My data', selected: true })).toBeTruthy());
  });
});
