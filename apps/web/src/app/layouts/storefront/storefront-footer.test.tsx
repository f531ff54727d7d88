import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

function serve(socialLinks: typeof shop.social_links) {
  const stub = stubFetch({
    'GET /api/user': () => json(401, { message: 'Unauthenticated.' }),
    'GET /api/shop': () => json(200, { ...shop, social_links: socialLinks }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

/** SPEC §1's footer: the shop's contacts, and its social links once staff have added some (issue 18). */
describe('storefront footer', () => {
  it('shows the contacts and the social links', { timeout: 20_000 }, async () => {
    serve(shop.social_links);
    renderApp('/about');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText(shop.address)).toBeTruthy();
    expect(footer.textContent).toContain('Seguici');
  });

  it('leaves out the social heading while a new shop has no links', { timeout: 20_000 }, async () => {
    serve([]);
    renderApp('/about');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText(shop.address)).toBeTruthy();
    expect(footer.textContent).toContain(shop.phone);
    expect(footer.textContent).not.toContain('Seguici');
  });
});
