import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { json, stubFetch } from '../../../../test/render';
import { renderRoutes } from '../../scaffold/test-harness';
import { CustomerGroupsPage } from './customer-groups-pages';

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('back-office customer groups', { timeout: 15_000 }, () => {
  it("asks the server for the list's search as `text`, with its sort and page, and links each group", async () => {
    const stub = stubFetch({
      'GET /api/customer-groups': () =>
        json(200, {
          data: [{ id: 4, code: 'RIV', description: 'Rivenditori', external_group_id: 'G-01' }],
          meta: { total: 1, page: 1, per_page: 25 },
        }),
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutes(
      [{ path: '/backoffice/customer-groups', element: <CustomerGroupsPage /> }],
      '/backoffice/customer-groups?q=riv&sort=description&dir=desc',
    );
    const link = await screen.findByRole('link', { name: 'RIV' });
    expect(link.getAttribute('href')).toBe('/backoffice/customer-groups/4');
    expect(screen.getByText('G-01')).toBeTruthy();
    expect(screen.getByText('1 risultato')).toBeTruthy();
    const url = new URL(stub.calls.at(-1)!.url, 'http://shop.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      text: 'riv',
      sort: 'description',
      dir: 'desc',
    });
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/exports/customer-groups?q=riv&sort=description&dir=desc',
    );
  });
});
