import { MAX_ID, type ProductPage } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { NotFoundError } from '../../lib/errors';
import { getProduct } from '../products/products.service';
import * as q from './admin-products.queries';
import { getAdminProduct } from './admin-products.service';

/**
 * GET /api/products/{id or sku} (SPEC §7 GET /api/products/{id} and the storefront's /{sku}, one
 * route): a purely numeric parameter is an id (SKUs are never all digits), anything else a SKU.
 * Everyone gets the storefront detail; an administrator also gets the admin product as `admin`, so
 * the storefront page still works for staff and the back office reads every field.
 */
export async function getProductPage(
  ctx: Pick<Ctx, 'db' | 'now' | 'actor'>,
  param: string,
): Promise<ProductPage> {
  const id = /^\d+$/.test(param) ? Number(param) : null;
  let sku = param;
  if (id !== null) {
    const row = id <= MAX_ID ? await q.findAdminProduct(ctx.db, { id }) : undefined;
    if (!row) throw new NotFoundError();
    sku = row.sku;
  }
  const detail = await getProduct(ctx, sku);
  if (!ctx.actor?.isSuperAdmin) return detail;
  return { ...detail, admin: await getAdminProduct(ctx, id !== null ? { id } : { sku }) };
}
