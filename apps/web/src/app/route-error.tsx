import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LoadError } from '../components/load-error';
import { NotFound } from '../components/not-found';
import { reportError } from '../lib/error-reporting';
import { StorefrontLayout } from './layouts/storefront/storefront-layout';

interface RouteErrorProps {
  /** At the root no layout is on screen yet: wrap the page in the storefront's. */
  standalone?: boolean;
}

/**
 * Route error element: a 404 (a guard's or an unknown record's) shows the not-found page; anything
 * else — a chunk that failed or timed out (SPEC §8), a render error — asks for a reload, and is
 * reported when error reporting is on.
 */
export function RouteError({ standalone = false }: RouteErrorProps) {
  const error = useRouteError();
  // A response a loader or guard threw on purpose (404, 403) is no bug; a thrown error is.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return standalone ? (
      <StorefrontLayout>
        <NotFound />
      </StorefrontLayout>
    ) : (
      <NotFound />
    );
  }
  console.error(error);
  return standalone ? (
    <Container>
      <LoadError />
    </Container>
  ) : (
    <LoadError />
  );
}
