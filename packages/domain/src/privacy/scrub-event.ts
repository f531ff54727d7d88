/**
 * Personal data kept out of error reports (SPEC §9 error reporting, issue 18), for the server's and the
 * web app's Sentry events and transactions alike: the SDKs send no default PII, and this removes what
 * still gets in. Request bodies and cookies go entirely (a body may hold a password, an address or an
 * e-mail under any name); headers, extras, contexts and breadcrumbs lose values under sensitive keys;
 * URLs lose tokens in their path and sensitive query values; e-mail addresses in texts are masked;
 * the user keeps only an id.
 */

const FILTERED = '[Filtered]';

/** Keys whose values are never sent, wherever they appear. */
const SENSITIVE_KEY =
  /pass(word|wd)?|token|secret|cookie|authori[sz]ation|csrf|xsrf|session|api[-_]?key|signature|iban|e-?mail|address|street|phone|mobile|tax[-_]?code|fiscal|vat[-_]?(number|no)/i;
/** Query parameters whose values are never sent (reset links carry the e-mail, callbacks a signature). */
const SENSITIVE_PARAM =
  /pass|token|secret|code|key|session|csrf|xsrf|auth|signature|sig|email|mail|iban|phone/i;
/** Values of these keys are URLs or carry one (a transaction or span name: 'GET /reset-password/…'). */
const URL_KEY =
  /^(url|from|to|name|transaction|description|referer|http\.url|http\.target|http\.query|url\.full|url\.path|url\.query)$/i;
/** A path segment this long and random is a token (reset links, payment pages), never an id or a slug. */
const TOKEN_SEGMENT = /^[\w-]{24,}$/;
const EMAIL = /[^\s@"'<>()[\]{},;:/?&=]+@[^\s@"'<>()[\]{},;:/?&=]+\.[a-z]{2,}/gi;

/**
 * A URL (absolute, or a path with its query) without tokens in the path or sensitive query values; in a
 * text of several words ('GET /api/x?email=…', a span's name) each word is one.
 */
export function scrubUrl(url: string): string {
  return url.split(' ').map(scrubOneUrl).join(' ');
}

function scrubOneUrl(url: string): string {
  return url.replace(/^([^?#]*)(\?[^#]*)?/, (_, path: string, query: string | undefined) => {
    const cleanPath = path
      .split('/')
      .map((segment) => (TOKEN_SEGMENT.test(segment) ? FILTERED : segment))
      .join('/');
    if (!query) return cleanPath;
    const params = query
      .slice(1)
      .split('&')
      .map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return value.length && SENSITIVE_PARAM.test(name) ? `${name}=${FILTERED}` : pair;
      });
    return `${cleanPath}?${params.join('&')}`;
  });
}

function scrubText(text: string): string {
  return text.replace(EMAIL, FILTERED);
}

function scrubValue(value: unknown, key: string | undefined, depth: number): unknown {
  if (value === null || value === undefined) return value;
  if (key !== undefined && SENSITIVE_KEY.test(key)) return FILTERED;
  const isUrl = key !== undefined && URL_KEY.test(key);
  if (typeof value === 'string') return scrubText(isUrl ? scrubUrl(value) : value);
  if (typeof value !== 'object') return value;
  // A span attribute may come typed: { value, type }.
  if (isUrl && typeof (value as { value?: unknown }).value === 'string') {
    return { ...value, value: scrubText(scrubUrl((value as { value: string }).value)) };
  }
  // Sentry normalises events to a bounded depth; deeper than this is not worth walking.
  if (depth > 12) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, undefined, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, scrubValue(v, k, depth + 1)]),
  );
}

type Scrubbable = {
  request?: { data?: unknown; cookies?: unknown; query_string?: unknown; env?: unknown } & Record<
    string,
    unknown
  >;
  user?: { id?: unknown } & Record<string, unknown>;
};

/** The event, transaction or span with personal data removed; a new object, the input is left as it was. */
export function scrubEvent<T extends object>(event: T): T {
  const { request, user, ...rest } = event as T & Scrubbable;
  const scrubbed = scrubValue(rest, undefined, 0) as Record<string, unknown>;
  if (request) {
    const { data, cookies: _cookies, query_string: query, env: _env, ...kept } = request;
    scrubbed.request = {
      ...(scrubValue(kept, undefined, 0) as object),
      ...(data === undefined ? {} : { data: FILTERED }),
      ...(typeof query === 'string' && query ? { query_string: scrubUrl(`?${query}`).slice(1) } : {}),
    };
  }
  if (user?.id !== undefined) scrubbed.user = { id: user.id };
  return scrubbed as T;
}
