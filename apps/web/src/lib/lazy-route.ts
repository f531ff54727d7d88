import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** SPEC §9: a route chunk that has not loaded after this many milliseconds counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Rejects with a ChunkLoadError when the import fails or takes longer than the timeout. */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Route chunk not loaded in ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Route chunk failed to load', { cause }));
      },
    );
  });
}

/**
 * A React Router `lazy` for a page module: `lazyPage(() => import('./x-page'), (m) => m.XPage)`.
 * Failures (and the timeout) reach the route's error element ('There was an error. Please reload the page').
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await importWithTimeout(load)) });
}

/** React.lazy with the same timeout, for parts of a page loaded after its first paint. */
// biome-ignore lint/suspicious/noExplicitAny: mirrors React.lazy's own signature
export function lazyComponent<M, P extends ComponentType<any>>(
  load: () => Promise<M>,
  pick: (module: M) => P,
): LazyExoticComponent<P> {
  return lazy(() => importWithTimeout(load).then((module) => ({ default: pick(module) })));
}
