import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListParams = Record<string, string>;

/** The list's state lives in the URL (page, search, filters, sort) so a list can be bookmarked and shared. */
const NO_DEFAULTS: ListParams = {};

export function useListParams(defaults: ListParams = NO_DEFAULTS) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<ListParams>(
    () => ({ page: '1', ...defaults, ...Object.fromEntries(searchParams) }),
    [searchParams, defaults],
  );

  /** Sets (or, with '' / undefined, clears) some parameters; any change but the page's goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}
