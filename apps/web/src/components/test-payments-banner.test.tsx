import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { queryClient } from '../lib/query-client';
import { shop } from '../test/fixtures';
import { json, renderApp, stubFetch } from '../test/render';

function serve(paymentsMode: 'live' | 'test' | 'off') {
  const stub = stubFetch({
    'GET /api/user': () => json(401, { message: 'Unauthenticated.' }),
    'GET /api/shop': () => json(200, { ...shop, payments_mode: paymentsMode }),
    'GET /api/setup': () => json(200, { needed: false }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('the test-payments banner (issue 18)', () => {
  it('says no money moves while the test gateway takes payments', async () => {
    serve('test');
    renderApp('/setup');
    const banner = await screen.findByText('Pagamenti di prova: nessun addebito reale');
    expect(banner.getAttribute('role')).toBe('status');
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Test payments: no money moves')).toBe(banner);
  });

  it.each(['live', 'off'] as const)('is not shown when payments are %s', async (mode) => {
    serve(mode);
    renderApp('/setup');
    await screen.findByRole('link', { name: 'Accedi' });
    expect(screen.queryByText('Pagamenti di prova: nessun addebito reale')).toBeNull();
  });
});
