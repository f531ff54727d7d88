import type { CurrentUser, TeamMember } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const companyAdmin: CurrentUser = { ...customerUser, customer_role: 'admin' };
const listUrl = `/api/customers/${customer.id}/users`;

function member(fields: Partial<TeamMember> & Pick<TeamMember, 'id' | 'email' | 'role'>): TeamMember {
  return {
    status: 'active',
    order_limit: null,
    monthly_limit: null,
    spent_this_month: 0,
    created_at: '2026-11-01T09:00:00.000Z',
    last_sign_in_at: null,
    ...fields,
  };
}

const team: TeamMember[] = [
  member({ id: 2, email: 'company@example.com', role: 'admin' }),
  member({ id: 7, email: 'accounts@example.com', role: 'viewer', status: 'invited' }),
  member({ id: 8, email: 'buyer@example.com', role: 'buyer', order_limit: 50_000, spent_this_month: 12_345 }),
];

function serve(user: CurrentUser, initial: TeamMember[], extra: Parameters<typeof stubFetch>[0] = {}) {
  let list = [...initial];
  const stub = stubFetch({
    'GET /api/user': () => json(200, user),
    'GET /api/shop': () => json(200, shop),
    [`GET ${listUrl}`]: () => json(200, { data: list, meta: { total: list.length, page: 1, per_page: 100 } }),
    [`POST ${listUrl}`]: (init) => {
      const body = JSON.parse(String(init?.body)) as Pick<TeamMember, 'email' | 'role'>;
      const created = member({ id: 20, ...body, status: 'invited' });
      list = [...list, created];
      return json(201, created);
    },
    [`DELETE ${listUrl}/8`]: () => {
      list = list.filter((m) => m.id !== 8);
      return new Response(null, { status: 204 });
    },
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('Team', { timeout: 20_000 }, () => {
  it('lists the users with role, status, limits in euros and the month spent', async () => {
    serve(companyAdmin, team);
    renderApp('/profile/team');
    const rows = await screen.findAllByTestId('team-member');
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('td')].slice(0, 6).map((td) => td.textContent);
    expect(cells(rows[0]!)).toEqual([
      'company@example.com',
      'Company admin',
      'Active',
      'No limit',
      'No limit',
      '€0.00',
    ]);
    expect(cells(rows[1]!)).toEqual([
      'accounts@example.com',
      'Viewer',
      'Invited',
      'No limit',
      'No limit',
      '€0.00',
    ]);
    expect(cells(rows[2]!)).toEqual([
      'buyer@example.com',
      'Buyer',
      'Active',
      '€500.00',
      'No limit',
      '€123.45',
    ]);
    // Only an invited user's invitation can be sent again.
    expect(within(rows[1]!).getByRole('button', { name: 'Resend invitation' })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button', { name: 'Resend invitation' })).toBeNull();
    // His own account is neither disabled nor removed from here.
    expect(within(rows[0]!).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(rows[0]!).queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Team' })).toBeTruthy();
  });

  it('invites a colleague: limits typed in euros are posted in cents and the new row appears', async () => {
    const stub = serve(companyAdmin, team);
    renderApp('/profile/team');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a colleague' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a colleague' });
    fireEvent.change(within(dialog).getByLabelText(/E-mail/), { target: { value: 'new.buyer@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Limit per order (net €)'), {
      target: { value: '750.50' },
    });
    fireEvent.change(within(dialog).getByLabelText('Limit per calendar month (net €)'), {
      target: { value: '2000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new.buyer@example.com.')).toBeTruthy();
    const post = stub.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(listUrl);
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      email: 'new.buyer@example.com',
      role: 'buyer',
      order_limit: 75_050,
      monthly_limit: 200_000,
    });
    await waitFor(() => expect(screen.getAllByTestId('team-member')).toHaveLength(4));
    expect(screen.getByText('new.buyer@example.com')).toBeTruthy();
  });

  it('shows the refusal of an e-mail that already has an account on the field', async () => {
    serve(companyAdmin, team, {
      [`POST ${listUrl}`]: () =>
        json(422, {
          message: 'This e-mail already has an account: ask its owner to use it, or invite another address.',
          errors: {
            email: [
              'This e-mail already has an account: ask its owner to use it, or invite another address.',
            ],
          },
        }),
    });
    renderApp('/profile/team');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a colleague' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a colleague' });
    fireEvent.change(within(dialog).getByLabelText(/E-mail/), { target: { value: 'private@example.com' } });
    fireEvent.click(within(dialog).getByLabelText('Role', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Viewer' }));
    // A viewer has no limits to set.
    expect(within(dialog).queryByLabelText('Limit per order (net €)')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText(
        'This e-mail already has an account: ask its owner to use it, or invite another address.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByTestId('team-member')).toHaveLength(3);
  });

  it('asks before removing a user, naming his e-mail, and removes him only once confirmed', async () => {
    const stub = serve(companyAdmin, team);
    renderApp('/profile/team');
    const rows = await screen.findAllByTestId('team-member');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this user?' });
    expect(
      within(dialog).getByText(
        'buyer@example.com will no longer be able to sign in. The orders he placed stay.',
      ),
    ).toBeTruthy();
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('buyer@example.com has been removed.')).toBeTruthy();
    expect(stub.calls.find((c) => c.method === 'DELETE')?.url).toBe(`${listUrl}/8`);
    await waitFor(() => expect(screen.getAllByTestId('team-member')).toHaveLength(2));
  });

  it("edits a buyer's limits: the form shows euros and the PUT carries cents", async () => {
    const stub = serve(companyAdmin, team, {
      [`PUT ${listUrl}/8`]: (init) => json(200, { ...team[2], ...JSON.parse(String(init?.body)) }),
    });
    renderApp('/profile/team');
    const rows = await screen.findAllByTestId('team-member');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit buyer@example.com' });
    expect((within(dialog).getByLabelText('Limit per order (net €)') as HTMLInputElement).value).toBe(
      '€ 500',
    );
    fireEvent.change(within(dialog).getByLabelText('Limit per calendar month (net €)'), {
      target: { value: '1200.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    const put = stub.calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      role: 'buyer',
      order_limit: 50_000,
      monthly_limit: 120_050,
    });
  });

  it('shows a refusal of the server (the last company admin) as a notification', async () => {
    serve(companyAdmin, team, {
      [`POST ${listUrl}/8/disable`]: () =>
        json(409, {
          message: 'This is the last active company admin: make another user company admin first.',
        }),
    });
    renderApp('/profile/team');
    const rows = await screen.findAllByTestId('team-member');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Disable' }));
    expect(
      await screen.findByText(
        'This is the last active company admin: make another user company admin first.',
      ),
    ).toBeTruthy();
    // A refusal keeps the admin signed in and on the page.
    expect(screen.getAllByTestId('team-member')).toHaveLength(3);
  });

  it('says when there is nobody yet', async () => {
    serve(companyAdmin, []);
    renderApp('/profile/team');
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it('is neither in the menu nor open to a buyer', async () => {
    const stub = serve({ ...customerUser, email: 'buyer@example.com', customer_role: 'buyer' }, team);
    renderApp('/profile/team');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
    expect(stub.calls.some((c) => c.url === listUrl)).toBe(false);
  });
});
