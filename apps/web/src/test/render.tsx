import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { appRoutes } from '../app/router';

/** Renders the whole app's route table at `path`, as the browser would, with Mantine in test mode. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/** A fetch stub answering by 'METHOD path'; unknown calls answer 404. Records every call. */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; init: RequestInit | undefined }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    calls.push({ method, url, init });
    const path = url.split('?')[0] ?? url;
    const handler = routes[`${method} ${path}`];
    return handler ? handler(init, url) : json(404, { message: 'Not Found' });
  };
  return { fetchStub, calls };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Plays the server's Set-Cookie in jsdom; `value: null` deletes the cookie. */
export function setCookie(name: string, value: string | null): void {
  const cookie =
    value === null ? `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/` : `${name}=${value}; path=/`;
  // biome-ignore lint/suspicious/noDocumentCookie: tests stand in for the server's Set-Cookie header
  document.cookie = cookie;
}

/** A request header of a recorded fetch call. */
export function headerOf(
  call: { init: RequestInit | undefined } | undefined,
  name: string,
): string | undefined {
  return (call?.init?.headers as Record<string, string> | undefined)?.[name];
}
