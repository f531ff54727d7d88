import type { CustomerCoupon } from '@shop/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const coupons: CustomerCoupon[] = [
  {
    id: 1,
    code: 'ROSSI10',
    kind: 'percent',
    value: 1000,
    valid_from: '2026-11-01',
    valid_until: '2026-11-30',
    used_at: null,
    state: 'valid',
  },
  {
    id: 2,
    code: 'NATALE',
    kind: 'percent',
    value: 1250,
    valid_from: '2026-12-01',
    valid_until: null,
    used_at: null,
    state: 'not_yet_valid',
  },
  {
    id: 3,
    code: 'USATO5',
    kind: 'fixed',
    value: 500,
    valid_from: null,
    valid_until: null,
    used_at: '2026-11-02T23:30:00.000Z',
    state: 'used',
  },
];

function serve(list: CustomerCoupon[]) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    [`GET /api/customers/${customer.id}/coupons`]: () =>
      json(200, { data: list, meta: { total: list.length, page: 1, per_page: list.length } }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
}

beforeEach(() => {
  queryClient.clear();
});

describe('coupons page', { timeout: 15_000 }, () => {
  it('lists each coupon with its percent or amount, validity dates and state, in Italian', async () => {
    await i18n.changeLanguage('it');
    serve(coupons);
    renderApp('/profile/coupons');
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
      );
    expect(rows.slice(1)).toEqual([
      ['ROSSI10', '10%', 'dal 01/11/2026 al 30/11/2026', 'Valido'],
      ['NATALE', '12,5%', 'dal 01/12/2026', 'Non ancora valido'],
      // used just before midnight in Rome on 3 November
      ['USATO5', '5,00 €', 'sempre', 'UsatoUsato il 03/11/2026'],
    ]);
    expect(document.title).toMatch(/^Coupon \| /);
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    serve(coupons.slice(0, 1));
    renderApp('/profile/coupons');
    expect(await screen.findByText('from 2026-11-01 to 2026-11-30')).toBeTruthy();
    expect(screen.getByText('Valid')).toBeTruthy();
    await i18n.changeLanguage('it');
  });

  it('says when the customer holds no coupon', async () => {
    await i18n.changeLanguage('it');
    serve([]);
    renderApp('/profile/coupons');
    expect(await screen.findByText('Nessun coupon')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
