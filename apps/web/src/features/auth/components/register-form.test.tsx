import { accountApprovalMessages, messages } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customerUser } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function fillCompany() {
  type('Company name', 'Dischi Nuovi srl');
  type('First name', 'Marta');
  type('Last name', 'Rossi');
  type('Email', 'marta@example.com');
  type('VAT number', 'IT00743110157');
  type('SDI code', 'ABC1234');
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Vinile-Blu-42' } });
  fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'Vinile-Blu-42' } });
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('sign-up form (issue 22)', () => {
  it('shows the server’s refusals on their fields and keeps what was typed', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /api/user': () => json(401, {}),
      'POST /register': () =>
        json(422, {
          message: messages.emailTaken,
          errors: { email: [messages.emailTaken], vat_id: [messages.vatNumberInvalid] },
        }),
    });
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeTruthy();
    fillCompany();
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));

    expect(await screen.findByText(messages.emailTaken)).toBeTruthy();
    expect(screen.getByText(messages.vatNumberInvalid)).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('VAT number').getAttribute('aria-invalid')).toBe('true');
    expect(field('Company name').value).toBe('Dischi Nuovi srl');
    expect(field('Email').value).toBe('marta@example.com');
    expect(bodyOf(calls.find((c) => c.url === '/register')?.init)).toEqual({
      type: 'G',
      company: 'Dischi Nuovi srl',
      firstname: 'Marta',
      lastname: 'Rossi',
      email: 'marta@example.com',
      country: 'IT',
      vat_id: 'IT00743110157',
      sdi_code: 'ABC1234',
      pec: null,
      password: 'Vinile-Blu-42',
      password_confirmation: 'Vinile-Blu-42',
    });
  }, 20_000);

  it('checks SPEC §5 before calling the server: the SDI code or PEC, the tax code of a person', async () => {
    const { fetchStub, calls } = stubFetch({ 'GET /api/user': () => json(401, {}) });
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Sign up' });
    fillCompany();
    type('SDI code', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText(accountApprovalMessages.sdiOrPecRequired)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Private person' }));
    expect(screen.queryByRole('textbox', { name: 'Company name' })).toBeNull();
    const tax = field('Tax number');
    fireEvent.change(tax, { target: { value: '00743110157' } });
    fireEvent.blur(tax);
    expect(await screen.findByText(messages.taxNumberNotPerson)).toBeTruthy();
    fireEvent.change(tax, { target: { value: 'RSSMRA85T10A562S' } });
    fireEvent.blur(tax);
    expect(await screen.findByText(messages.taxNumberValid)).toBeTruthy();
    expect(calls.some((c) => c.url === '/register')).toBe(false);
  }, 20_000);

  it('says the account waits for the shop’s approval when it does, signed in', async () => {
    let signedIn = false;
    const waiting = { ...customerUser, customer: { ...customerUser.customer!, awaiting_approval: true } };
    const { fetchStub } = stubFetch({
      'GET /api/user': () => (signedIn ? json(200, waiting) : json(401, {})),
      'POST /register': () => {
        signedIn = true;
        return json(201, waiting);
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Sign up' });
    fillCompany();
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByRole('heading', { name: 'Account waiting for approval' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to the catalogue' })).toBeTruthy());
  }, 20_000);

  it('is linked from the sign-in page', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/user': () => json(401, {}) }).fetchStub);
    renderApp('/sign-in');
    await screen.findByRole('heading', { name: 'Sign in' });
    // the sign-in card's link and the header's
    const links = await screen.findAllByRole('link', { name: 'Sign up' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/register', '/register']);
  }, 20_000);
});
