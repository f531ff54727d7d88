import type { Campaign, CampaignDetail, CategoryCode } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { addDays, shopDate } from '../../lib/dates';
import { NotFoundError } from '../../lib/errors';
import { loadPricing, type PricingContext, productCardsByIds } from '../products/products.service';
import * as q from './campaigns.queries';

/** Campaigns as the storefront shows them (SPEC §2 /campaigns and /new-campaign, §3 Campaign, DESIGN §6.3). */

type Reader = Pick<Ctx, 'db' | 'now' | 'actor'>;
type CampaignRow = NonNullable<Awaited<ReturnType<typeof q.findCampaign>>>;

/** SPEC §2 /new-campaign: campaigns that started within this many days. */
export const NEW_CAMPAIGN_DAYS = 30;

const toCampaign = (c: CampaignRow): Campaign => ({
  id: c.id,
  title: c.title,
  description: c.description,
  start_date: c.startDate,
  end_date: c.endDate,
  category: c.category,
  in_home: c.inHome,
  is_featured: c.isFeatured,
});

/** Campaigns running today, optionally of one category, or only those started in the last 30 days. */
export async function listCampaigns(
  ctx: Reader,
  filter: { category?: CategoryCode | undefined; new?: boolean | undefined } = {},
): Promise<Campaign[]> {
  const today = shopDate(ctx.now());
  const rows = await q.listCurrentCampaigns(ctx.db, today, {
    ...(filter.category ? { categoryCode: filter.category } : {}),
    ...(filter.new ? { startedSince: addDays(today, -NEW_CAMPAIGN_DAYS) } : {}),
  });
  return rows.map(toCampaign);
}

/** The campaigns of the home page: running today and flagged in_home or is_featured. */
export async function listHomeCampaigns(ctx: Reader): Promise<Campaign[]> {
  return (await q.listCurrentCampaigns(ctx.db, shopDate(ctx.now()), { home: true })).map(toCampaign);
}

/**
 * A campaign with one page of its products, priced for the signed-in customer (the campaign price
 * wins when lower, DESIGN §6.3). Signed out, the campaign alone: prices need a customer.
 */
export async function getCampaign(
  ctx: Reader,
  id: number,
  page: { page: number; per_page: number },
): Promise<CampaignDetail> {
  const campaign = await q.findCampaign(ctx.db, id);
  if (!campaign) throw new NotFoundError();
  const total = await q.countCampaignProducts(ctx.db, id);
  let products: CampaignDetail['products'] = [];
  if (ctx.actor) {
    const offset = (page.page - 1) * page.per_page;
    const [ids, pricing]: [number[], PricingContext] = await Promise.all([
      q.listCampaignProductIds(ctx.db, id, page.per_page, offset),
      loadPricing(ctx),
    ]);
    products = await productCardsByIds(ctx, pricing, ids);
  }
  return { ...toCampaign(campaign), products, meta: { total, page: page.page, per_page: page.per_page } };
}
