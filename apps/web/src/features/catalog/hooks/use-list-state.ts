import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type ListState, parseListQuery, serializeListQuery } from '../utils/list-query';

export interface ListUpdateOptions {
  /** Replace the history entry (typing in the search box) instead of adding one. */
  replace?: boolean;
  /** Scroll back to the top (a new page of results). */
  scrollToTop?: boolean;
}

/**
 * The product list's state, read from and written to the URL (the only place it lives). Updates are
 * functions of the current state; two updates in a row compose even before the router has re-rendered
 * the page with the first one (its navigations render in a transition).
 */
export function useListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListQuery(searchParams), [searchParams]);
  const rendered = searchParams.toString();
  /** The query of the last update not yet rendered, and the query it was computed from. */
  const pending = useRef<{ query: string; from: string } | null>(null);
  // once a render with another query commits (the update, back/forward, a link), the URL is the truth
  useEffect(() => {
    if (pending.current && pending.current.from !== rendered) pending.current = null;
  }, [rendered]);

  const update = useCallback(
    (change: (current: ListState) => ListState, options: ListUpdateOptions = {}) => {
      const base = pending.current?.query ?? rendered;
      const query = serializeListQuery(change(parseListQuery(new URLSearchParams(base)))).toString();
      if (query === base) return;
      pending.current = { query, from: rendered };
      setSearchParams(new URLSearchParams(query), {
        replace: options.replace ?? false,
        preventScrollReset: !options.scrollToTop,
      });
    },
    [rendered, setSearchParams],
  );

  return [state, update] as const;
}

export type UpdateList = ReturnType<typeof useListState>[1];
