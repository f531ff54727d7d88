/** A load scenario: one request shape, with whatever it needs set up first (a session, a body). */
export type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  setup(baseUrl: string): Promise<{ headers?: Record<string, string>; body?: string }>;
};

const none = async () => ({});

/** Signs in as a demo account and returns the cookies a browser would send. */
export async function sessionHeaders(baseUrl: string, email: string): Promise<Record<string, string>> {
  const csrf = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password: 'Password1!' }),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { cookie: cookies.join('; ') };
}

export const scenarios: Scenario[] = [
  { name: 'GET /api/shop (public)', method: 'GET', path: '/api/shop', setup: none },
  { name: 'GET /api/shipping-methods (public)', method: 'GET', path: '/api/shipping-methods', setup: none },
  {
    name: 'GET /api/user (session)',
    method: 'GET',
    path: '/api/user',
    setup: async (baseUrl) => ({ headers: await sessionHeaders(baseUrl, 'company@example.com') }),
  },
];
