import { notificationsStore } from '@mantine/notifications';
import type { CurrentUser } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { headerOf, json, setCookie, stubFetch } from '../test/render';
import { ApiError, api, setApiNavigator } from './api-client';
import { CURRENT_USER_QUERY_KEY, queryClient } from './query-client';

const user = {
  id: 7,
  email: 'company@example.com',
  is_super_admin: false,
  customer: null,
} satisfies CurrentUser;

function toasts(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((toast) => String(toast.message));
}

function clearCookies() {
  setCookie('XSRF-TOKEN', null);
}

let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

beforeEach(async () => {
  await i18n.changeLanguage('it');
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  queryClient.clear();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  navigate = vi.fn<(path: string) => void>();
  setApiNavigator(navigate);
  clearCookies();
});

afterEach(() => {
  clearCookies();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client global handling (SPEC §8, DESIGN §7)', () => {
  it('returns the parsed body of a successful call', async () => {
    const { fetchStub, calls } = stubFetch({ 'GET /api/shop': () => json(200, { name: 'Sonora' }) });
    vi.stubGlobal('fetch', fetchStub);
    await expect(api.get('/api/shop', { query: { page: 2, text: undefined } })).resolves.toEqual({
      name: 'Sonora',
    });
    expect(calls[0]?.url).toBe('/api/shop?page=2');
    expect(calls[0]?.init?.credentials).toBe('include');
  });

  it('toasts a translated "Not Found" on 404 and rejects, keeping the user', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetchStub);
    const error = await failure(api.get('/api/products/404'));
    expect(error.status).toBe(404);
    expect(toasts()).toEqual(['Non trovato']);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(user);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects a 422 with its field errors, without a toast or a sign-out', async () => {
    const errors = { email: ['These credentials do not match our records.'] };
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /login': () => json(422, { message: 'Invalid', errors }) }).fetchStub,
    );
    setCookie('XSRF-TOKEN', 'token');
    const error = await failure(api.post('/login', { email: 'a@b.it', password: 'x' }));
    expect(error.status).toBe(422);
    expect(error.errors).toEqual(errors);
    expect(toasts()).toEqual([]);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(user);
  });

  it('hands a 401 back to the caller untouched', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/user': () => json(401, { message: 'Unauthenticated.' }) }).fetchStub,
    );
    const error = await failure(api.get('/api/user'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Unauthenticated.');
    expect(toasts()).toEqual([]);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(user);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toasts the throttle message of a 429 in the current language, without a sign-out', async () => {
    const message = 'Too many login attempts. Please try again in 42 seconds.';
    vi.stubGlobal('fetch', stubFetch({ 'POST /login': () => json(429, { message }) }).fetchStub);
    setCookie('XSRF-TOKEN', 'token');
    const error = await failure(api.post('/login', {}));
    expect(error.status).toBe(429);
    expect(toasts()).toEqual(['Troppi tentativi di accesso. Riprova tra 42 secondi.']);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(user);
  });

  it('toasts the retry message of a 503 in the current language, without a sign-out', async () => {
    const message = 'The service is temporarily unavailable. Retry later.';
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/shop': () => json(503, { message }) }).fetchStub);
    const error = await failure(api.get('/api/shop'));
    expect(error.status).toBe(503);
    expect(toasts()).toEqual(['Il servizio è momentaneamente non disponibile. Riprova più tardi.']);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(user);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a 500 toasts the server error, clears the user and goes home', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/orders': () => json(500, { message: 'boom' }) }).fetchStub);
    const error = await failure(api.get('/api/orders'));
    expect(error.status).toBe(500);
    expect(toasts()).toEqual(['Si è verificato un problema sul server.']);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('clears the user without a toast when a failure carries no message', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/orders': () => new Response('', { status: 502 }) }).fetchStub,
    );
    await failure(api.get('/api/orders'));
    expect(toasts()).toEqual([]);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('leaves everything alone for a silent call', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/shop': () => json(500, { message: 'boom' }) }).fetchStub);
    const error = await failure(api.get('/api/shop', { silent: true }));
    expect(error.status).toBe(500);
    expect(toasts()).toEqual([]);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(user);
  });
});

describe('api client CSRF handling', () => {
  it('fetches the cookie first when absent and sends it decoded in X-XSRF-TOKEN', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /sanctum/csrf-cookie': () => {
        setCookie('XSRF-TOKEN', 'abc%3D%3D');
        return new Response(null, { status: 204 });
      },
      'POST /logout': () => new Response(null, { status: 204 }),
    });
    vi.stubGlobal('fetch', fetchStub);
    await expect(api.post('/logout')).resolves.toBeUndefined();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /logout',
    ]);
    expect(headerOf(calls[1], 'X-XSRF-TOKEN')).toBe('abc==');
  });

  it('reads the token from __Host-XSRF-TOKEN when the server runs over https', async () => {
    // jsdom's http origin refuses __Host- cookies, as a browser would; the https one is stood in for.
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('lang=it; __Host-XSRF-TOKEN=host%3D');
    const { fetchStub, calls } = stubFetch({ 'POST /logout': () => new Response(null, { status: 204 }) });
    vi.stubGlobal('fetch', fetchStub);
    await api.post('/logout');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /logout']);
    expect(headerOf(calls[0], 'X-XSRF-TOKEN')).toBe('host=');
  });

  it('does not send the token on GET', async () => {
    setCookie('XSRF-TOKEN', 'abc');
    const { fetchStub, calls } = stubFetch({ 'GET /api/shop': () => json(200, {}) });
    vi.stubGlobal('fetch', fetchStub);
    await api.get('/api/shop');
    expect(headerOf(calls[0], 'X-XSRF-TOKEN')).toBeUndefined();
  });

  it('refreshes a stale token after a 419 and retries once with the new one', async () => {
    setCookie('XSRF-TOKEN', 'old');
    let attempts = 0;
    const { fetchStub, calls } = stubFetch({
      'GET /sanctum/csrf-cookie': () => {
        setCookie('XSRF-TOKEN', 'new');
        return new Response(null, { status: 204 });
      },
      'PUT /api/uoms/1': () => {
        attempts += 1;
        return attempts === 1 ? json(419, { message: 'CSRF token mismatch.' }) : json(200, { id: 1 });
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    await expect(api.put('/api/uoms/1', { code: 'PZ' })).resolves.toEqual({ id: 1 });
    const sent = calls.filter((call) => call.method === 'PUT');
    expect(sent.map((call) => headerOf(call, 'X-XSRF-TOKEN'))).toEqual(['old', 'new']);
    expect(calls[1]?.url).toBe('/sanctum/csrf-cookie');
  });
});
