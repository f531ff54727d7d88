import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { json, renderApp, stubFetch } from '../../../test/render';

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
});
