import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { adminUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

/** Every other call (the record itself) answers 404, as the server does for an unknown id. */
function serve(failure?: () => Response) {
  const routes: Record<string, () => Response> = {
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/erp/status': () => json(200, { enabled: false }),
  };
  const stub = stubFetch(routes);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (failure && !Object.keys(routes).some((r) => url.endsWith(r.slice(4)))) return failure();
    return stub.fetchStub(input, init);
  });
}

describe('a back-office record that does not exist (issue 22)', { timeout: 20_000 }, () => {
  it.each([
    ['/backoffice/orders/1999-000001', '/backoffice/orders'],
    ['/backoffice/orders/1999-000001/edit', '/backoffice/orders'],
    ['/backoffice/customers/999999', '/backoffice/customers'],
    ['/backoffice/products/NOPE-1', '/backoffice/products'],
    ['/backoffice/price-lists/999999', '/backoffice/price-lists'],
    ['/backoffice/returns/999999', '/backoffice/returns'],
  ])('%s says not found with a link back to the list, not a retry', async (path, list) => {
    serve();
    renderApp(path);
    const state = await screen.findByTestId('record-not-found');
    expect(within(state).getByText('Non trovato')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
    const back = within(state).getByRole('link', { name: "Torna all'elenco" });
    expect(back.getAttribute('href')).toBe(list);
  });

  it('still offers a retry when the record failed to load for another reason', async () => {
    serve(() => json(503, { message: 'The service is temporarily unavailable. Retry later.' }));
    renderApp('/backoffice/customers/7');
    expect(await screen.findByRole('button', { name: 'Riprova' })).toBeTruthy();
    expect(screen.queryByTestId('record-not-found')).toBeNull();
  });

  it('speaks English in English', async () => {
    await i18n.changeLanguage('en');
    serve();
    renderApp('/backoffice/orders/1999-000001');
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(
      '/backoffice/orders',
    );
  });
});
