import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/get-current-user';
import { PageLoader } from '../../components/page-loader';
import { HomePage } from '../../features/home/components/home-page';
import { lazyComponent } from '../../lib/lazy-route';

/** The form and its schemas load only when the guard has sent a visitor here to sign in. */
const SignInPage = lazyComponent(
  () => import('../../features/auth/components/sign-in-page'),
  (m) => m.SignInPage,
);

/**
 * '/': the home page, or — when the guard sent a signed-out visitor here with `redirect` (SPEC §2) — the
 * sign-in form, which then goes on to that path.
 */
export function HomeRoute() {
  const [searchParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  if (searchParams.has('redirect') && !user) {
    return (
      <Suspense fallback={<PageLoader />}>
        <SignInPage />
      </Suspense>
    );
  }
  return <HomePage />;
}
