import { CATEGORY_CODES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../../features/catalog/utils/list-query';
import { categoryMenuLinks, NAMED_SUBCATEGORIES, SHOP_LINKS } from './category-links';

const stateOf = (to: string) => {
  const url = new URL(to, 'http://shop.test');
  return { path: url.pathname, state: parseListQuery(url.searchParams) };
};

describe('navbar menus (SPEC §2)', () => {
  it('give each category its catalogue and campaigns links', () => {
    for (const code of CATEGORY_CODES) {
      const links = categoryMenuLinks(code);
      expect(links.catalogue.to).toBe(`/products?category=${code}`);
      expect(links.campaigns.to).toBe(`/campaigns?category=${code}`);
    }
  });

  it('give music and home video essentials, latest, coming up and in stock, and no one else', () => {
    expect(categoryMenuLinks('MUSICA').listings.map((l) => l.to)).toEqual([
      '/products?category=MUSICA&filter=essential',
      '/products?category=MUSICA&latest=1',
      '/products?category=MUSICA&upcoming=1',
      '/products?category=MUSICA&filter=in_stock',
    ]);
    expect(categoryMenuLinks('HOME_VIDEO').listings).toHaveLength(4);
    expect(categoryMenuLinks('HI_FI').listings).toEqual([]);
    expect(categoryMenuLinks('EDITORIA').listings).toEqual([]);
  });

  it('list the server’s subcategories once loaded, else the named listings', () => {
    const loaded = categoryMenuLinks('HI_FI', [
      { code: 'GIRADISCHI', description: 'Giradischi' },
      { code: 'CUFFIE', description: 'Cuffie' },
    ]);
    expect(loaded.subcategories.map((s) => s.to)).toEqual([
      '/products?category=HI_FI&subcategory=GIRADISCHI',
      '/products?category=HI_FI&subcategory=CUFFIE',
    ]);
    expect(categoryMenuLinks('EDITORIA').subcategories.map((s) => s.code)).toEqual([
      'LIBRI',
      'SPARTITI',
      'SEGNALIBRI',
    ]);
  });

  it('lead every named listing to the list filtered as the product list reads it', () => {
    const named = Object.entries(NAMED_SUBCATEGORIES).flatMap(([category, codes]) =>
      codes.map((code) => ({ category, code })),
    );
    expect(named.map((n) => n.code).sort()).toEqual(
      [
        '7_POLLICI',
        'ABBIGLIAMENTO',
        'ACCESSORI',
        'BLU_RAY_MUSICALI',
        'DVD_MUSICALI',
        'GADGET',
        'GIRADISCHI',
        'LIBRI',
        'SEGNALIBRI',
        'SPARTITI',
      ].sort(),
    );
    for (const { category, code } of named) {
      const link = categoryMenuLinks(category as (typeof CATEGORY_CODES)[number]).subcategories.find(
        (s) => s.code === code,
      );
      expect(stateOf(link!.to).state).toEqual({ category, subcategory: code, page: 1, per_page: 24 });
    }
    const promo = SHOP_LINKS.find((l) => l.labelKey === 'nav.promo')!;
    expect(stateOf(promo.to)).toEqual({
      path: '/products',
      state: { filter: 'promo', page: 1, per_page: 24 },
    });
    expect(stateOf(categoryMenuLinks('MUSICA').listings[1]!.to).state).toMatchObject({ latest: true });
  });
});
