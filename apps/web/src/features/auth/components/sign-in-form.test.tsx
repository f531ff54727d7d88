import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customerUser } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

async function passwordStep() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
    target: { value: 'company@example.com' },
  });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('sign-in form', () => {
  it('checks the fields with the domain schema before calling the server', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /api/user': () => json(401, { message: 'Unauthenticated.' }),
    });
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/sign-in');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'not-an-email' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Invalid length')).toBeTruthy();
    expect(calls.some((call) => call.url === '/login')).toBe(false);
  });

  it('links to the password recovery page', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/user': () => json(401, {}) }).fetchStub);
    renderApp('/sign-in');
    const link = await screen.findByRole('link', { name: 'Forgot your password?' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
    expect(document.title).toBe('Sign in | Sonora');
  });

  it('asks for the code of the authenticator app after the password, then signs in with it', async () => {
    let signedIn = false;
    const { fetchStub, calls } = stubFetch({
      'GET /api/user': () => (signedIn ? json(200, customerUser) : json(401, {})),
      'POST /login': () => json(200, { two_factor: true }),
      'POST /two-factor-challenge': () => {
        signedIn = true;
        return json(200, customerUser);
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderApp('/sign-in?redirect=/profile');
    await passwordStep();

    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    // Still signed out: the password alone opened no session.
    expect(router.state.location.pathname).toBe('/sign-in');

    fireEvent.change(code, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code of your authenticator app.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/two-factor-challenge')).toBe(false);

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const sent = calls.find((call) => call.url === '/two-factor-challenge');
    expect(bodyOf(sent?.init)).toEqual({ code: '123456' });
  }, 20_000);

  it('switches to a recovery code by keyboard and shows the refusal on its field', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /api/user': () => json(401, {}),
      'POST /login': () => json(200, { two_factor: true }),
      'POST /two-factor-challenge': () =>
        json(422, {
          message: 'This recovery code has already been used.',
          errors: { recovery_code: ['This recovery code has already been used.'] },
        }),
    });
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/sign-in');
    await passwordStep();

    const toggle = await screen.findByRole('button', { name: 'Lost your phone? Use a recovery code' });
    fireEvent.click(toggle);
    const field = await screen.findByRole('textbox', { name: 'Recovery code' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).toBeNull();
    fireEvent.change(field, { target: { value: 'ABCDE-FGHJK-MNPQR' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This recovery code has already been used.')).toBeTruthy();
    const sent = calls.find((call) => call.url === '/two-factor-challenge');
    expect(bodyOf(sent?.init)).toEqual({ recovery_code: 'abcdefghjkmnpqr' });

    fireEvent.click(screen.getByRole('button', { name: 'Use the code of the authenticator app' }));
    expect(await screen.findByRole('textbox', { name: 'Authentication code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  }, 20_000);
});
