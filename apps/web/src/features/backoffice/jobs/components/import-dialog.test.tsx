import type { Import } from '@shop/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../lib/query-client';
import { json, setCookie, stubFetch } from '../../../../test/render';
import { renderRoutes } from '../../scaffold/test-harness';
import { ImportDialog } from './import-dialog';

const preview: Import = {
  id: 7,
  resource: 'products',
  filename: 'prodotti.xlsx',
  status: 'previewed',
  total_rows: 40,
  invalid_rows: 25,
  to_create: 10,
  to_update: 5,
  errors: Array.from({ length: 25 }, (_, i) => ({
    row: i + 2,
    column: 'price',
    message: 'Must be greather than 0',
  })),
  errors_total: 25,
  skip_invalid: null,
  progress: { processed: 0, total: 0 },
  summary: null,
  error: null,
  resumable: false,
  created_at: '2026-05-04T10:00:00Z',
  finished_at: null,
};

/** XMLHttpRequest stand-in: reports half the upload, then answers `response`. */
function stubUpload(status: number, response: unknown) {
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    status = 0;
    responseText = '';
    withCredentials = false;
    open() {}
    setRequestHeader() {}
    send() {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(response);
        this.onload?.();
      }, 20);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

function open() {
  const onImported = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: <ImportDialog resource="products" opened onClose={() => {}} onImported={onImported} />,
      },
    ],
    '/',
  );
  const file = new File(['sku;price'], 'prodotti.xlsx');
  fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Carica e verifica' }));
  return { onImported };
}

describe('ImportDialog', () => {
  beforeEach(() => {
    queryClient.clear();
    setCookie('XSRF-TOKEN', 'token');
  });

  it('lists every invalid cell by row and column, a page at a time, and runs skipping them', async () => {
    stubUpload(201, preview);
    let polls = 0;
    const { fetchStub, calls } = stubFetch({
      'POST /api/imports/7/run': () =>
        json(200, {
          ...preview,
          status: 'running',
          skip_invalid: true,
          progress: { processed: 0, total: 15 },
        }),
      'GET /api/imports/7': () => {
        polls += 1;
        return polls < 2
          ? json(200, { ...preview, status: 'running', progress: { processed: 6, total: 15 } })
          : json(200, {
              ...preview,
              status: 'completed',
              progress: { processed: 15, total: 15 },
              summary: { created: 10, updated: 5, skipped: 25 },
            });
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    const { onImported } = open();

    const table = await screen.findByRole('table', { name: 'Celle non valide' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(21);
    expect(rows[1]!.textContent).toBe('2priceDeve essere maggiore di 0');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(within(table).getAllByRole('row')[5]!.textContent).toBe('26priceDeve essere maggiore di 0');

    // all or nothing cannot run with invalid rows, and says why (issue 22)
    const run = screen.getByRole('button', { name: 'Importa' }) as HTMLButtonElement;
    expect(run.disabled).toBe(true);
    const why =
      'Il file ha righe non valide: correggile e carica di nuovo il file, oppure scegli di saltarle.';
    expect(screen.getByText(why)).toBeTruthy();
    expect(document.getElementById(run.getAttribute('aria-describedby') ?? '')?.textContent).toBe(why);
    fireEvent.click(screen.getByRole('radio', { name: 'Salta le righe non valide e importa le altre' }));
    expect(screen.queryByText(why)).toBeNull();
    expect(run.disabled).toBe(false);
    fireEvent.click(run);

    expect(await screen.findByText('6 di 15 righe')).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: "Avanzamento dell'importazione" })
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(await screen.findByText('Importazione completata')).toBeTruthy();
    const summary = screen.getByText('Importazione completata').closest('[role=alert], .mantine-Alert-root')!;
    expect(summary.textContent).toContain('Creati10');
    expect(summary.textContent).toContain('Aggiornati5');
    expect(summary.textContent).toContain('Saltati25');
    expect(onImported).toHaveBeenCalled();
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/imports/7/run')?.init?.body))).toEqual({
      skip_invalid: true,
    });
  });

  it('says a file must be chosen first while the check is disabled', () => {
    renderRoutes(
      [{ path: '/', element: <ImportDialog resource="products" opened onClose={() => {}} /> }],
      '/',
    );
    const check = screen.getByRole('button', { name: 'Carica e verifica' }) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    const why = document.getElementById(check.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Scegli prima un file .xlsx o .csv.');
    fireEvent.change(document.querySelector('input[type=file]')!, {
      target: { files: [new File(['sku'], 'prodotti.xlsx')] },
    });
    expect(check.disabled).toBe(false);
    expect(screen.queryByText('Scegli prima un file .xlsx o .csv.')).toBeNull();
  });

  it("shows the server's message when it refuses the file", async () => {
    stubUpload(422, { message: 'Unknown columns: prezzo_vecchio.' });
    open();
    expect(await screen.findByText('Colonne sconosciute: prezzo_vecchio.')).toBeTruthy();
    expect(screen.getByText('Il file è stato rifiutato')).toBeTruthy();
  });

  it('offers to continue an import that stopped before its end, and shows its progress', async () => {
    const interrupted: Import = {
      ...preview,
      invalid_rows: 0,
      errors: [],
      errors_total: 0,
      status: 'failed',
      skip_invalid: false,
      progress: { processed: 1000, total: 3000 },
      error: 'The import was interrupted before it ended: run it again to continue where it stopped.',
      resumable: true,
      finished_at: '2026-05-04T10:05:00Z',
    };
    const { fetchStub, calls } = stubFetch({
      'GET /api/imports': () => json(200, { data: [interrupted] }),
      'POST /api/imports/7/run': () =>
        json(202, { ...interrupted, status: 'running', error: null, resumable: false }),
      'GET /api/imports/7': () =>
        json(200, {
          ...interrupted,
          status: 'running',
          error: null,
          resumable: false,
          progress: { processed: 2000, total: 3000 },
        }),
    });
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(
      [{ path: '/', element: <ImportDialog resource="products" opened onClose={() => {}} /> }],
      '/',
    );

    expect(
      await screen.findByText(
        'prodotti.xlsx si è fermato a 1000 di 3000 righe il 04/05/2026: riprendilo da dove si è fermato.',
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'GET' && c.url.startsWith('/api/imports?'))?.url).toBe(
      '/api/imports?resource=products',
    );
    fireEvent.click(screen.getByRole('button', { name: "Riprendi l'importazione" }));
    expect(await screen.findByText('2000 di 3000 righe')).toBeTruthy();
    expect(screen.queryByText('Carica e verifica')).toBeNull();
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/imports/7/run')?.init?.body))).toEqual({
      skip_invalid: false,
    });
  });
});
