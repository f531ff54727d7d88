import type { ListParams } from './use-list-params';

export interface Page<Row> {
  data: Row[];
  meta: { total: number; page: number; per_page: number; total_is_estimate?: boolean };
}

export const DEFAULT_PER_PAGE = 25;

/**
 * Search, sort and page a short list the server answers whole (categories, brands, uoms, VAT rates,
 * currencies: tens of rows), so those lists behave like the server-paged ones.
 */
export function localPage<Row extends object>(
  rows: Row[],
  params: ListParams,
  searchIn: (keyof Row)[],
  filter: (row: Row, params: ListParams) => boolean = () => true,
): Page<Row> {
  const q = (params.q ?? '').trim().toLowerCase();
  let list = rows.filter(
    (row) =>
      filter(row, params) &&
      (q === '' ||
        searchIn.some((key) =>
          String(row[key] ?? '')
            .toLowerCase()
            .includes(q),
        )),
  );
  const sort = params.sort as keyof Row | undefined;
  if (sort) {
    const dir = params.dir === 'desc' ? -1 : 1;
    list = [...list].sort((a, b) => {
      const x = a[sort];
      const y = b[sort];
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
      return String(x ?? '').localeCompare(String(y ?? '')) * dir;
    });
  }
  const perPage = Number(params.per_page) || DEFAULT_PER_PAGE;
  const page = Math.max(1, Number(params.page) || 1);
  return {
    data: list.slice((page - 1) * perPage, page * perPage),
    meta: { total: list.length, page, per_page: perPage },
  };
}
