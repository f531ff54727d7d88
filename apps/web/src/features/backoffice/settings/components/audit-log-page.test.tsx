import type { AuditEntry } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const edit: AuditEntry = {
  id: 12,
  at: '2026-11-21T09:30:00.000Z',
  user_id: 1,
  user_email: 'admin@example.com',
  action: 'update',
  entity: 'product',
  entity_id: '40',
  changes: {
    price: { from: 1290, to: 1490 },
    discontinued: { from: false, to: true },
    description: { from: 'Vinile', to: 'Vinile 180 g' },
    ean13: { from: null, to: '8012345678901' },
  },
  ip: '203.0.113.7',
};
const signIn: AuditEntry = {
  id: 11,
  at: '2026-11-21T09:00:00.000Z',
  user_id: 1,
  user_email: 'admin@example.com',
  action: 'sign-in',
  entity: null,
  entity_id: null,
  changes: null,
  ip: '203.0.113.7',
};

function serve(entries: AuditEntry[] = [edit, signIn]) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/audit-log': () =>
      json(200, { data: entries, meta: { total: entries.length, page: 1, per_page: 25 } }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('audit log back office', { timeout: 15_000 }, () => {
  it('lists who did what, when and from where, with the changes folded past three', async () => {
    serve();
    renderApp('/backoffice/audit-log');
    const link = await screen.findByRole('link', { name: '40' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/backoffice/audit-log?entity=product&entity_id=40');
    const row = link.closest('tr')!;
    for (const text of ['21/11/2026 10:30', 'admin@example.com', 'Modifica', 'Prodotto', '203.0.113.7'])
      expect(within(row).getByText(text)).toBeTruthy();
    const changes = () =>
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(changes()).toEqual([
      'price: 1290 → 1490',
      'discontinued: false → true',
      'description: Vinile → Vinile 180 g',
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'Mostra tutte le 4 modifiche' }));
    expect(changes()).toContain('ean13: ∅ → 8012345678901');
    fireEvent.click(within(row).getByRole('button', { name: 'Mostra meno' }));
    expect(changes()).toHaveLength(3);

    // An entry without a record links to its user's history.
    expect(screen.getByRole('link', { name: '—' }).getAttribute('href')).toBe(
      '/backoffice/audit-log?q=admin%40example.com',
    );
  });

  it('names the customer user a staff member acted as (issue 19 point 5)', async () => {
    const asBuyer: AuditEntry = {
      id: 13,
      at: '2026-11-21T09:45:00.000Z',
      user_id: 1,
      user_email: 'admin@example.com',
      action: 'impersonation-action',
      entity: 'POST /api/orders',
      entity_id: '2026-000123',
      changes: { http_status: { to: 201 } },
      ip: '203.0.113.7',
      subject_email: 'buyer@example.com',
    };
    serve([asBuyer]);
    renderApp('/backoffice/audit-log');
    const row = (await screen.findByRole('link', { name: '2026-000123' }, { timeout: 5000 })).closest('tr')!;
    for (const text of [
      'admin@example.com',
      'come buyer@example.com',
      'Azione come cliente',
      'POST /api/orders',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
  });

  it('sends the filters to the list and to the export', async () => {
    const { calls } = serve();
    renderApp(
      '/backoffice/audit-log?q=admin&entity=order&action=status-change&date_from=2026-11-01&date_to=2026-11-21',
    );
    await screen.findByRole('link', { name: '40' }, { timeout: 5000 });
    const listCall = calls.find((c) => c.url.startsWith('/api/audit-log?'));
    for (const part of [
      'user=admin',
      'entity=order',
      'action=status-change',
      'date_from=2026-11-01',
      'date_to=2026-11-21',
    ])
      expect(listCall?.url).toContain(part);
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/audit-log/export?user=admin&entity=order&action=status-change&date_from=2026-11-01&date_to=2026-11-21',
    );
    expect((screen.getByRole('combobox', { name: 'Oggetto' }) as HTMLInputElement).value).toBe('Ordine');
    expect((screen.getByRole('combobox', { name: 'Azione' }) as HTMLInputElement).value).toBe(
      'Cambio di stato',
    );
  });

  it('says when nothing matches, and is in the navigation in English too', async () => {
    serve([]);
    await i18n.changeLanguage('en');
    renderApp('/backoffice/audit-log');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy());
    expect(await screen.findByText('Nothing to show')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe(
      '/backoffice/audit-log',
    );
  });
});
