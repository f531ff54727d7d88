import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { queryClient } from '../lib/query-client';
import { json, renderApp, stubFetch } from '../test/render';

beforeEach(() => {
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    stubFetch({ 'GET /api/user': () => json(401, { message: 'Unauthenticated.' }) }).fetchStub,
  );
});

describe('not-found page', () => {
  it("reads 'Error 404' and 'Page not found' in English, with a link back home", async () => {
    await i18n.changeLanguage('en');
    renderApp('/no/such/page');
    expect(await screen.findByText('Error 404')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page not found | Sonora');
  });

  it('is translated in Italian', async () => {
    await i18n.changeLanguage('it');
    renderApp('/pagina-inesistente');
    expect(await screen.findByText('Errore 404')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Torna alla home' }).getAttribute('href')).toBe('/');
  });
});
