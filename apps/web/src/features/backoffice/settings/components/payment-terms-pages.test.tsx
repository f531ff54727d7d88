import type { PaymentTerms } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const terms: PaymentTerms = {
  id: 3,
  name: '30/60 gg f.m.',
  instalments: [
    { days: 30, end_of_month: true, share: 5000 },
    { days: 60, end_of_month: true, share: 5000 },
  ],
};

function serve(routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/payment-terms': () => json(200, { data: [terms], meta: { total: 1, page: 1, per_page: 25 } }),
    'GET /api/payment-terms/3': () => json(200, terms),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('back-office payment terms', { timeout: 15_000 }, () => {
  it('lists the terms with their instalments, searching by `text`, beside the customer groups in the menu', async () => {
    const { calls } = serve();
    renderApp('/backoffice/payment-terms?q=60');
    const link = await screen.findByRole('link', { name: '30/60 gg f.m.' });
    expect(link.getAttribute('href')).toBe('/backoffice/payment-terms/3');
    expect(within(link.closest('tr')!).getByText('30 gg f.m. 50% · 60 gg f.m. 50%')).toBeTruthy();
    const url = new URL(calls.find((c) => c.url.startsWith('/api/payment-terms?'))!.url, 'http://shop.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', text: '60' });
    const nav = screen.getByRole('link', { name: 'Condizioni di pagamento' });
    expect(nav.getAttribute('href')).toBe('/backoffice/payment-terms');
  });

  it('creates terms of two instalments after saying the shares must add up to 100%', async () => {
    const { calls } = serve({
      'POST /api/payment-terms': (init) => json(201, { id: 9, ...JSON.parse(String(init?.body)) }),
      'GET /api/payment-terms/9': () => json(200, { ...terms, id: 9 }),
    });
    const { router } = renderApp('/backoffice/payment-terms/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /Nome/ }), {
      target: { value: 'Metà a 30, metà a 60' },
    });
    fireEvent.change(input('Rata 1: quota'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Le quote devono sommare al 100%')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi rata' }));
    // the new row comes 30 days after the last one with the share still missing
    expect(input('Rata 2: giorni dalla fattura').value).toBe('30');
    expect(input('Rata 2: quota').value).toBe('50 %');
    expect(screen.getByText('Totale: 100%')).toBeTruthy();
    fireEvent.change(input('Rata 2: giorni dalla fattura'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rata 2: fine mese' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/payment-terms/9'));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      name: 'Metà a 30, metà a 60',
      instalments: [
        { days: 0, end_of_month: false, share: 5000 },
        { days: 60, end_of_month: true, share: 5000 },
      ],
    });
  });

  it("shows the server 422 on the instalment's days, and removes a row", async () => {
    const { calls } = serve({
      'PUT /api/payment-terms/3': () =>
        json(422, { message: 'Invalid value', errors: { 'instalments.1.days': ['Invalid value'] } }),
    });
    renderApp('/backoffice/payment-terms/3');
    const days = await screen.findByRole('textbox', { name: 'Rata 2: giorni dalla fattura' });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Valore non valido')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(input('Rata 1: giorni dalla fattura').getAttribute('aria-invalid')).not.toBe('true');
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.init?.body))).toEqual({
      name: '30/60 gg f.m.',
      instalments: terms.instalments,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Togli la rata 2' }));
    expect(screen.queryByRole('textbox', { name: 'Rata 2: giorni dalla fattura' })).toBeNull();
    expect(screen.getByText('Totale: 50%')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Togli la rata 1' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('deletes after a confirmation that says where their customers and groups fall back', async () => {
    const { calls } = serve({ 'DELETE /api/payment-terms/3': () => new Response(null, { status: 204 }) });
    const { router } = renderApp('/backoffice/payment-terms/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        /Il termine di pagamento 30\/60 gg f\.m\. sarà eliminato\..*I clienti che lo usano passeranno alle condizioni del loro gruppo, i gruppi a nessuna/,
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/payment-terms'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/payment-terms/3')).toBe(true);
    expect(await screen.findByText('Termine di pagamento 30/60 gg f.m. eliminato.')).toBeTruthy();
  });
});
