import type { CategoryCode } from '@shop/domain';
import type { TranslationKey } from '../../../i18n/keys';

export interface NavItem {
  labelKey: TranslationKey;
  to: string;
}

export interface SubcategoryItem {
  code: string;
  /** The server's description, when the list has loaded. */
  description: string | null;
  to: string;
}

export interface CategoryMenuLinks {
  catalogue: NavItem;
  /** Essentials, latest, coming up and in stock: music and home video only (SPEC §2). */
  listings: NavItem[];
  subcategories: SubcategoryItem[];
  campaigns: NavItem;
}

/** Music and home video also list essentials, latest, coming up and in stock (SPEC §2). */
const WITH_LISTINGS = new Set<CategoryCode>(['MUSICA', 'HOME_VIDEO']);

/**
 * The named listings of SPEC §2 that are subcategories (7 inches, music DVDs and Blu-rays, record player,
 * accessories, clothing, gadgets, books, sheet music, bookmarks), by the demo data's codes: each menu
 * offers them even before, or without, the server's list of subcategories.
 */
export const NAMED_SUBCATEGORIES: Record<CategoryCode, readonly string[]> = {
  MUSICA: ['7_POLLICI'],
  HOME_VIDEO: ['DVD_MUSICALI', 'BLU_RAY_MUSICALI'],
  HI_FI: ['GIRADISCHI', 'ACCESSORI'],
  MERCHANDISE: ['ABBIGLIAMENTO', 'GADGET'],
  EDITORIA: ['LIBRI', 'SPARTITI', 'SEGNALIBRI'],
};

/** /products with these query parameters, in this order (the names of ProductListQuerySchema). */
export function productListPath(params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString();
  return search ? `/products?${search}` : '/products';
}

/**
 * The links of one category's navbar menu: catalogue, the shortcut listings, one link per subcategory
 * (the server's list when given, else the named listings) and the category's campaigns.
 */
export function categoryMenuLinks(
  code: CategoryCode,
  subcategories?: readonly { code: string; description: string }[],
): CategoryMenuLinks {
  const category = { category: code };
  const listings: NavItem[] = WITH_LISTINGS.has(code)
    ? [
        { labelKey: 'nav.essential', to: productListPath({ ...category, filter: 'essential' }) },
        { labelKey: 'nav.latest', to: productListPath({ ...category, latest: '1' }) },
        { labelKey: 'nav.upcoming', to: productListPath({ ...category, upcoming: '1' }) },
        { labelKey: 'nav.inStock', to: productListPath({ ...category, filter: 'in_stock' }) },
      ]
    : [];
  const subs =
    subcategories && subcategories.length > 0
      ? subcategories.map((s) => ({ code: s.code, description: s.description }))
      : NAMED_SUBCATEGORIES[code].map((c) => ({ code: c, description: null }));
  return {
    catalogue: { labelKey: 'nav.catalogue', to: productListPath(category) },
    listings,
    subcategories: subs.map((s) => ({ ...s, to: productListPath({ ...category, subcategory: s.code }) })),
    campaigns: { labelKey: 'nav.campaigns', to: `/campaigns?${new URLSearchParams(category)}` },
  };
}

/** The storefront's pages beside the catalogue menus. */
export const SHOP_LINKS: NavItem[] = [
  { labelKey: 'nav.promo', to: productListPath({ filter: 'promo' }) },
  { labelKey: 'nav.allCampaigns', to: '/campaigns' },
  { labelKey: 'nav.newCampaigns', to: '/new-campaign' },
  { labelKey: 'nav.about', to: '/about' },
];
