import type { CurrentUser } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

/** A staff member signed in as buyer@example.com until 11:00 in Rome (10:00 UTC). */
const signedInAs: CurrentUser = {
  ...customerUser,
  email: 'buyer@example.com',
  customer_role: 'buyer',
  impersonation: { staff_email: 'admin@example.com', expires_at: '2026-11-21T10:00:00.000Z' },
};

function serve(user: CurrentUser) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, user),
    'GET /api/shop': () => json(200, shop),
    'GET /api/users/2/tokens': () => json(200, { data: [] }),
    'POST /api/impersonation/end': () => json(200, { redirect: '/backoffice/customers/1' }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const assign = vi.fn();
beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
  vi.stubGlobal('location', { ...window.location, assign });
  assign.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the banner of a staff member signed in as a customer (issue 19 point 5)', () => {
  it('names the customer user and the staff member, and returns to the back office', {
    timeout: 20_000,
  }, async () => {
    const stub = serve(signedInAs);
    renderApp('/profile');
    const region = await screen.findByRole('region', { name: 'Staff session as a customer' });
    expect(within(region).getByRole('status').textContent).toBe(
      'You are signed in as buyer@example.com by admin@example.com — until 11:00',
    );
    fireEvent.click(within(region).getByRole('button', { name: 'Return to back office' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/backoffice/customers/1'));
    expect(stub.calls.some((c) => c.method === 'POST' && c.url === '/api/impersonation/end')).toBe(true);
  });

  it('reads in Italian too', { timeout: 20_000 }, async () => {
    await i18n.changeLanguage('it');
    serve(signedInAs);
    renderApp('/profile');
    expect(
      await screen.findByText('Sei collegato come buyer@example.com da admin@example.com — fino alle 11:00'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Torna al back office' })).toBeTruthy();
  });

  it('is absent from a customer’s own session', { timeout: 20_000 }, async () => {
    serve({ ...customerUser, impersonation: null });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Return to back office' })).toBeNull();
  });

  it('shows a note instead of the password, second factor, sessions and tokens', {
    timeout: 20_000,
  }, async () => {
    serve(signedInAs);
    renderApp('/profile?tab=password');
    // The password, sessions and tokens panels (the second factor's loads only when its tab opens).
    expect(await screen.findAllByText(/Not available while signed in as a customer/)).toHaveLength(3);
    expect(document.querySelector('input[type="password"]')).toBeNull();
  });
});
