import type { CurrentUser, Order, OrderToApprove } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { order } from '../../../test/cart-fixtures';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const approver: CurrentUser = { ...customerUser, customer_role: 'admin' };
const waiting: OrderToApprove[] = [
  {
    order_no: 'W-2026-000101',
    date: '2026-11-20T09:30:00.000Z',
    placed_by: 'buyer@example.com',
    reason: 'order_limit',
    total: 73_200,
    total_without_taxes: 60_000,
    rows: 3,
  },
  {
    order_no: 'W-2026-000102',
    date: '2026-11-21T10:00:00.000Z',
    placed_by: 'buyer@example.com',
    reason: 'monthly_limit',
    total: 12_200,
    total_without_taxes: 10_000,
    rows: 1,
  },
];
const listUrl = `/api/customers/${customer.id}/approvals`;

function serve(user: CurrentUser, list: OrderToApprove[]) {
  const decided = new Set<string>();
  const decide = (orderNo: string, status: Order['status']) => () => {
    decided.add(orderNo);
    return json(200, order({ orderNo, status }));
  };
  const stub = stubFetch({
    'GET /api/user': () => json(200, user),
    'GET /api/shop': () => json(200, shop),
    [`GET ${listUrl}`]: () =>
      json(
        200,
        list.filter((o) => !decided.has(o.order_no)),
      ),
    'POST /api/orders/W-2026-000101/approve': decide('W-2026-000101', 'registered'),
    'POST /api/orders/W-2026-000102/reject': decide('W-2026-000102', 'cancelled'),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('To approve', { timeout: 20_000 }, () => {
  it('lists the orders waiting, with who placed them, why and their total', async () => {
    serve(approver, waiting);
    renderApp('/profile/approvals');
    const rows = await screen.findAllByTestId('approval');
    expect(rows).toHaveLength(2);
    expect([...rows[0]!.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual([
      'W-2026-000101',
      '2026-11-20',
      'buyer@example.com',
      'Over the per-order limit',
      '€732.00',
    ]);
    expect(within(rows[1]!).getByText('Over the monthly limit')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'W-2026-000101' }).getAttribute('href')).toBe(
      '/profile/orders/W-2026-000101',
    );
    expect(screen.getByRole('link', { name: 'To approve' })).toBeTruthy();
  });

  it('approves an order with a note: the note is posted, the row leaves, a notification says so', async () => {
    const stub = serve(approver, waiting);
    renderApp('/profile/approvals');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve order W-2026-000101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve order W-2026-000101' });
    fireEvent.change(within(dialog).getByLabelText('Note for the buyer (optional)'), {
      target: { value: 'OK for the Christmas stock' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Order W-2026-000101 approved: it goes on to processing.')).toBeTruthy();
    const post = stub.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/orders/W-2026-000101/approve');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ note: 'OK for the Christmas stock' });
    await waitFor(() => expect(screen.getAllByTestId('approval')).toHaveLength(1));
    expect(screen.queryByText('W-2026-000101')).toBeNull();
  });

  it('asks before rejecting, then posts the rejection without a note', async () => {
    const stub = serve(approver, waiting);
    renderApp('/profile/approvals');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject order W-2026-000102' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order W-2026-000102' });
    expect(
      within(dialog).getByText('The order is cancelled and its stock released. This cannot be undone.'),
    ).toBeTruthy();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText('Order W-2026-000102 rejected: it is cancelled.')).toBeTruthy();
    const post = stub.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/orders/W-2026-000102/reject');
    expect(JSON.parse(String(post?.init?.body))).toEqual({});
    await waitFor(() => expect(screen.getAllByTestId('approval')).toHaveLength(1));
  });

  it('says there is nothing to approve', async () => {
    serve(approver, []);
    renderApp('/profile/approvals');
    expect(await screen.findByText('Nothing to approve')).toBeTruthy();
    expect(screen.queryByTestId('approvals')).toBeNull();
  });

  it('shows a loading state until the list arrives', async () => {
    serve(approver, waiting);
    renderApp('/profile/approvals');
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findAllByTestId('approval')).toHaveLength(2);
  });

  it('is neither in the menu nor open to a buyer, whose role does not approve', async () => {
    const stub = serve({ ...customerUser, email: 'buyer@example.com', customer_role: 'buyer' }, waiting);
    renderApp('/profile/approvals');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'To approve' })).toBeNull();
    expect(stub.calls.some((c) => c.url === listUrl)).toBe(false);
  });
});
