import { type StaffMember, staffMessages } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const me: StaffMember = {
  id: 1,
  email: 'admin@example.com',
  is_super_admin: true,
  status: 'active',
  two_factor: true,
  created_at: '2026-01-10T09:00:00.000Z',
  last_sign_in_at: '2026-11-21T09:30:00.000Z',
};
const colleague: StaffMember = {
  id: 7,
  email: 'giulia@shop.it',
  is_super_admin: true,
  status: 'active',
  two_factor: true,
  created_at: '2026-03-02T09:00:00.000Z',
  last_sign_in_at: '2026-11-20T16:05:00.000Z',
};
const invited: StaffMember = {
  id: 8,
  email: 'marco@shop.it',
  is_super_admin: true,
  status: 'invited',
  two_factor: false,
  created_at: '2026-11-21T08:00:00.000Z',
  last_sign_in_at: null,
};
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function serve(staff: StaffMember[], routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/staff': () => json(200, { data: staff }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const rowOf = async (email: string) => (await screen.findByText(email, {}, { timeout: 5000 })).closest('tr')!;

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('staff back office (issue 18)', { timeout: 20_000 }, () => {
  it('lists the members with their status, second factor and last sign-in, and marks the signed-in one', async () => {
    serve([me, colleague, invited]);
    renderApp('/backoffice/staff');
    expect(await screen.findByRole('heading', { name: 'Staff', level: 1 })).toBeTruthy();
    const mine = await rowOf('admin@example.com');
    expect(within(mine).getByText('Tu')).toBeTruthy();
    const row = await rowOf('marco@shop.it');
    for (const text of ['Invitato', 'No', 'Mai', '21/11/2026'])
      expect(within(row).getByText(text)).toBeTruthy();
    const active = await rowOf('giulia@shop.it');
    for (const text of ['Attivo', '20/11/2026 17:05'])
      expect(within(active).getAllByText(text).length).toBeGreaterThan(0);
    // A second factor that is off has nothing to reset.
    expect(within(row).queryByRole('button', { name: 'Azzera secondo fattore' })).toBeNull();
    expect(within(active).getByRole('button', { name: 'Azzera secondo fattore' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe('/backoffice/staff');
  });

  it('says so when there is nobody, and offers a retry when the list fails', async () => {
    serve([]);
    renderApp('/backoffice/staff');
    expect(
      await screen.findByText('Ancora nessun membro dello staff: invita il primo.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    queryClient.clear();
    serve([], {
      'GET /api/staff': () => json(503, { message: 'The service is temporarily unavailable. Retry later.' }),
    });
    renderApp('/backoffice/staff');
    expect(
      await screen.findByText('Non è stato possibile caricare lo staff.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('invites a colleague: a taken e-mail is shown on the field, success says the mail was sent', async () => {
    await i18n.changeLanguage('en');
    let list = [me];
    const { calls } = serve(list, {
      'GET /api/staff': () => json(200, { data: list }),
      'POST /api/staff': (init) => {
        const { email } = bodyOf(init);
        if (email === 'giulia@shop.it')
          return json(422, {
            message: 'The email has already been taken.',
            errors: { email: ['The email has already been taken.'] },
          });
        list = [me, invited];
        return json(201, invited);
      },
    });
    renderApp('/backoffice/staff');
    await rowOf('admin@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    fireEvent.change(email, { target: { value: 'giulia@shop.it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('The email has already been taken.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(email, { target: { value: 'Marco@Shop.it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('Invitation sent: marco@shop.it has been mailed a link to set the password.'),
    ).toBeTruthy();
    expect(await rowOf('marco@shop.it')).toBeTruthy();
    expect(within(await rowOf('marco@shop.it')).getByText('Invited')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => bodyOf(c.init))).toEqual([
      { email: 'giulia@shop.it' },
      { email: 'marco@shop.it' },
    ]);
  });

  it('disables a colleague after a confirmation naming them, and shows the refusal of the last super admin', async () => {
    let list = [me, colleague, invited];
    const { calls } = serve(list, {
      'GET /api/staff': () => json(200, { data: list }),
      'POST /api/staff/7/disable': () => {
        list = [me, { ...colleague, status: 'disabled' }, invited];
        return json(200, list[1]);
      },
      // Another admin disabled the others meanwhile: the server refuses to leave no active super admin.
      'POST /api/staff/8/disable': () => json(409, { message: staffMessages.lastSuperAdmin }),
    });
    renderApp('/backoffice/staff');
    const row = await rowOf('giulia@shop.it');
    fireEvent.click(within(row).getByRole('button', { name: 'Disattiva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disattivare giulia@shop.it?' });
    expect(within(dialog).getByText(/giulia@shop.it viene disconnesso subito/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disattiva' }));
    expect(await screen.findByText('giulia@shop.it è stato disattivato e disconnesso.')).toBeTruthy();
    await waitFor(async () =>
      expect(within(await rowOf('giulia@shop.it')).getByText('Disattivato')).toBeTruthy(),
    );
    expect(within(await rowOf('giulia@shop.it')).getByRole('button', { name: 'Riattiva' })).toBeTruthy();
    // Your own account is not disabled from here: the row offers no action.
    expect(within(await rowOf('admin@example.com')).queryByRole('button')).toBeNull();

    const other = await rowOf(invited.email);
    fireEvent.click(within(other).getByRole('button', { name: 'Disattiva' }));
    const second = await screen.findByRole('dialog', { name: `Disattivare ${invited.email}?` });
    fireEvent.click(within(second).getByRole('button', { name: 'Disattiva' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Questo è l'ultimo super amministratore attivo: riattivane o invitane un altro prima.",
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/staff/7/disable',
      '/api/staff/8/disable',
    ]);
  });

  it('re-enables a member and resets a second factor, each after its confirmation; cancelling sends nothing', async () => {
    await i18n.changeLanguage('en');
    const disabled = { ...colleague, status: 'disabled' as const };
    const { calls } = serve([me, disabled], {
      'POST /api/staff/7/enable': () => json(200, colleague),
      'DELETE /api/staff/7/two-factor': () => json(200, { ...disabled, two_factor: false }),
    });
    renderApp('/backoffice/staff');
    const row = await rowOf('giulia@shop.it');
    fireEvent.click(within(row).getByRole('button', { name: 'Reset second factor' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset the second factor of giulia@shop.it?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Reset second factor' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset the second factor of giulia@shop.it?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText('The second factor of giulia@shop.it has been reset.')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Re-enable' }));
    dialog = await screen.findByRole('dialog', { name: 'Re-enable giulia@shop.it?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-enable' }));
    expect(await screen.findByText('giulia@shop.it can sign in again.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/staff/7/two-factor',
      'POST /api/staff/7/enable',
    ]);
  });
});
