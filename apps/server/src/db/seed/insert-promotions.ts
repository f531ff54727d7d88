import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../client';
import { campaignRows, campaigns, couponCustomers, coupons, orders } from '../schema';
import type { CustomerSeed } from './customers';
import type { Refs } from './insert-reference';
import type { CampaignSeed, CouponSeed } from './promotions';

/** Writes the demo coupons and the campaigns with their rows. */

/** Inserts the coupons, a customer's restricted to him. */
export async function insertCoupons(tx: Db, couponSeeds: CouponSeed[], customerSeeds: CustomerSeed[]) {
  const customerByEmail = new Map(customerSeeds.map((c) => [c.email, c]));
  const inserted = await tx
    .insert(coupons)
    .values(
      couponSeeds.map((c) => ({
        code: c.code,
        kind: c.kind,
        value: c.value,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        minOrder: c.minOrder ?? null,
        usageLimit: c.usageLimit ?? null,
        perCustomerLimit: c.perCustomerLimit ?? null,
      })),
    )
    .returning({ id: coupons.id, code: coupons.code });
  const idOf = new Map(inserted.map((r) => [r.code, r.id]));
  const restricted = couponSeeds.filter((c) => c.customerEmail !== null);
  if (restricted.length > 0)
    await tx.insert(couponCustomers).values(
      restricted.map((c) => ({
        couponId: idOf.get(c.code)!,
        customerId: customerByEmail.get(c.customerEmail!)!.id,
      })),
    );
}

/** The demo orders that used a coupon name it, so they count against its limits. */
export async function linkCouponOrders(tx: Db): Promise<void> {
  await tx
    .update(orders)
    .set({ couponId: coupons.id })
    .from(coupons)
    .where(and(isNotNull(orders.couponCode), eq(orders.couponCode, coupons.code)));
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
