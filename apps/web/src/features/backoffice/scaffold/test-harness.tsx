import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../../../app/providers';

/** Renders back-office pieces on a data router (the unsaved-changes guard needs one) with Mantine in test mode. */
export function renderRoutes(routes: { path: string; element: ReactNode }[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
