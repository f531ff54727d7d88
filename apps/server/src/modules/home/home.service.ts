import type { Home } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { listHomeCampaigns } from '../campaigns/campaigns.service';
import { listBrands, listCategories } from '../catalog/catalog.service';
import { loadPricing, productShelf } from '../products/products.service';

/** Cards per home shelf. */
export const SHELF_SIZE = 12;

/**
 * The home page (issue 4): featured, latest and coming-soon shelves priced for the signed-in customer
 * (visitors see list prices, and may fill the guest cart from here: SPEC §4), the campaigns flagged
 * in_home or is_featured, and the categories and brands flagged in_homepage.
 */
export async function getHome(ctx: Pick<Ctx, 'db' | 'now' | 'actor'>): Promise<Home> {
  const shelves = async () => {
    const pricing = await loadPricing(ctx);
    const [featured, latest, comingSoon] = await Promise.all([
      productShelf(ctx, pricing, { filter: 'featured' }, SHELF_SIZE),
      productShelf(ctx, pricing, { latest: true }, SHELF_SIZE),
      productShelf(ctx, pricing, { upcoming: true }, SHELF_SIZE),
    ]);
    return { featured, latest, coming_soon: comingSoon };
  };
  const [products, campaigns, categories, brands] = await Promise.all([
    shelves(),
    listHomeCampaigns(ctx),
    listCategories(ctx, { homepage: true }),
    listBrands(ctx, { inHomepage: true }),
  ]);
  return { ...products, campaigns, categories, brands };
}
