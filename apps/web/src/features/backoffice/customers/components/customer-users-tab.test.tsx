import type { Customer, TeamMember } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, customer as fixture, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const rossi: Customer = {
  ...fixture,
  id: 7,
  company: 'Zeta Dischi S.r.l.',
  email: 'ordini@zetadischi.example',
};
const base = {
  order_limit: null,
  monthly_limit: null,
  spent_this_month: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  last_sign_in_at: null,
};
const team: TeamMember[] = [
  { ...base, id: 40, email: 'ordini@zetadischi.example', role: 'admin', status: 'active' },
  {
    ...base,
    id: 41,
    email: 'buyer@zetadischi.example',
    role: 'buyer',
    status: 'active',
    order_limit: 50_000,
  },
  { ...base, id: 42, email: 'left@zetadischi.example', role: 'viewer', status: 'disabled' },
];

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/customers/7': () => json(200, rossi),
    'GET /api/customers/7/users': () => json(200, { data: team, meta: { total: 3, page: 1, per_page: 3 } }),
    'POST /api/backoffice/customers/7/users/41/sign-in-as': () => json(200, { redirect: '/profile' }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const assign = vi.fn();
beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  assign.mockReset();
});

describe("the customer's users tab", { timeout: 20_000 }, () => {
  it('lists the team and signs in as an active user after a confirmation', async () => {
    const stub = serve();
    renderApp('/backoffice/customers/7/users');
    const rows = await screen.findAllByTestId('team-member');
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      'ordini@zetadischi.example',
      'buyer@zetadischi.example',
      'left@zetadischi.example',
    ]);
    // Only an active user can be signed in as.
    expect(within(rows[2]!).queryByRole('button', { name: 'Sign in as' })).toBeNull();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign in as' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in as buyer@zetadischi.example?' });
    expect(
      within(dialog).getByText(
        'You will see the shop as buyer@zetadischi.example for up to 60 minutes. Every action is recorded.',
      ),
    ).toBeTruthy();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in as' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile'));
    expect(stub.calls.find((c) => c.method === 'POST')?.url).toBe(
      '/api/backoffice/customers/7/users/41/sign-in-as',
    );
  });
});
