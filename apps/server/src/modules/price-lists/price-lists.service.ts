import {
  type Page,
  type PriceList,
  type PriceListInputSchema,
  type PriceListQuery,
  type PriceListRow,
  type PriceListRowInputSchema,
  type PriceListRowsQuery,
  priceListMessage,
  priceListMessages,
} from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { audienceErrors } from '../customers/customers.service';
import * as q from './price-lists.queries';

/**
 * The back office's contract price lists (issue 20 point 4, DESIGN §6 rule 17): name (unique), EUR,
 * validity dates, the groups and customers they apply to, and rows (product, net price, from N units).
 * Each write is one transaction holding the list's row. The cart quote reads rows fresh, so a change
 * prices the next quote; overlapping lists are allowed, the lowest price wins (docs/decisions.md).
 */

type Reader = Pick<Ctx, 'db'>;
type ListBody = z.output<typeof PriceListInputSchema>;
type RowBody = z.output<typeof PriceListRowInputSchema>;
type RowRecord = NonNullable<Awaited<ReturnType<typeof q.findPriceListRow>>>;

async function withTargets(ctx: Reader, lists: Awaited<ReturnType<typeof q.findPriceList>>[]) {
  const found = lists.filter((l) => l !== undefined);
  const targets = await q.listPriceListTargets(
    ctx.db,
    found.map((l) => l.id),
  );
  return found.map(
    (l): PriceList => ({
      id: l.id,
      name: l.name,
      currency: l.currency as PriceList['currency'],
      valid_from: l.validFrom,
      valid_until: l.validUntil,
      customer_groups: targets.groups
        .filter((g) => g.priceListId === l.id)
        .map(({ id, name }) => ({ id, name })),
      customers: targets.customers
        .filter((c) => c.priceListId === l.id)
        .map(({ id, name }) => ({ id, name })),
      rows_count: l.rowsCount,
    }),
  );
}

/** GET /api/price-lists. */
export async function listPriceLists(ctx: Reader, query: PriceListQuery): Promise<Page<PriceList>> {
  const { rows, total } = await q.listPriceLists(ctx.db, {
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: await withTargets(ctx, rows), meta: { total, page: query.page, per_page: query.per_page } };
}

/** GET /api/price-lists/{id}. */
export async function getPriceList(ctx: Reader, id: number): Promise<PriceList> {
  const [list] = await withTargets(ctx, [await q.findPriceList(ctx.db, id)]);
  if (!list) throw new NotFoundError();
  return list;
}

/** The name is free (another list's is a 422 on name); every group and customer named exists. */
async function checkList(tx: Reader, body: ListBody, exceptId?: number) {
  const errors = await audienceErrors(tx, body);
  const owner = await q.findPriceListIdByName(tx.db, body.name);
  if (owner !== undefined && owner !== exceptId) errors.name = [priceListMessages.nameTaken];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const values = (body: ListBody): q.PriceListValues => ({
  name: body.name,
  currency: body.currency,
  validFrom: body.valid_from,
  validUntil: body.valid_until,
});

/** POST /api/price-lists. */
export async function createPriceList(ctx: Reader, body: ListBody): Promise<PriceList> {
  const id = await inTransaction(ctx, async (tx) => {
    await checkList(tx, body);
    const id = await q.insertPriceList(tx.db, values(body));
    await q.setPriceListTargets(tx.db, id, body.customer_group_ids, body.customer_ids);
    return id;
  });
  return getPriceList(ctx, id);
}

/** PUT /api/price-lists/{id}: its fields and whom it applies to, replaced. */
export async function updatePriceList(ctx: Reader, id: number, body: ListBody): Promise<PriceList> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.lockPriceList(tx.db, id))) throw new NotFoundError();
    await checkList(tx, body, id);
    await q.updatePriceList(tx.db, id, values(body));
    await q.setPriceListTargets(tx.db, id, body.customer_group_ids, body.customer_ids);
  });
  return getPriceList(ctx, id);
}

/** DELETE /api/price-lists/{id}: with its rows. */
export async function deletePriceList(ctx: Reader, id: number): Promise<void> {
  const deleted = await inTransaction(ctx, (tx) => q.deletePriceList(tx.db, id));
  if (!deleted) throw new NotFoundError();
}

const toRow = (r: RowRecord): PriceListRow => ({
  id: r.id,
  price_list_id: r.priceListId,
  product_id: r.productId,
  sku: r.sku,
  description: r.description,
  list_price: r.listPrice,
  price: r.price,
  min_quantity: r.minQuantity,
});

/** GET /api/price-lists/{id}/rows. */
export async function listPriceListRows(
  ctx: Reader,
  priceListId: number,
  query: PriceListRowsQuery,
): Promise<Page<PriceListRow>> {
  if (!(await q.findPriceList(ctx.db, priceListId))) throw new NotFoundError();
  const { rows, total } = await q.listPriceListRows(ctx.db, priceListId, {
    q: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(toRow), meta: { total, page: query.page, per_page: query.per_page } };
}

/**
 * A row's product by SKU (422 on sku when none, or when it is sold by variant), and no other row of
 * the list for that product from the same quantity (422 on min_quantity).
 */
async function rowValues(tx: Reader, priceListId: number, body: RowBody, exceptId?: number) {
  const [product] = await q.findProductsBySku(tx.db, [body.sku]);
  if (!product) throw ValidationError.field('sku', priceListMessage(priceListMessages.skuNotFound, body));
  const other = await q.findRowId(tx.db, priceListId, product.id, body.min_quantity);
  if (other !== undefined && other !== exceptId)
    throw ValidationError.field('min_quantity', priceListMessage(priceListMessages.rowTaken, body));
  return { productId: product.id, price: body.price, minQuantity: body.min_quantity };
}

/** One row of a price list, as its list's tab shows it. */
export async function getPriceListRow(ctx: Reader, id: number): Promise<PriceListRow> {
  const row = await q.findPriceListRow(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toRow(row);
}

/** POST /api/price-lists/{id}/rows. */
export async function createPriceListRow(ctx: Reader, priceListId: number, body: RowBody) {
  const id = await inTransaction(ctx, async (tx) => {
    if (!(await q.lockPriceList(tx.db, priceListId))) throw new NotFoundError();
    return q.insertPriceListRow(tx.db, priceListId, await rowValues(tx, priceListId, body));
  });
  return getPriceListRow(ctx, id);
}

/** PUT /api/price-list-rows/{id}. */
export async function updatePriceListRow(ctx: Reader, id: number, body: RowBody) {
  await inTransaction(ctx, async (tx) => {
    const current = await q.findPriceListRow(tx.db, id);
    if (!current || !(await q.lockPriceList(tx.db, current.priceListId))) throw new NotFoundError();
    await q.updatePriceListRow(tx.db, id, await rowValues(tx, current.priceListId, body, id));
  });
  return getPriceListRow(ctx, id);
}

/** DELETE /api/price-list-rows/{id}. */
export async function deletePriceListRow(ctx: Reader, id: number): Promise<void> {
  const deleted = await inTransaction(ctx, (tx) => q.deletePriceListRow(tx.db, id));
  if (!deleted) throw new NotFoundError();
}
