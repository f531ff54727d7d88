import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers';
import { RouteError } from './route-error';

/** A route's error asks for a reload and is reported (when reporting is on); a 404 is neither. */

const reportError = vi.fn();
vi.mock('../lib/error-reporting', () => ({ reportError: (error: unknown) => reportError(error) }));

beforeEach(() => reportError.mockClear());

function renderRoute(fail: () => never) {
  const router = createMemoryRouter([
    { path: '/', loader: fail, element: <p>never shown</p>, errorElement: <RouteError /> },
  ]);
  render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('RouteError', () => {
  it('asks for a reload and reports an unexpected error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('loading failed');
    renderRoute(() => {
      throw error;
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: /reload|ricarica/i })).toBeTruthy();
    // Reported from an effect, after the page is on screen.
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(error));
  });

  it('shows the not-found page for a 404 and reports nothing', async () => {
    renderRoute(() => {
      throw new Response('', { status: 404 });
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reportError).not.toHaveBeenCalled();
  });
});
