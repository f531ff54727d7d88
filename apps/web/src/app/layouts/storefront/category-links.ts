import type { CategoryCode } from '@shop/domain';
import type { TranslationKey } from '../../../i18n/keys';

export interface NavItem {
  labelKey: TranslationKey;
  to: string;
}

/** Music and home video also list essentials, latest, coming up and in stock (SPEC §2). */
const WITH_LISTINGS = new Set<CategoryCode>(['MUSICA', 'HOME_VIDEO']);

/** The links of one category's navbar menu. */
export function categoryLinks(code: CategoryCode): NavItem[] {
  const catalogue = `/products?category=${code}`;
  const links: NavItem[] = [{ labelKey: 'nav.catalogue', to: catalogue }];
  if (WITH_LISTINGS.has(code)) {
    links.push(
      { labelKey: 'nav.essential', to: `${catalogue}&filter=essential` },
      { labelKey: 'nav.latest', to: `${catalogue}&latest=1` },
      { labelKey: 'nav.upcoming', to: `${catalogue}&upcoming=1` },
      { labelKey: 'nav.inStock', to: `${catalogue}&filter=in_stock` },
    );
  }
  links.push({ labelKey: 'nav.campaigns', to: `/campaigns?category=${code}` });
  return links;
}

/** The storefront's pages beside the catalogue menus. */
export const SHOP_LINKS: NavItem[] = [
  { labelKey: 'nav.allCampaigns', to: '/campaigns' },
  { labelKey: 'nav.newCampaigns', to: '/new-campaign' },
  { labelKey: 'nav.about', to: '/about' },
];
