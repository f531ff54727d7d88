import type { CurrentUser, CustomerOrderSummary, Order } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { order } from '../../../test/cart-fixtures';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const buyer: CurrentUser = { ...customerUser, id: 3, email: 'buyer@example.com', customer_role: 'buyer' };
const approver: CurrentUser = {
  ...customerUser,
  id: 4,
  email: 'boss@example.com',
  customer_role: 'approver',
};
const orderNo = 'W-2026-000101';
const placedBy = { email: 'buyer@example.com', staff_email: null };
const waiting = order({
  orderNo,
  status: 'awaiting_approval',
  payment_method: 'as_agreed',
  placed_by: placedBy,
  approval: { reason: 'order_limit', outcome: null, decided_by: null, decided_at: null, note: null },
});

const summaryOf = (o: Order): CustomerOrderSummary => ({
  id: o.id,
  orderNo: o.orderNo,
  date: o.date,
  status: o.status,
  payment_method: o.payment_method,
  total: o.total,
  total_without_taxes: o.total_without_taxes,
  tracking_step: null,
  rows_count: o.rows.length,
  placed_by: o.placed_by?.email ?? null,
});

function serve(user: CurrentUser, shown: Order, after?: Order) {
  let current = shown;
  const decided = (next: Order | undefined) => () => {
    if (next) current = next;
    return json(200, current);
  };
  const stub = stubFetch({
    'GET /api/user': () => json(200, user),
    'GET /api/shop': () => json(200, shop),
    [`GET /api/orders/${orderNo}`]: () => json(200, current),
    [`POST /api/orders/${orderNo}/withdraw`]: decided(after),
    [`POST /api/orders/${orderNo}/approve`]: decided(after),
    [`GET /api/customer/${customer.id}/orders`]: () =>
      json(200, { data: [summaryOf(current)], meta: { total: 1, page: 1, per_page: 20 } }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('an order that needed approval', { timeout: 20_000 }, () => {
  it('tells the buyer it waits and lets him withdraw it, after confirming', async () => {
    const withdrawn = order({
      ...waiting,
      status: 'cancelled',
      approval: {
        ...waiting.approval!,
        outcome: 'withdrawn',
        decided_by: 'buyer@example.com',
        decided_at: '2026-11-21T10:00:00.000Z',
      },
    });
    const stub = serve(buyer, waiting, withdrawn);
    renderApp(`/profile/orders/${orderNo}`);
    expect((await screen.findByTestId('order-status')).textContent).toBe('Awaiting approval');
    expect(screen.getByTestId('order-approval-state').textContent).toBe(
      'Waiting for approval: over your per-order limit',
    );
    expect(screen.getByTestId('order-placed-by').textContent).toBe('Placed by buyer@example.com');
    // nobody approves his own order
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: `Withdraw order ${orderNo}` });
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByText(`Order ${orderNo} withdrawn: it is cancelled.`)).toBeTruthy();
    expect(stub.calls.find((c) => c.method === 'POST')?.url).toBe(`/api/orders/${orderNo}/withdraw`);
    await waitFor(() => expect(screen.getByTestId('order-approval-state').textContent).toBe('Withdrawn'));
    expect(screen.getByTestId('order-status').textContent).toBe('Cancelled');
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('lets an approver who did not place it approve it from the order page', async () => {
    const approved = order({
      ...waiting,
      status: 'registered',
      approval: {
        ...waiting.approval!,
        outcome: 'approved',
        decided_by: 'boss@example.com',
        decided_at: '2026-11-21T10:00:00.000Z',
        note: 'Fine',
      },
    });
    const stub = serve(approver, waiting, approved);
    renderApp(`/profile/orders/${orderNo}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: `Approve order ${orderNo}` });
    fireEvent.change(within(dialog).getByLabelText('Note for the buyer (optional)'), {
      target: { value: 'Fine' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByTestId('order-approval-state').textContent).toBe(
        'Approved by boss@example.com on 2026-11-21',
      ),
    );
    expect(screen.getByTestId('order-approval-note').textContent).toBe('Note: Fine');
    expect(screen.getByTestId('order-status').textContent).toBe('Registered');
    const post = stub.calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ note: 'Fine' });
  });

  it("tells the approver an order held for credit waits for the shop's approval, with no Approve for him", async () => {
    const held = order({ ...waiting, approval: { ...waiting.approval!, reason: 'credit_limit' } });
    serve(approver, held);
    renderApp(`/profile/orders/${orderNo}`);
    expect((await screen.findByTestId('order-approval-state')).textContent).toBe(
      "Waiting for the shop's approval: over your credit limit",
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('shows who rejected it and why, and who placed it for the shop', async () => {
    serve(
      buyer,
      order({
        ...waiting,
        status: 'cancelled',
        placed_by: { email: 'buyer@example.com', staff_email: 'admin@example.com' },
        approval: {
          reason: 'monthly_limit',
          outcome: 'rejected',
          decided_by: 'company@example.com',
          decided_at: '2026-11-22T08:00:00.000Z',
          note: 'Too much this month',
        },
      }),
    );
    renderApp(`/profile/orders/${orderNo}`);
    expect((await screen.findByTestId('order-approval-state')).textContent).toBe(
      'Rejected by company@example.com',
    );
    expect(screen.getByTestId('order-approval-note').textContent).toBe('Note: Too much this month');
    expect(screen.getByTestId('order-placed-by').textContent).toBe(
      'Placed by buyer@example.com, by admin@example.com for the shop',
    );
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('is listed among the orders as awaiting approval', async () => {
    serve(buyer, waiting);
    renderApp('/profile/orders');
    const row = await screen.findByTestId('order');
    expect(within(row).getByTestId('order-status').textContent).toBe('Awaiting approval');
  });
});
