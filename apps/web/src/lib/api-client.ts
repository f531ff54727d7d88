import { notifications } from '@mantine/notifications';
import { coreMessages as messages } from '@shop/domain';
import { translateMessage } from '../i18n/translate-message';
import { CURRENT_USER_QUERY_KEY, queryClient } from './query-client';

/** A failed call: the HTTP status (0 when the server was unreachable) and the server's error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised, unless it is FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Skip the global handling (toasts, sign-out): for background loads such as the current user and the
   * start-up data, whose failure the caller absorbs.
   */
  silent?: boolean;
}

/** The server names it `__Host-XSRF-TOKEN` when it runs over https (COOKIE_SECURE=true). */
const XSRF_COOKIES = new Set(['XSRF-TOKEN', '__Host-XSRF-TOKEN']);
/** SPEC §8 message, shown when the server cannot be reached. */
export const CONTACT_ERROR_MESSAGE = messages.contactError;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** The router registers its navigate here so a failure can send the user to '/' without a reload. */
export function setApiNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

/** The XSRF cookie, read fresh on each request because the server rotates it on login/logout. */
export function readXsrfToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name = '', ...value] = part.trim().split('=');
    if (XSRF_COOKIES.has(name)) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

let csrfRequest: Promise<void> | undefined;

/** GET /sanctum/csrf-cookie once, shared by the requests that need it at the same moment. */
function refreshCsrfCookie(): Promise<void> {
  csrfRequest ??= fetch('/sanctum/csrf-cookie', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then(() => undefined)
    .finally(() => {
      csrfRequest = undefined;
    });
  return csrfRequest;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function send(url: string, method: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (!SAFE_METHODS.has(method)) {
    if (readXsrfToken() === undefined) await refreshCsrfCookie();
    const token = readXsrfToken();
    if (token !== undefined) headers['X-XSRF-TOKEN'] = token;
  }
  return fetch(url, { method, headers, body, credentials: 'include', signal: options.signal ?? null });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFrom(status: number, body: unknown): { error: ApiError; hasMessage: boolean } {
  const shaped =
    typeof body === 'object' && body !== null ? (body as { message?: unknown; errors?: unknown }) : {};
  const hasMessage = typeof shaped.message === 'string' && shaped.message.length > 0;
  const errors =
    typeof shaped.errors === 'object' && shaped.errors !== null
      ? (shaped.errors as Record<string, string[]>)
      : {};
  const message = hasMessage ? (shaped.message as string) : `HTTP ${status}`;
  return { error: new ApiError(status, message, errors), hasMessage };
}

function toast(message: string): void {
  notifications.show({ color: 'red', message: translateMessage(message) });
}

/** SPEC §8 'any other failure': the client forgets the user and goes home. */
function clearCredentials(): void {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
  navigateTo('/');
}

/**
 * Global response handling of SPEC §8 with DESIGN §7's change: below 308 passes; 401 goes back to the
 * caller; 404 toasts 'Not Found'; 422 rejects with the field errors for the form; 429 and 503 (the
 * database briefly away or too slow, issue 15) toast their message and keep the user; anything else toasts the server error (when the body has a message), clears the user and
 * goes to '/'. A 419 (stale CSRF token) refreshes the cookie and retries once.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  let response: Response;
  try {
    response = await send(url, method, options);
    if (response.status === 419) {
      await refreshCsrfCookie();
      response = await send(url, method, options);
    }
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError(0, CONTACT_ERROR_MESSAGE);
    if (!options.silent) {
      toast(CONTACT_ERROR_MESSAGE);
      clearCredentials();
    }
    throw error;
  }

  const body = await readBody(response);
  if (response.status < 308) return body as T;

  const { error, hasMessage } = errorFrom(response.status, body);
  if (options.silent) throw error;
  switch (response.status) {
    case 401:
    case 422:
      break;
    case 404:
      toast(messages.notFound);
      break;
    case 429:
    case 503:
      toast(error.message);
      break;
    default:
      if (hasMessage) toast(messages.serverError);
      clearCredentials();
  }
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
