import { listMessages, type StockAlert } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { BusinessRuleError, NotFoundError } from '../../lib/errors';
import { uploadUrl } from '../products/product-cards.service';
import { getShop } from '../shop/shop.service';
import * as q from './lists.queries';
import { customerUser } from './stored-cart.service';

/**
 * The wishlist of coming releases (issue 22 point 3): 'Notify me' on a product that cannot be ordered
 * yet (pre-order not open, out of stock). The stock-alerts job mails each alert once, when its product
 * becomes orderable: stock arrived (a load, the ERP, an import, a return) or a pre-order opened.
 */

/** GET /api/wishlist: the caller's alerts, waiting and already mailed. */
export async function listStockAlerts(ctx: Pick<Ctx, 'db' | 'actor'>): Promise<StockAlert[]> {
  const { userId } = customerUser(ctx.actor);
  return (await q.listStockAlerts(ctx.db, userId)).map((r) => ({
    product_id: r.product_id,
    isVariant: r.is_variant,
    sku: r.sku,
    title: r.title,
    author: r.author,
    cover_url: uploadUrl(r.cover_path),
    release_date: r.release_date,
    notified_at: r.notified_at,
    created_at: r.created_at,
  }));
}

/**
 * POST /api/wishlist: notify me about this product (a missing product: 404; one that can be ordered
 * now: 422, it goes to the cart instead). Asking again after a mail waits for the next time.
 */
export async function addStockAlert(
  ctx: Pick<Ctx, 'db' | 'actor' | 'now'>,
  productId: number,
): Promise<void> {
  const { userId } = customerUser(ctx.actor);
  const product = await q.findProductForAlert(ctx.db, productId, shopDate(ctx.now()));
  if (!product) throw new NotFoundError();
  if (product.orderable) throw new BusinessRuleError(listMessages.alertNotNeeded);
  await q.upsertStockAlert(ctx.db, userId, productId);
}

/** DELETE /api/wishlist/{productId}. */
export async function removeStockAlert(ctx: Pick<Ctx, 'db' | 'actor'>, productId: number): Promise<void> {
  const { userId } = customerUser(ctx.actor);
  if ((await q.deleteStockAlert(ctx.db, userId, productId)) === 0) throw new NotFoundError();
}

const BATCH = 200;

/**
 * The stock-alerts job: every waiting alert whose product can now be ordered is claimed (marked
 * mailed in the same statement, so a second run or a second instance never mails it again) and its
 * user mailed in the customer's language, as the shop's other mails to customers. Answers the number
 * of mails sent.
 */
export async function sendStockAlerts(ctx: Pick<Ctx, 'db' | 'now' | 'mailer' | 'config'>): Promise<number> {
  const today = shopDate(ctx.now());
  let sent = 0;
  for (;;) {
    const due = await q.claimDueStockAlerts(ctx.db, today, ctx.now(), BATCH);
    if (due.length === 0) return sent;
    const shop = await getShop(ctx).catch(() => null);
    const shopName = shop?.name ?? 'Sonora';
    for (const alert of due) {
      const link = `${ctx.config.appUrl}/products/${encodeURIComponent(alert.sku)}`;
      const english = alert.language === 'en';
      await ctx.mailer.send({
        to: alert.email,
        subject: english
          ? `${shopName}: ${alert.title} can be ordered`
          : `${shopName}: ${alert.title} è ordinabile`,
        text: [
          english
            ? `${alert.title} (${alert.sku}) can now be ordered on ${shopName}: you asked us to tell you.`
            : `${alert.title} (${alert.sku}) è ora ordinabile su ${shopName}: ci avevi chiesto di avvisarti.`,
          '',
          link,
        ].join('\n'),
      });
      sent++;
    }
    if (due.length < BATCH) return sent;
  }
}
