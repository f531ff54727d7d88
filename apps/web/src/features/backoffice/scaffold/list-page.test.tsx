import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import type { ListPageConfig } from './list-page';
import { ListPage } from './list-page';
import { localPage } from './local-page';
import { renderRoutes } from './test-harness';
import type { ListParams } from './use-list-params';

type Row = { id: number; code: string; description: string };

const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  code: `CODE-${String(i + 1).padStart(2, '0')}`,
  description: i % 2 === 0 ? `Vinile ${i + 1}` : `Compact disc ${i + 1}`,
}));

function setup(path = '/list') {
  const fetch = vi.fn(async (params: ListParams) => localPage(rows, params, ['code', 'description']));
  const config: ListPageConfig<Row> = {
    titleKey: 'backoffice.pages.categories',
    queryKey: ['test-list'],
    fetch,
    columns: [
      { key: 'code', labelKey: 'bo.fields.code', sort: 'code' },
      { key: 'description', labelKey: 'bo.fields.description' },
    ],
    rowKey: (r) => r.id,
    rowLink: (r) => `/list/${r.id}`,
    linkColumn: 'code',
    createLink: '/list/new',
    importResource: 'categories',
  };
  const view = renderRoutes([{ path: '/list', element: <ListPage config={config} /> }], path);
  return { fetch, ...view };
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('ListPage', () => {
  beforeEach(() => queryClient.clear());

  it('shows the first page of 25 with the total, and pages forward through the URL', async () => {
    const { router, fetch } = setup();
    expect((await screen.findByRole('link', { name: 'CODE-01' })).getAttribute('href')).toBe('/list/1');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('30 risultati')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pagina 2' }));
    expect(await screen.findByRole('link', { name: 'CODE-26' })).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);
    expect(router.state.location.search).toBe('?page=2');
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: '2' }), expect.anything());
  });

  it('reads search, sort and page from the URL, and a new search goes back to page 1', async () => {
    const { router } = setup('/list?q=vinile&sort=code&dir=desc');
    expect(await screen.findByRole('link', { name: 'CODE-29' })).toBeTruthy();
    expect(bodyRows()).toHaveLength(15);
    expect(screen.getByRole('columnheader', { name: /Codice/ }).getAttribute('aria-sort')).toBe('descending');
    expect((screen.getByRole('searchbox', { name: 'Cerca' }) as HTMLInputElement).value).toBe('vinile');

    fireEvent.click(screen.getByRole('button', { name: /Codice/ }));
    await waitFor(() => expect(router.state.location.search).toContain('dir=asc'));
    expect(await screen.findByRole('link', { name: 'CODE-01' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cerca' }), { target: { value: 'CODE-07' } });
    expect(await screen.findByText('1 risultato')).toBeTruthy();
    expect(router.state.location.search).toContain('q=CODE-07');
    expect(router.state.location.search).not.toContain('page=');
  });

  it('says when nothing matches, and offers the export of the filtered list', async () => {
    setup('/list?q=cassetta&page=1');
    expect(await screen.findByText('Nessun risultato per “cassetta”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/exports/categories?q=cassetta',
    );
    expect(screen.getByRole('link', { name: 'Nuovo' }).getAttribute('href')).toBe('/list/new');
  });
});
