import type { CurrentUser, TwoFactorStatus } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { queryClient } from '../../lib/query-client';
import { adminUser, customerUser, shop } from '../../test/fixtures';
import { json, renderApp, stubFetch } from '../../test/render';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efghj-kmnpq`);
const off: TwoFactorStatus = { enabled: false, enabled_at: null, required: false, recovery_codes_left: 0 };
const on: TwoFactorStatus = {
  enabled: true,
  enabled_at: '2026-11-20T09:00:00Z',
  required: false,
  recovery_codes_left: 10,
};
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function serve(
  user: CurrentUser,
  status: () => TwoFactorStatus,
  routes: Parameters<typeof stubFetch>[0] = {},
) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, user),
    'GET /api/shop': () => json(200, shop),
    'GET /api/user/two-factor': () => json(200, status()),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('two-factor sign-in settings', () => {
  it('sets it up: QR code and key to type, a confirmed code, then the ten codes shown once', async () => {
    let status = off;
    const { calls } = serve(adminUser, () => status, {
      'POST /api/user/two-factor': () =>
        json(200, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/Sonora:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      'POST /api/user/two-factor/confirm': (init) => {
        if (bodyOf(init).code !== '654321') {
          return json(422, {
            message: 'This code is wrong or has expired. Enter the code your app shows now.',
            errors: { code: ['This code is wrong or has expired. Enter the code your app shows now.'] },
          });
        }
        status = { ...on };
        return json(200, { recovery_codes: CODES });
      },
    });
    renderApp('/backoffice/account');
    expect(await screen.findByRole('heading', { name: 'My account', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Off')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = await screen.findByRole('img', { name: /QR code of the set-up key/ });
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByLabelText('Set-up key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const code = screen.getByRole('textbox', { name: 'Authentication code' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/This code is wrong or has expired/)).toBeTruthy();

    fireEvent.change(code, { target: { value: '654 321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByText(/they are shown only this once/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    const confirms = calls.filter((c) => c.url === '/api/user/two-factor/confirm');
    expect(confirms.map((c) => bodyOf(c.init))).toEqual([{ code: '111111' }, { code: '654321' }]);

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
  }, 30_000);

  it('turns it off after asking for a code, or a recovery code', async () => {
    let status = on;
    const { calls } = serve(customerUser, () => status, {
      'DELETE /api/user/two-factor': () => {
        status = off;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/profile?tab=security');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Recovery code' }), {
      target: { value: 'abcde-fghjk-mnpqr' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    const sent = calls.find((c) => c.method === 'DELETE');
    expect(bodyOf(sent?.init)).toEqual({ recovery_code: 'abcdefghjkmnpqr' });
  }, 30_000);

  it('sends an admin who must set it up to the account page', async () => {
    serve({ ...adminUser, two_factor_enabled: false, two_factor_required: true }, () => ({
      ...off,
      required: true,
    }));
    const { router } = renderApp('/backoffice/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/account'));
    expect(await screen.findByText(/required for administrators: set it up/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy();
  }, 30_000);

  it('offers no way to turn it off while required, and gives new recovery codes for a code', async () => {
    const { calls } = serve(
      { ...adminUser, two_factor_enabled: true, two_factor_required: true },
      () => ({ ...on, required: true, recovery_codes_left: 2 }),
      { 'POST /api/user/two-factor/recovery-codes': () => json(200, { recovery_codes: CODES }) },
    );
    renderApp('/backoffice/account');
    expect(await screen.findByText(/2 recovery codes left/)).toBeTruthy();
    expect(screen.getByText(/Few recovery codes are left/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.getByText(/required for administrators, so it cannot be turned off/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Authentication code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'New recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Your recovery codes' })).toBeTruthy();
    const sent = calls.find((c) => c.url === '/api/user/two-factor/recovery-codes');
    expect(bodyOf(sent?.init)).toEqual({ code: '123456' });
  }, 30_000);
});
