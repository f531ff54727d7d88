import type { Coupon, CouponOrder } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const welcome: Coupon = {
  id: 7,
  code: 'WELCOME10',
  kind: 'fixed',
  value: 1000,
  valid_from: '2026-01-01',
  valid_until: null,
  min_order: 5000,
  usage_limit: 100,
  per_customer_limit: 1,
  customer_groups: [{ id: 1, name: 'RIVENDITORI' }],
  customers: [],
  used: 2,
};
const natale: Coupon = {
  ...welcome,
  id: 8,
  code: 'NATALE15',
  kind: 'percent',
  value: 1500,
  min_order: null,
  usage_limit: null,
  customer_groups: [],
  used: 0,
};
const usage: CouponOrder = {
  order_id: 12,
  order_no: '2026-000012',
  date: '2026-11-20T10:00:00.000Z',
  customer_id: 3,
  customer: 'Dischi Rossi',
  status: 'delivered',
  total: 6100,
  discount: 1000,
};
const page = <T,>(data: T[]) => json(200, { data, meta: { total: data.length, page: 1, per_page: 25 } });

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/customer-groups': () =>
      page([{ id: 1, code: 'RIVENDITORI', description: 'Rivenditori', external_group_id: null }]),
    'GET /api/customers': () => page([]),
    'GET /api/coupons': () => page([welcome, natale]),
    'GET /api/coupons/7': () => json(200, welcome),
    'PUT /api/coupons/7': () => json(422, { message: 'already exist', errors: { code: ['already exist'] } }),
    'GET /api/coupons/7/orders': () => page([usage]),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent?.replace(/\s/g, ' '));

describe('coupons back office', { timeout: 15_000 }, () => {
  it('lists coupons with a percent or an amount, the minimum order, use against the limit, and whom they are for', async () => {
    serve();
    renderApp('/backoffice/coupons');
    const link = await screen.findByRole('link', { name: 'WELCOME10' });
    expect(link.getAttribute('href')).toBe('/backoffice/coupons/7');
    expect(cellsOf(link.closest('tr')!)).toEqual([
      'WELCOME10',
      '10,00 €',
      '01/01/2026',
      '–',
      '50,00 €',
      '2 / 100',
      'RIVENDITORI',
    ]);
    const other = screen.getByRole('link', { name: 'NATALE15' });
    expect(cellsOf(other.closest('tr')!).slice(1, 7)).toEqual(['15%', '01/01/2026', '–', '–', '0', '–']);
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/exports/coupons',
    );
  });

  it('shows a fixed value in euros, switches it to a percent with the kind, and puts a taken code on its field', async () => {
    const { calls } = serve();
    renderApp('/backoffice/coupons/7');
    expect(await screen.findByDisplayValue('WELCOME10')).toBeTruthy();
    expect(screen.getByDisplayValue('€ 10,00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('esiste già')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.url === '/api/coupons/7');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      code: 'WELCOME10',
      kind: 'fixed',
      value: 1000,
      valid_from: '2026-01-01',
      valid_until: null,
      min_order: 5000,
      usage_limit: 100,
      per_customer_limit: 1,
      customer_group_ids: [1],
      customer_ids: [],
    });

    fireEvent.click(screen.getByRole('combobox', { name: /^Tipo/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sconto percentuale' }));
    await waitFor(() => expect(screen.getByDisplayValue('10 %')).toBeTruthy());
    const value = screen.getByDisplayValue('10 %');
    fireEvent.change(value, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Una percentuale non può superare il 100%')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('lists the orders that used it in the usage tab, each linking to the order', async () => {
    serve();
    renderApp('/backoffice/coupons/7/orders');
    const link = await screen.findByRole('link', { name: '2026-000012' });
    expect(link.getAttribute('href')).toBe('/backoffice/orders/2026-000012');
    expect(cellsOf(link.closest('tr')!)).toEqual([
      '2026-000012',
      '20/11/2026',
      'Dischi Rossi',
      'Consegnato',
      '61,00 €',
      '10,00 €',
    ]);
    expect(screen.getByText('Usato da 2 ordini su 100.')).toBeTruthy();
    expect(i18n.t('bo.coupons.usedCount', { count: 1, limit: 100 })).toBe('Usato da 1 ordine su 100.');
  });
});
