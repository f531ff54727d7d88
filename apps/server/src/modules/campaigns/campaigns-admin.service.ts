import {
  type AdminCampaign,
  type CampaignInputSchema,
  type CampaignListQuery,
  type CampaignRow,
  type CampaignRowsInputSchema,
  type CampaignRowsQuery,
  type CampaignRowsWritten,
  messages,
  type Page,
} from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { forgetCatalogueReads } from '../products/products.service';
import * as w from './campaigns-admin.queries';

/**
 * The back office's campaigns (SPEC §2 campaigns, §3 Campaign, §7): every campaign whatever its dates,
 * create and edit, and its price list (one campaign price per product, DESIGN §6 rule 3). Each write is
 * one transaction, then this instance's cached catalogue reads are dropped so the storefront prices
 * with the change at once.
 */

type Writer = Pick<Ctx, 'db'>;
type CampaignInput = z.output<typeof CampaignInputSchema>;
type RowsInput = z.output<typeof CampaignRowsInputSchema>;
type CampaignRecord = NonNullable<Awaited<ReturnType<typeof w.findAdminCampaign>>>;
type RowRecord = Awaited<ReturnType<typeof w.listCampaignRowsByIds>>[number];

const toAdminCampaign = (c: CampaignRecord): AdminCampaign => ({
  id: c.id,
  title: c.title,
  description: c.description,
  category_id: c.categoryId,
  category: c.category,
  start_date: c.startDate,
  end_date: c.endDate,
  in_home: c.inHome,
  is_featured: c.isFeatured,
  rows_count: c.rowsCount,
});

const toRow = (r: RowRecord): CampaignRow => ({
  id: r.id,
  campaign_id: r.campaignId,
  product_id: r.productId,
  sku: r.sku,
  description: r.description,
  list_price: r.listPrice,
  price: r.price,
});

export async function listAdminCampaigns(
  ctx: Writer,
  query: CampaignListQuery,
): Promise<Page<AdminCampaign>> {
  const { rows, total } = await w.listAdminCampaigns(ctx.db, {
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(toAdminCampaign), meta: { total, page: query.page, per_page: query.per_page } };
}

export async function getAdminCampaign(ctx: Writer, id: number): Promise<AdminCampaign> {
  const campaign = await w.findAdminCampaign(ctx.db, id);
  if (!campaign) throw new NotFoundError();
  return toAdminCampaign(campaign);
}

async function campaignValues(ctx: Writer, input: CampaignInput): Promise<w.CampaignValues> {
  if (input.category_id !== null && !(await w.categoryExists(ctx.db, input.category_id))) {
    throw ValidationError.field('category_id', messages.invalidValue);
  }
  return {
    title: input.title,
    description: input.description,
    categoryId: input.category_id,
    startDate: input.start_date,
    endDate: input.end_date,
    inHome: input.in_home,
    isFeatured: input.is_featured,
  };
}

/** POST /api/campaigns. */
export async function createCampaign(ctx: Writer, input: CampaignInput): Promise<AdminCampaign> {
  const id = await inTransaction(ctx, async (tx) => w.insertCampaign(tx.db, await campaignValues(tx, input)));
  forgetCatalogueReads(ctx.db);
  return getAdminCampaign(ctx, id);
}

/** PUT /api/campaign/{id}: new dates move its prices in or out of the storefront at once. */
export async function updateCampaign(ctx: Writer, id: number, input: CampaignInput): Promise<AdminCampaign> {
  await inTransaction(ctx, async (tx) => {
    const values = await campaignValues(tx, input);
    if (!(await w.updateCampaign(tx.db, id, values))) throw new NotFoundError();
  });
  forgetCatalogueReads(ctx.db);
  return getAdminCampaign(ctx, id);
}

/** GET /api/backoffice/campaigns/{id}/rows: a page of the price list with the list prices. */
export async function listCampaignRows(
  ctx: Writer,
  campaignId: number,
  query: CampaignRowsQuery,
): Promise<Page<CampaignRow>> {
  if (!(await w.findAdminCampaign(ctx.db, campaignId))) throw new NotFoundError();
  const { rows, total } = await w.listCampaignRows(ctx.db, campaignId, {
    q: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(toRow), meta: { total, page: query.page, per_page: query.per_page } };
}

/**
 * POST /api/campaigns/{id}/rows: one or many products, by SKU or id, at their campaign prices. A product
 * already in the campaign gets the new price; a SKU or id that names no product refuses the whole
 * request (422 naming it) and nothing is written.
 */
export async function addCampaignRows(
  ctx: Writer,
  campaignId: number,
  input: RowsInput,
): Promise<CampaignRowsWritten> {
  const written = await inTransaction(ctx, async (tx) => {
    if (!(await w.lockCampaign(tx.db, campaignId))) throw new NotFoundError();
    const skus = input.rows.flatMap((r) => (r.sku === undefined ? [] : [r.sku]));
    const ids = input.rows.flatMap((r) => (r.product_id === undefined ? [] : [r.product_id]));
    const found = await w.findProductsBySkuOrId(tx.db, skus, ids);
    const bySku = new Map(found.map((p) => [p.sku, p.id]));
    const byId = new Set(found.map((p) => p.id));
    const errors: Record<string, string[]> = {};
    const rows = input.rows.flatMap((row, index) => {
      const productId = row.sku !== undefined ? bySku.get(row.sku) : row.product_id;
      if (productId === undefined || !byId.has(productId)) {
        if (row.sku !== undefined) {
          errors[`rows.${index}.sku`] = [messages.campaignUnknownSku.replace(':sku', row.sku)];
        } else errors[`rows.${index}.product_id`] = [messages.invalidValue];
        return [];
      }
      return [{ productId, price: row.price }];
    });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    // A SKU and an id may name the same product: the request is ambiguous.
    const products = rows.map((r) => r.productId);
    const twice = products.findIndex((p, i) => products.indexOf(p) !== i);
    if (twice >= 0) {
      const field = input.rows[twice]!.sku !== undefined ? 'sku' : 'product_id';
      throw ValidationError.field(`rows.${twice}.${field}`, messages.invalidValue);
    }
    const existing = new Set(await w.listExistingRowProductIds(tx.db, campaignId, products));
    const rowIds = await w.upsertCampaignRows(tx.db, campaignId, rows);
    return { rowIds, updated: products.filter((p) => existing.has(p)).length };
  });
  forgetCatalogueReads(ctx.db);
  const data = (await w.listCampaignRowsByIds(ctx.db, written.rowIds)).map(toRow);
  return { created: input.rows.length - written.updated, updated: written.updated, data };
}

/** DELETE /api/campaign-rows/{id}/delete. */
export async function deleteCampaignRow(ctx: Writer, id: number): Promise<void> {
  const deleted = await inTransaction(ctx, (tx) => w.deleteCampaignRow(tx.db, id));
  if (!deleted) throw new NotFoundError();
  forgetCatalogueReads(ctx.db);
}
