import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { loadCurrentUser } from '../api/get-current-user';
import { BACKOFFICE_HOME, landingPath, pathWithSearch, signInRedirectPath } from '../lib/redirect';

/**
 * SPEC §2 guard, as route loaders: on each navigation the current user is (re)loaded; a route that
 * needs login sends a signed-out visitor to `/?redirect=<full target path>`. Customer-only routes send
 * admins to the back office; the back office is a 404 for anyone but a super admin (DESIGN §7).
 */
async function signedInUser(request: Request) {
  const user = await loadCurrentUser();
  if (!user) throw redirect(signInRedirectPath(pathWithSearch(new URL(request.url))));
  return user;
}

function notFound(): never {
  throw data('Not Found', { status: 404 });
}

export async function loadUser() {
  await loadCurrentUser();
  return null;
}

export async function requireUser({ request }: LoaderFunctionArgs) {
  await signedInUser(request);
  return null;
}

export async function requireCustomer({ request }: LoaderFunctionArgs) {
  const user = await signedInUser(request);
  if (user.is_super_admin) throw redirect(BACKOFFICE_HOME);
  if (!user.customer) notFound();
  return null;
}

export async function requireAdmin({ request }: LoaderFunctionArgs) {
  const user = await signedInUser(request);
  if (!user.is_super_admin) notFound();
  // Issue 17 point 6: while the second factor is required and off, only its set-up page is open.
  const setUp = '/backoffice/account';
  const mustSetUp = user.two_factor_required && !user.two_factor_enabled;
  if (mustSetUp && new URL(request.url).pathname !== setUp) throw redirect(setUp);
  return null;
}

/**
 * A customer's cart page (/cart, /quick-order): login required; administrators have the back-office
 * cart instead (SPEC §6) and go to its page.
 */
export function requireCartOwner(backofficePath: string) {
  return async ({ request }: LoaderFunctionArgs) => {
    const user = await signedInUser(request);
    if (user.is_super_admin) throw redirect(backofficePath);
    return null;
  };
}

/** /checkout: login is not enforced there (SPEC §2); administrators go to the back-office checkout. */
export async function checkoutGuard() {
  const user = await loadCurrentUser();
  if (user?.is_super_admin) throw redirect('/backoffice/checkout');
  return null;
}

/** /sign-in for someone already signed in: straight to where the form would have sent them. */
export async function redirectSignedIn({ request }: LoaderFunctionArgs) {
  const user = await loadCurrentUser();
  if (user) throw redirect(landingPath(user, new URL(request.url).searchParams.get('redirect')));
  return null;
}

/** Guards run on every navigation, not only when their own params change. */
export const alwaysRevalidate = () => true;
