import type { UserSession } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { queryClient } from '../../lib/query-client';
import { customerUser, shop } from '../../test/fixtures';
import { json, renderApp, stubFetch } from '../../test/render';

const sessions: UserSession[] = [
  {
    id: 11,
    browser: 'Firefox',
    os: 'macOS',
    ip: '203.0.113.7',
    started_at: '2026-11-20T08:00:00Z',
    last_seen_at: '2026-11-21T09:30:00Z',
    current: true,
  },
  {
    id: 12,
    browser: 'Chrome',
    os: 'Windows',
    ip: '198.51.100.20',
    started_at: '2026-11-18T15:00:00Z',
    last_seen_at: '2026-11-19T17:45:00Z',
    current: false,
  },
];

function serve(list = sessions) {
  let current = list;
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/user/sessions': () => json(200, { data: current }),
    'DELETE /api/user/sessions/12': () => {
      current = current.filter((s) => s.id !== 12);
      return new Response(null, { status: 204 });
    },
    'DELETE /api/user/other-sessions': () => {
      current = current.filter((s) => s.current);
      return new Response(null, { status: 204 });
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('signed-in browsers on the profile (issue 17 point 2)', { timeout: 15_000 }, () => {
  it('lists each browser with system, address, sign-in and last activity; this one is badged', async () => {
    serve();
    renderApp('/profile?tab=sessions');
    const cell = await screen.findByText('Firefox · macOS', {}, { timeout: 12_000 });
    const table = within(cell.closest('table')!);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Firefox · macOSQuesto browser203.0.113.720/11/2026 09:0021/11/2026 10:30',
      'Chrome · Windows198.51.100.2018/11/2026 16:0019/11/2026 18:45Disconnetti',
    ]);
  });

  it('signs another browser out after a confirmation', async () => {
    const stub = serve();
    renderApp('/profile?tab=sessions');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Disconnetti Chrome · Windows (198.51.100.20)' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Disconnettere questo browser?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Disconnetti' }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Il browser è stato disconnesso.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Chrome · Windows')).toBeNull());
    expect(screen.getByRole('button', { name: 'Disconnetti tutti gli altri' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('Nessun altro browser è connesso.')).toBeTruthy();
  });

  it('signs out everywhere else after a confirmation', async () => {
    const stub = serve();
    renderApp('/profile?tab=sessions');
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnetti tutti gli altri' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Disconnettere tutti gli altri browser?' }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Disconnetti' }));
    await waitFor(() =>
      expect(stub.calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /api/user/other-sessions'),
    );
    expect(await screen.findByText('Tutti gli altri browser sono stati disconnessi.')).toBeTruthy();
  });
});
