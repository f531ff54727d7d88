import type { CurrentUser } from '@shop/domain';

/** Where a super admin lands after signing in without a redirect. */
export const BACKOFFICE_HOME = '/backoffice';

/** The path of a URL with its query, as kept in the `redirect` parameter. */
export function pathWithSearch(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/** SPEC §2 guard: the home page carries the full target path in `redirect`. */
export function signInRedirectPath(target: string): string {
  return `/?${new URLSearchParams({ redirect: target })}`;
}

/** A `redirect` value we may follow: an absolute path on this site (never '//host' or 'https:'). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** After sign-in: the `redirect` target when present, else the back office for admins, else home. */
export function landingPath(
  user: Pick<CurrentUser, 'is_super_admin'>,
  redirect: string | null | undefined,
): string {
  return safeRedirect(redirect) ?? (user.is_super_admin ? BACKOFFICE_HOME : '/');
}
