import {
  EN_LAST_NAMES,
  EN_TITLE_A,
  EN_TITLE_B,
  IT_LAST_NAMES,
  IT_TITLE_A,
  IT_TITLE_B,
  PLACES,
} from '../apps/server/src/db/seed/words';

/** A load scenario: one request shape, with whatever it needs set up first (a session, a body). */
export type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  /** One path, or several that every connection requests in turn (so caches see distinct keys). */
  path: string | string[];
  setup(baseUrl: string): Promise<{
    headers?: Record<string, string>;
    body?: string;
    /** Rewrites each request before it is sent (a new Idempotency-Key, a new cart). */
    setupRequest?: (request: import('autocannon').Request) => import('autocannon').Request;
  }>;
};

const none = async () => ({});

/** Title words of the demo data (seed/words.ts) and the list sorts the bench varies. */
const SEARCH_WORDS = [
  'notti',
  'strade',
  'canzoni',
  'storie',
  'ombre',
  'voci',
  'luci',
  'onde',
  'vento',
  'mare',
  'tempo',
  'pioggia',
];
const LIST_SORTS = ['release_date', 'title', 'author', 'format', 'distribution'];

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

/**
 * Issue 22: what buyers type into the search box, from the demo data's title words, places and
 * surnames: every prefix of 2 to 7 letters of each word, alone and after another word ('neon hea'),
 * so nearly every request is a distinct text the caches have not seen.
 */
const SEARCH_VOCABULARY = [
  ...[...IT_TITLE_A, ...IT_TITLE_B, ...EN_TITLE_A, ...EN_TITLE_B, ...PLACES].flatMap((w) =>
    w.split(/[\s']+/),
  ),
  ...IT_LAST_NAMES,
  ...EN_LAST_NAMES,
]
  .map((w) => w.toLowerCase())
  .filter((w, i, all) => w.length >= 4 && all.indexOf(w) === i);
const TYPED_PREFIXES = [
  ...SEARCH_VOCABULARY.flatMap((w) =>
    [2, 3, 4, 5, 6, 7].filter((n) => n <= w.length).map((n) => w.slice(0, n)),
  ),
  ...SEARCH_VOCABULARY.flatMap((w, i) =>
    [7, 13].flatMap((step) => {
      const next = SEARCH_VOCABULARY[(i * step + 3) % SEARCH_VOCABULARY.length]!;
      return [2, 3, 4, 5].map((n) => `${w} ${next.slice(0, n)}`);
    }),
  ),
].filter((q, i, all) => all.indexOf(q) === i);

/** One typo in a known word: a letter dropped, doubled or swapped with the next ('harts', 'notit'). */
const TYPOS = SEARCH_VOCABULARY.flatMap((w) => {
  const at = Math.floor(w.length / 2);
  return [
    w.slice(0, at) + w.slice(at + 1),
    w.slice(0, at) + w[at] + w.slice(at),
    w.slice(0, at - 1) + w[at] + w[at - 1] + w.slice(at + 1),
  ];
}).filter((q, i, all) => !SEARCH_VOCABULARY.includes(q) && all.indexOf(q) === i);

/**
 * Issue 23: the long tail of storefront lists, 20,000 distinct URLs made by a fixed pseudo-random
 * sequence: one to three title words (the last one typed in part a third of the time), any of the 9
 * sorts in either direction, pages 1 to 40, and the storefront's filters (category, product type,
 * list, release windows, out-of-stock) each on or off. Each connection starts at its own place in
 * the list (run.ts), 2,000 URLs from the next one: it comes back to a URL after the 5-second page
 * cache has forgotten it, so no request is served from it.
 */
const LONG_TAIL_LISTS = (() => {
  // mulberry32: every bit of its output varies (an LCG's low bits repeat with a short period).
  let seed = 23;
  const pick = <T>(items: readonly T[]): T => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), seed | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return items[((x ^ (x >>> 14)) >>> 0) % items.length]!;
  };
  const sorts = [...LIST_SORTS, 'ordered', 'shipped', 'ready', 'backorder'];
  const urls = new Set<string>();
  while (urls.size < 20_000) {
    const words = Array.from({ length: pick([1, 1, 2, 3]) }, () => pick(SEARCH_WORDS));
    if (pick([false, false, true])) words[words.length - 1] = words[words.length - 1]!.slice(0, 3);
    const params = new URLSearchParams({ q: words.join(' '), sort: pick(sorts), dir: pick(['asc', 'desc']) });
    params.set('page', String(pick([1, 1, 1, 2, 2, 3, 5, 10, 20, 40])));
    params.set('per_page', String(pick([24, 24, 24, 48, 100])));
    if (pick([true, false]))
      params.set('category', pick(['MUSICA', 'HOME_VIDEO', 'EDITORIA', 'MERCHANDISE']));
    if (pick([false, false, false, true])) params.set('type', pick(['CD', 'LP', 'DVD', 'BOOK', 'OTHER']));
    if (pick([false, false, false, true])) params.set('filter', pick(['essential', 'featured', 'in_stock']));
    if (pick([false, false, false, true])) params.set(pick(['latest', 'upcoming']), '1');
    if (pick([false, false, false, true])) params.set('released', pick(['last_month', 'last_three_months']));
    if (pick([false, false, true])) params.set('show_out_of_stock', '1');
    urls.add(`/api/products?${params}`);
  }
  return [...urls];
})();

export const scenarios: Scenario[] = [
  { name: 'GET /api/shop (public)', method: 'GET', path: '/api/shop', setup: none },
  { name: 'GET /api/shipping-methods (public)', method: 'GET', path: '/api/shipping-methods', setup: none },
  {
    name: 'GET /api/user (session)',
    method: 'GET',
    path: '/api/user',
    setup: async (baseUrl) => ({ headers: await sessionHeaders(baseUrl, 'company@example.com') }),
  },
  // Issue 4 targets: p99 ≤ 25 ms and ≥ 1,500 req/s at 1,000,000 products on PostgreSQL (≤ 100 ms on
  // PGlite at 100,000); the detail p99 ≤ 10 ms on PostgreSQL. 'notti' is a title word of the demo data
  // (words.ts IT_TITLE_A), so the search matches about one music title in forty.
  {
    name: 'GET /api/products (filter+sort+search, 24)',
    method: 'GET',
    path: '/api/products?category=MUSICA&sort=release_date&dir=desc&q=notti&per_page=24',
    setup: async (baseUrl) => ({ headers: await sessionHeaders(baseUrl, 'company@example.com') }),
  },
  // The same list query for every request mostly meets the server's 5-second page cache; this one walks
  // 240 distinct lists (12 search words × 5 sorts × 4 pages), so most requests run their query.
  {
    name: 'GET /api/products (240 distinct lists, 24)',
    method: 'GET',
    path: SEARCH_WORDS.flatMap((word) =>
      LIST_SORTS.flatMap((sort) =>
        [1, 2, 3, 4].map(
          (page) => `/api/products?category=MUSICA&sort=${sort}&q=${word}&per_page=24&page=${page}`,
        ),
      ),
    ),
    setup: async (baseUrl) => ({ headers: await sessionHeaders(baseUrl, 'company@example.com') }),
  },
  // Issue 23 target: ≥ 1,000 req/s and p99 ≤ 30 ms at 1,000,000 products on PostgreSQL (≤ 50 ms on
  // PGlite at 100,000), with a distinct list on nearly every request.
  {
    name: 'GET /api/products (20,000 distinct long-tail lists)',
    method: 'GET',
    path: LONG_TAIL_LISTS,
    setup: async (baseUrl) => ({ headers: await sessionHeaders(baseUrl, 'company@example.com') }),
  },
  // Issue 22 target: p99 ≤ 30 ms at 1,000,000 products on PostgreSQL, with a distinct text on nearly
  // every request (the suggestions' products go through the list's page cache, names through a
  // minute's cache: distinct texts miss both).
  {
    name: 'GET /api/search/suggestions (distinct prefixes)',
    method: 'GET',
    path: TYPED_PREFIXES.map((q) => `/api/search/suggestions?q=${encodeURIComponent(q)}`),
    setup: async (baseUrl) => ({ headers: await sessionHeaders(baseUrl, 'company@example.com') }),
  },
  // A word with a typo finds nothing, is corrected through the vocabulary's trigram index and searched
  // again ("did you mean"): the list's worst case for a search, two searches and a correction.
  {
    name: 'GET /api/products (typo search, did you mean)',
    method: 'GET',
    path: TYPOS.map((q) => `/api/products?q=${encodeURIComponent(q)}&per_page=24`),
    setup: async (baseUrl) => ({ headers: await sessionHeaders(baseUrl, 'company@example.com') }),
  },
  {
    name: 'GET /api/products/{sku}',
    method: 'GET',
    // MU-000001 exists at every catalogue size (music is over half of the demo products).
    path: '/api/products/MU-000001',
    setup: async (baseUrl) => ({ headers: await sessionHeaders(baseUrl, 'company@example.com') }),
  },
  {
    name: 'GET /api/products/{sku} (2,000 distinct)',
    method: 'GET',
    path: Array.from({ length: 2_000 }, (_, i) => `/api/products/MU-${String(i * 17 + 1).padStart(6, '0')}`),
    setup: async (baseUrl) => ({ headers: await sessionHeaders(baseUrl, 'company@example.com') }),
  },
];
