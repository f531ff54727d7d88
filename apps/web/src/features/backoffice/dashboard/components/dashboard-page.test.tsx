import type { Dashboard } from '@shop/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';
import { deltaPercent } from './dashboard-cards';

const period = (from: string, to: string, orders: number, revenue: number) => ({
  from,
  to,
  orders,
  revenue,
  link: `/backoffice/orders?date_from=${from}&date_to=${to}`,
});

const dashboard: Dashboard = {
  today: '2026-11-27',
  today_sales: {
    current: period('2026-11-27', '2026-11-27', 12, 345_678),
    last_year: period('2025-11-27', '2025-11-27', 8, 300_000),
  },
  month_sales: {
    current: period('2026-11-01', '2026-11-27', 210, 9_876_543),
    last_year: period('2025-11-01', '2025-11-27', 0, 0),
  },
  waiting: [
    { status: 'awaiting_approval', count: 2, link: '/backoffice/orders?status=awaiting_approval' },
    { status: 'registered', count: 7, link: '/backoffice/orders?status=registered' },
    { status: 'confirmed', count: 0, link: '/backoffice/orders?status=confirmed' },
    { status: 'in_work', count: 0, link: '/backoffice/orders?status=in_work' },
    { status: 'picking', count: 0, link: '/backoffice/orders?status=picking' },
    { status: 'ready_to_ship', count: 3, link: '/backoffice/orders?status=ready_to_ship' },
  ],
  failed_payments: {
    count: 1,
    link: '/backoffice/orders?status=failed_payment',
    recent: [
      {
        order_no: '2026-000042',
        date: '2026-11-26T09:30:00.000Z',
        customer: 'Dischi Verdi srl',
        total: 12_990,
        link: '/backoffice/orders/2026-000042',
      },
    ],
  },
  erp_failures: { count: 4, link: '/backoffice/orders?erp_sync=failed' },
  imports_running: [],
  low_stock: {
    threshold: 5,
    count: 17,
    count_is_estimate: false,
    link: '/backoffice/products?in_stock=1&available_max=5',
  },
  preorders_this_week: {
    from: '2026-11-23',
    to: '2026-11-29',
    count: 6,
    link: '/backoffice/products?available_for_preorders=1&release_from=2026-11-23&release_to=2026-11-29',
  },
  sales_by_day: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-10-${String(i + 1).padStart(2, '0')}`,
    orders: 0,
    revenue: 0,
  })),
  sales_by_category: [],
};

function serve(answer: () => Response) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/backoffice/dashboard': answer,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('back-office dashboard', { timeout: 20_000 }, () => {
  it('is the back office home: figures with last year, each a link to its filtered list', async () => {
    serve(() => json(200, dashboard));
    renderApp('/backoffice');
    expect(await screen.findByRole('heading', { name: 'Cruscotto' })).toBeTruthy();
    expect(await screen.findByText('Situazione di oggi, 27/11/2026')).toBeTruthy();

    const orders = screen.getByRole('link', { name: '12' });
    expect(orders.getAttribute('href')).toBe('/backoffice/orders?date_from=2026-11-27&date_to=2026-11-27');
    expect(screen.getByText("+50% sull'anno scorso")).toBeTruthy();
    expect(screen.getByRole('link', { name: /3456,78|3\.456,78/ })).toBeTruthy();
    expect(screen.getAllByText('Anno scorso: 0')).toHaveLength(1);

    const waiting = screen.getByRole('heading', { name: 'Ordini da lavorare' }).closest('div')!
      .parentElement as HTMLElement;
    expect(within(waiting).getByRole('link', { name: '7' }).getAttribute('href')).toBe(
      '/backoffice/orders?status=registered',
    );
    expect(screen.getByRole('link', { name: '17' }).getAttribute('href')).toBe(
      '/backoffice/products?in_stock=1&available_max=5',
    );
    expect(screen.getByRole('link', { name: '2026-000042' }).getAttribute('href')).toBe(
      '/backoffice/orders/2026-000042',
    );
    expect(screen.getByText('Preordini in uscita questa settimana (23/11/2026 – 29/11/2026)')).toBeTruthy();
    expect(screen.getByText('Nessuna importazione in corso.')).toBeTruthy();
    expect(screen.getAllByText('Nessuna vendita in questo periodo.')).toHaveLength(2);
  });

  it('counts a one-row import in the singular', async () => {
    const running = {
      id: 3,
      resource: 'products' as const,
      filename: 'listino.xlsx',
      processed: 0,
      total_rows: 1,
      started_at: '2026-11-27T09:00:00.000Z',
      link: '/backoffice/products',
    };
    serve(() => json(200, { ...dashboard, imports_running: [running] }));
    renderApp('/backoffice');
    expect(await screen.findByText('0 di 1 riga')).toBeTruthy();
  });

  it('speaks English with English dates', async () => {
    await i18n.changeLanguage('en');
    serve(() => json(200, dashboard));
    renderApp('/backoffice');
    expect(await screen.findByText('Where things stand today, 2026-11-27')).toBeTruthy();
    expect(screen.getByText('Orders to work on')).toBeTruthy();
  });

  it('offers a retry when the figures fail to load', async () => {
    serve(() => json(500, { message: 'boom' }));
    renderApp('/backoffice');
    expect(
      await screen.findByText('Il cruscotto non è stato caricato', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /riprova/i })).toBeTruthy();
  });
});

describe('deltaPercent', () => {
  it.each([
    [150, 100, 50],
    [50, 100, -50],
    [100, 100, 0],
    [5, 0, null],
  ])('%i against %i is %s', (current, lastYear, expected) => {
    expect(deltaPercent(current, lastYear)).toBe(expected);
  });
});
