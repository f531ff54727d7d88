import { PRODUCT_SORTS } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  facetsApiQuery,
  type ListState,
  parseListQuery,
  productsApiQuery,
  removeFilter,
  resetFilters,
  SORT_OPTIONS,
  serializeListQuery,
  sortValue,
  toggleFacet,
  updateList,
  withSort,
} from './list-query';

const parse = (query: string) => parseListQuery(new URLSearchParams(query));
const serialize = (state: Partial<ListState>) => serializeListQuery(state).toString();

describe('product list URL ↔ state', () => {
  it.each([
    '',
    'category=MUSICA',
    'category=MUSICA&filter=essential',
    'category=MUSICA&latest=1',
    'category=HOME_VIDEO&upcoming=1',
    'category=HI_FI&subcategory=GIRADISCHI',
    'filter=promo',
    'filter=label&value=Vinile+Nero',
    'q=8012345000017&type=CD',
    'q=pink+floyd&category=MUSICA&label=Vinile+Nero&author=Lucio+Rossi&area=Italia&support=LP&distribution=Import&genre=Rock&show_out_of_stock=1&released=last_month&sort=release_date&dir=desc&page=3&per_page=48',
  ])('reads and writes %j unchanged', (query) => {
    expect(serialize(parse(query))).toBe(query);
  });

  it('reads every parameter into typed state, with defaults for paging', () => {
    expect(
      parse('q=%20dalla%20&category=MUSICA&latest=1&show_out_of_stock=true&sort=title&dir=asc&page=2'),
    ).toEqual({
      q: 'dalla',
      category: 'MUSICA',
      latest: true,
      show_out_of_stock: true,
      sort: 'title',
      dir: 'asc',
      page: 2,
      per_page: 24,
    });
  });

  it('writes parameters in a fixed order, leaving out defaults and false flags', () => {
    expect(
      serialize({ page: 1, per_page: 24, sort: 'author', category: 'EDITORIA', upcoming: false, q: 'x' }),
    ).toBe('q=x&category=EDITORIA&sort=author');
  });

  it('drops values the API would refuse instead of failing the page', () => {
    expect(
      parse('sort=price&dir=sideways&page=0&per_page=5000&category=FOOD&type=8TRACK&filter=cheap&latest=yes'),
    ).toEqual({ page: 1, per_page: 24 });
    expect(parse('q=&label=%20%20')).toEqual({ page: 1, per_page: 24 });
  });

  it('sends the API every filter with explicit paging, and the facets the filters alone', () => {
    const state = parse('q=rock&category=MUSICA&genre=Rock&sort=title&dir=desc&page=4');
    expect(productsApiQuery(state)).toEqual({
      q: 'rock',
      category: 'MUSICA',
      genre: 'Rock',
      sort: 'title',
      dir: 'desc',
      page: 4,
      per_page: 24,
    });
    expect(facetsApiQuery(state)).toEqual({ q: 'rock', category: 'MUSICA', genre: 'Rock' });
  });
});

describe('list changes', () => {
  const state = parse('category=MUSICA&label=Vinile+Nero&page=5');

  it('go back to the first page', () => {
    expect(updateList(state, { genre: 'Jazz' })).toEqual({
      category: 'MUSICA',
      label: 'Vinile Nero',
      genre: 'Jazz',
      page: 1,
      per_page: 24,
    });
  });

  it('toggle a facet value on and off', () => {
    expect(toggleFacet(state, 'label', 'Vinile Nero').label).toBeUndefined();
    expect(toggleFacet(state, 'label', 'Aurora Records').label).toBe('Aurora Records');
  });

  it('list active filters as chips that remove one at a time', () => {
    const full = parse('q=x&category=MUSICA&filter=label&value=Aurora&latest=1&released=last_week');
    const active = activeFilters(full);
    expect(active.map((f) => f.kind)).toEqual(['q', 'facet', 'filterValue', 'latest', 'released']);
    const withoutLabel = removeFilter(full, active[2]!);
    expect(withoutLabel.filter).toBeUndefined();
    expect(withoutLabel.value).toBeUndefined();
    expect(serialize(removeFilter(full, active[1]!))).toBe(
      'q=x&filter=label&value=Aurora&latest=1&released=last_week',
    );
  });

  it('reset every filter and the search but keep the sort and the page size', () => {
    expect(serialize(resetFilters(parse('q=x&category=MUSICA&sort=title&dir=desc&per_page=96&page=3')))).toBe(
      'sort=title&dir=desc&per_page=96',
    );
  });
});

describe('sort options (SPEC §2)', () => {
  it('offer every sort ascending and descending', () => {
    expect(SORT_OPTIONS).toHaveLength(PRODUCT_SORTS.length * 2);
    expect(SORT_OPTIONS).toContain('ready:desc');
    expect(SORT_OPTIONS).toContain('backorder:asc');
  });

  it('read and write the select value', () => {
    const sorted = withSort(parse('page=3'), 'release_date:desc');
    expect(sorted).toMatchObject({ sort: 'release_date', dir: 'desc', page: 1 });
    expect(sortValue(sorted)).toBe('release_date:desc');
    expect(withSort(sorted, '')).toEqual({ page: 1, per_page: 24 });
  });
});
