import { type Customer, messages } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { queryClient } from '../../lib/query-client';
import { customer, customerUser, shop } from '../../test/fixtures';
import { json, renderApp, stubFetch } from '../../test/render';

const person: Customer = { ...customer, type: 'P', company: null, firstname: 'Mario', lastname: 'Rossi' };

function serve(routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, { ...customerUser, customer: person }),
    'GET /api/shop': () => json(200, shop),
    'GET /api/users/2/tokens': () => json(200, { data: [] }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(() => {
  queryClient.clear();
});

// The first check loads the password dictionaries, as the browser does on the first password form.
describe('change password: passwords that are easy to guess (issue 17)', { timeout: 20_000 }, () => {
  it('points out a common password and one built from the name under the field while it is typed', async () => {
    await i18n.changeLanguage('en');
    serve();
    renderApp('/profile?tab=password');
    const password = await screen.findByLabelText(/^New password/);
    expect(screen.getByText(messages.passwordRules)).toBeTruthy();

    fireEvent.change(password, { target: { value: 'Qwerty123!' } });
    expect(await screen.findByText(messages.passwordCommon)).toBeTruthy();

    fireEvent.change(password, { target: { value: 'Mario.Rossi77!' } });
    expect(await screen.findByText(messages.passwordPersonal)).toBeTruthy();

    fireEvent.change(password, { target: { value: 'Lantern-Quiet-Orbit-42!' } });
    expect(await screen.findByText(messages.passwordRules)).toBeTruthy();
    expect(screen.queryByText(messages.passwordPersonal)).toBeNull();
  });

  it("puts the server's refusal on the new-password field, in Italian", async () => {
    await i18n.changeLanguage('it');
    const { calls } = serve({
      'PUT /api/users/2/password': () =>
        json(422, { message: messages.passwordCommon, errors: { password: [messages.passwordCommon] } }),
    });
    renderApp('/profile?tab=password');
    fireEvent.change(await screen.findByLabelText(/^Password attuale/), { target: { value: 'Password1!' } });
    // The server is the judge: a password the hint has not checked yet is still sent.
    fireEvent.change(screen.getByLabelText(/^Nuova password/), { target: { value: 'Tr0ub4dor&3' } });
    fireEvent.change(screen.getByLabelText(/^Conferma la nuova password/), {
      target: { value: 'Tr0ub4dor&3' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(
      await screen.findByText(
        "Questa password è troppo facile da indovinare: è una delle password più comuni o una sua variante. Scegline un'altra, per esempio alcune parole senza legame tra loro.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
  });
});
