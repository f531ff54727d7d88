import type { QueueCounts, QueueJob, QueueList } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const none: QueueCounts = { created: 0, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 0 };
const queues: QueueList = {
  enabled: true,
  data: [
    { name: 'cancel-unpaid', counts: { ...none, completed: 3 } },
    { name: 'erp-sync', counts: { ...none, created: 2, retry: 1, completed: 40, failed: 1 } },
  ],
};
const failed: QueueJob = {
  id: '3f2a9c1e-7b4d-4e8a-9c2f-1d5e6a7b8c9d',
  state: 'failed',
  data: { entity: 'order', key: '2026-000042' },
  error: 'ERP unreachable',
  retry_count: 5,
  retry_limit: 5,
  created_at: '2026-11-20T10:00:00.000Z',
  started_at: '2026-11-20T10:05:00.000Z',
  completed_at: '2026-11-20T10:05:01.000Z',
};

function serve(routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/queues': () => json(200, queues),
    'GET /api/queues/erp-sync/jobs': (_init, url) =>
      json(200, { data: url.endsWith('state=failed') ? [failed] : [] }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('back-office queue management', { timeout: 20_000 }, () => {
  it("shows every queue's counts by state and the failed jobs of the queue with failures, with their error", async () => {
    serve();
    renderApp('/backoffice/queues');
    const counts = await screen.findByRole('table', { name: 'Code e job per stato' });
    const rows = within(counts)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['0', '0', '0', '3', '0', '0'],
      ['2', '1', '0', '40', '0', '1'],
    ]);
    expect(screen.getByRole('button', { name: 'Falliti in erp-sync: 1' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Job della coda erp-sync' })).toBeTruthy();

    const jobs = await screen.findByRole('table', { name: 'Job' });
    const cells = within(jobs)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '3f2a9c1e',
      '20/11/2026 11:00',
      '5/5',
      'ERP unreachable',
      '{ "entity": "order", "key": "2026-000042" }',
      'RiprovaElimina',
    ]);
  });

  it('retries a failed job through the API, says so and reloads the counts', async () => {
    const { calls } = serve({
      'POST /api/queues/erp-sync/jobs/3f2a9c1e-7b4d-4e8a-9c2f-1d5e6a7b8c9d/retry': () =>
        json(200, { ...failed, state: 'retry', retry_limit: 6 }),
    });
    renderApp('/backoffice/queues');
    fireEvent.click(await screen.findByRole('button', { name: 'Riprova il job 3f2a9c1e' }));
    expect(await screen.findByText('Job rimesso in coda.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/queues/erp-sync/jobs/3f2a9c1e-7b4d-4e8a-9c2f-1d5e6a7b8c9d/retry',
    ]);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/queues').length).toBeGreaterThan(1));
  });

  it("shows the server's refusal of a retry in Italian, and stays on the page", async () => {
    serve({
      'POST /api/queues/erp-sync/jobs/3f2a9c1e-7b4d-4e8a-9c2f-1d5e6a7b8c9d/retry': () =>
        json(409, { message: 'Only a failed job can be retried.' }),
    });
    const { router } = renderApp('/backoffice/queues');
    fireEvent.click(await screen.findByRole('button', { name: 'Riprova il job 3f2a9c1e' }));
    expect(await screen.findByText('Si può riprovare solo un job fallito.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/queues');
  });

  it('deletes a job only after the confirmation', async () => {
    const { calls } = serve({
      'DELETE /api/queues/erp-sync/jobs/3f2a9c1e-7b4d-4e8a-9c2f-1d5e6a7b8c9d': () =>
        new Response(null, { status: 204 }),
    });
    renderApp('/backoffice/queues');
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina il job 3f2a9c1e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare?' });
    expect(within(dialog).getByText(/Il job 3f2a9c1e sarà eliminato/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Job eliminato.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("shows another state's jobs when its count is clicked, and says when there are none", async () => {
    const { calls } = serve();
    renderApp('/backoffice/queues');
    fireEvent.click(await screen.findByRole('button', { name: 'Completati in erp-sync: 40' }));
    expect(await screen.findByText('Nessun job completato')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/queues/erp-sync/jobs?state=completed');
    expect(screen.getByRole('radio', { name: 'Completati' })).toHaveProperty('checked', true);
  });

  it('says when the job queue is off', async () => {
    serve({ 'GET /api/queues': () => json(200, { enabled: false, data: [] }) });
    renderApp('/backoffice/queues');
    expect(await screen.findByText('La coda dei job è spenta')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
