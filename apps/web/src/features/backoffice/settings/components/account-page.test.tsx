import type { ApiToken } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const STRONG = 'Lantern-Quiet-Orbit-42!';
const token: ApiToken = {
  id: 3,
  name: 'ERP sync',
  scope: 'read',
  expires_at: '2099-02-19T10:00:00.000Z',
  last_used_at: null,
  created_at: '2026-11-21T10:00:00.000Z',
};
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function serve(routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/user/two-factor': () =>
      json(200, { enabled: false, enabled_at: null, required: false, recovery_codes_left: 0 }),
    'GET /api/user/sessions': () => json(200, { data: [] }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});

// The first password check loads the password dictionaries, as the browser does.
describe('the staff account page: password and API tokens (issue 18)', { timeout: 30_000 }, () => {
  it('changes the password with the current one, and says the tokens went with it', async () => {
    let tokens = [token];
    const { calls } = serve({
      'GET /api/users/1/tokens': () => json(200, { data: tokens }),
      'PUT /api/users/1/password': (init) => {
        if (bodyOf(init).current_password !== 'Password1!')
          return json(422, {
            message: 'The provided password is incorrect.',
            errors: { current_password: ['The provided password is incorrect.'] },
          });
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/backoffice/account');
    const section = (await screen.findByRole('heading', { name: 'Password', level: 2 })).closest('div')!;
    expect(section).toBeTruthy();
    await screen.findByText('ERP sync');
    const current = screen.getByLabelText(/^Current password/);
    fireEvent.change(current, { target: { value: 'Wrong1!' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: STRONG } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: STRONG } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The provided password is incorrect.')).toBeTruthy();

    fireEvent.change(current, { target: { value: 'Password1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been updated.')).toBeTruthy();
    expect(await screen.findByText(/Your API token was revoked with the old password/)).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(bodyOf(puts.at(-1)?.init)).toEqual({
      current_password: 'Password1!',
      password: STRONG,
      password_confirmation: STRONG,
    });
  });

  it('creates a token shown once, lists it, and revokes it after a confirmation', async () => {
    let tokens: ApiToken[] = [];
    const { calls } = serve({
      'GET /api/users/1/tokens': () => json(200, { data: tokens }),
      'POST /api/users/1/request-token': (init) => {
        tokens = [{ ...token, name: bodyOf(init).name }];
        return json(201, { id: 3, name: bodyOf(init).name, token: '3|secret-value' });
      },
      'DELETE /api/users/1/3/revoke': () => {
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/backoffice/account');
    expect(await screen.findByRole('heading', { name: 'Personal API tokens', level: 2 })).toBeTruthy();
    expect(await screen.findByText('You have not created any API tokens yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Token name/ }), {
      target: { value: 'Stock export' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByLabelText('The new token')).textContent).toBe('3|secret-value');
    expect(bodyOf(calls.find((c) => c.method === 'POST')?.init)).toEqual({
      name: 'Stock export',
      expires_in_days: 90,
      scope: 'read',
    });
    const row = (await screen.findByText('Stock export', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByText('Read-only')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the token Stock export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the token?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked.')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
