import type { DiscountRule } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const rule: DiscountRule = {
  id: 7,
  customerGroupId: 1,
  productCategoryId: 3,
  rate: 1250,
  priority: 2,
  blockOthers: true,
  customerGroup: { code: 'RIVENDITORI', description: 'Rivenditori' },
  productCategory: { code: 'MUSICA', description: 'Musica' },
};
const PRIORITY =
  'A Discount Rule already exist with the same priority for this Customer Gruoup / Product Category pair.';

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/customer-groups': () =>
      json(200, {
        data: [{ id: 1, code: 'RIVENDITORI', description: 'Rivenditori', external_group_id: null }],
        meta: { total: 1, page: 1, per_page: 100 },
      }),
    'GET /api/product-categories': () =>
      json(200, {
        data: [{ id: 3, code: 'MUSICA', description: 'Musica', in_homepage: true, subcategories: [] }],
      }),
    'GET /api/discount-rules': () => json(200, { data: [rule], meta: { total: 1, page: 1, per_page: 25 } }),
    'GET /api/discount-rules/7': () => json(200, rule),
    'PUT /api/discount-rules/7': () => json(422, { message: PRIORITY, errors: { priority: [PRIORITY] } }),
    'DELETE /api/discount-rules/7': () => new Response(null, { status: 204 }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('discount rules back office', { timeout: 15_000 }, () => {
  it("lists a group's rules with the rate in percent, asking the API by customerGroup", async () => {
    const { calls } = serve();
    renderApp('/backoffice/discount-rules?customer_group_id=1');
    const link = await screen.findByRole('link', { name: 'RIVENDITORI – Rivenditori' });
    expect(link.getAttribute('href')).toBe('/backoffice/discount-rules/7');
    const row = link.closest('tr')!;
    expect(within(row).getByText('MUSICA – Musica')).toBeTruthy();
    expect(within(row).getByText('12,5%')).toBeTruthy();
    expect(within(row).getByText('Sì')).toBeTruthy();
    const listCall = calls.find((c) => c.url.startsWith('/api/discount-rules?'));
    expect(listCall?.url).toContain('customerGroup=1');
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/exports/discount-rules?customer_group_id=1',
    );
  });

  it('shows the server 422 on the priority field, and deletes after confirmation', async () => {
    const { calls } = serve();
    const { router } = renderApp('/backoffice/discount-rules/7');
    const rate = (await screen.findByRole('textbox', { name: /Sconto \(%\)/ })) as HTMLInputElement;
    expect(rate.value).toBe('12,5 %');
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText(
        'Esiste già una regola di sconto con la stessa priorità per questa coppia gruppo clienti / categoria prodotto.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Priorità/ }).getAttribute('aria-invalid')).toBe('true');
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      customerGroupId: 1,
      productCategoryId: 3,
      rate: 1250,
      priority: 2,
      blockOthers: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Lo sconto RIVENDITORI – Rivenditori · MUSICA – Musica sarà eliminato/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/discount-rules'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/discount-rules/7')).toBe(true);
    expect(await screen.findByText('Regola di sconto eliminata')).toBeTruthy();
  });
});
