import type { Db } from '../client';
import { campaignRows, campaigns, coupons } from '../schema';
import type { CustomerSeed } from './customers';
import type { Refs } from './insert-reference';
import type { OrderSeed } from './orders';
import type { CampaignSeed, CouponSeed } from './promotions';

/** Writes the demo coupons and the campaigns with their rows. */

/** Inserts the coupons; the used one gets the date of the order that used it. */
export async function insertCoupons(
  tx: Db,
  couponSeeds: CouponSeed[],
  customerSeeds: CustomerSeed[],
  orderSeeds: OrderSeed[],
): Promise<void> {
  const customerByEmail = new Map(customerSeeds.map((c) => [c.email, c]));
  const usedAt = orderSeeds.find((o) => o.couponCode)?.date ?? null;
  await tx.insert(coupons).values(
    couponSeeds.map((c) => ({
      code: c.code,
      value: c.value,
      customerId: c.customerEmail ? customerByEmail.get(c.customerEmail)!.id : null,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      usedAt: c.used ? usedAt : null,
    })),
  );
}

/** Inserts the campaigns, each followed by its rows (products at the campaign price). */
export async function insertCampaigns(tx: Db, campaignSeeds: CampaignSeed[], refs: Refs): Promise<void> {
  for (const c of campaignSeeds) {
    const [row] = await tx
      .insert(campaigns)
      .values({
        title: c.title,
        description: c.description,
        categoryId: refs.categoryIdByCode.get(c.category)!,
        startDate: c.startDate,
        endDate: c.endDate,
        inHome: c.inHome,
        isFeatured: c.isFeatured,
      })
      .returning({ id: campaigns.id });
    if (c.rows.length > 0) {
      await tx
        .insert(campaignRows)
        .values(c.rows.map((r) => ({ campaignId: row!.id, productId: r.product.id, price: r.price })));
    }
  }
}
