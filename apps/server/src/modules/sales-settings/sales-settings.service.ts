import {
  type CustomerGroup,
  type CustomerGroupInputSchema,
  commercialTermsMessages,
  messages,
  type Page,
  type SalesSettingsQuery,
  type ShippingMethod,
  type ShippingMethodWriteSchema,
  type Warehouse,
  type WarehouseInputSchema,
} from '@shop/domain';
import type { z } from 'zod';
import type { customerGroups, warehouses } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { forgetShopTerms } from '../cart/cart.service';
import { writeWithCode } from '../catalog/catalog-admin.service';
import { getShippingMethod } from '../shop/shop.service';
import * as q from './sales-settings.queries';

/**
 * The back office's customer groups, warehouses and shipping methods (SPEC §2, §3, §7 Sales and
 * customers): lists, create and edit, each write in one transaction. A code used by another row
 * answers 422 'already exist' on `code` (SPEC §5 wording), also when two writes race (the unique
 * index decides).
 */

type Reader = Pick<Ctx, 'db'>;
type Writer = Pick<Ctx, 'db' | 'config'>;

async function refuseTakenCode(db: Ctx['db'], table: q.CodedTable, code: string, id?: number) {
  if (await q.codeTaken(db, table, code, id)) throw ValidationError.field('code', messages.alreadyExist);
}

function pageQuery(query: SalesSettingsQuery): q.ListQuery {
  return {
    text: query.text,
    sort: query.sort,
    dir: query.dir,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
}

const toCustomerGroup = (g: typeof customerGroups.$inferSelect): CustomerGroup => ({
  id: g.id,
  code: g.code,
  description: g.description,
  external_group_id: g.externalGroupId,
  payment_methods: g.paymentMethods,
  payment_terms_id: g.paymentTermsId,
});

const toWarehouse = (w: typeof warehouses.$inferSelect): Warehouse => ({
  id: w.id,
  code: w.code,
  description: w.description,
  management_type: w.managementType,
});

/** GET /api/customer-groups: `text` in code or description, sorted, a page at a time. */
export async function listCustomerGroups(
  ctx: Reader,
  query: SalesSettingsQuery,
): Promise<Page<CustomerGroup>> {
  const { rows, total } = await q.listCustomerGroups(ctx.db, pageQuery(query));
  return { data: rows.map(toCustomerGroup), meta: { total, page: query.page, per_page: query.per_page } };
}

export async function getCustomerGroup(ctx: Reader, id: number): Promise<CustomerGroup> {
  const row = await q.findCustomerGroup(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toCustomerGroup(row);
}

type CustomerGroupInput = z.output<typeof CustomerGroupInputSchema>;
const groupValues = (input: CustomerGroupInput): q.CustomerGroupValues => ({
  code: input.code,
  description: input.description,
  externalGroupId: input.external_group_id,
  paymentMethods: input.payment_methods,
  paymentTermsId: input.payment_terms_id,
});

/** Issue 20: the group's payment terms must exist. */
async function refuseUnknownTerms(db: Ctx['db'], input: CustomerGroupInput) {
  if (input.payment_terms_id && !(await q.paymentTermsExist(db, input.payment_terms_id))) {
    throw ValidationError.field('payment_terms_id', commercialTermsMessages.paymentTermsUnknown);
  }
}

export async function createCustomerGroup(ctx: Reader, input: CustomerGroupInput): Promise<CustomerGroup> {
  const row = await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseTakenCode(tx.db, 'customerGroups', input.code);
      await refuseUnknownTerms(tx.db, input);
      return q.insertCustomerGroup(tx.db, groupValues(input));
    }),
  );
  return toCustomerGroup(row);
}

export async function updateCustomerGroup(
  ctx: Reader,
  id: number,
  input: CustomerGroupInput,
): Promise<CustomerGroup> {
  const row = await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      if (!(await q.findCustomerGroup(tx.db, id))) throw new NotFoundError();
      await refuseTakenCode(tx.db, 'customerGroups', input.code, id);
      await refuseUnknownTerms(tx.db, input);
      return q.updateCustomerGroup(tx.db, id, groupValues(input));
    }),
  );
  return toCustomerGroup(row!);
}

/** GET /api/warehouses: `text` in code or description, sorted, a page at a time. */
export async function listWarehouses(ctx: Reader, query: SalesSettingsQuery): Promise<Page<Warehouse>> {
  const { rows, total } = await q.listWarehouses(ctx.db, pageQuery(query));
  return { data: rows.map(toWarehouse), meta: { total, page: query.page, per_page: query.per_page } };
}

export async function getWarehouse(ctx: Reader, id: number): Promise<Warehouse> {
  const row = await q.findWarehouse(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toWarehouse(row);
}

type WarehouseInput = z.output<typeof WarehouseInputSchema>;
const warehouseValues = (input: WarehouseInput): q.WarehouseValues => ({
  code: input.code,
  description: input.description,
  managementType: input.management_type,
});

export async function createWarehouse(ctx: Reader, input: WarehouseInput): Promise<Warehouse> {
  const row = await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseTakenCode(tx.db, 'warehouses', input.code);
      return q.insertWarehouse(tx.db, warehouseValues(input));
    }),
  );
  return toWarehouse(row);
}

export async function updateWarehouse(ctx: Reader, id: number, input: WarehouseInput): Promise<Warehouse> {
  const row = await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      if (!(await q.findWarehouse(tx.db, id))) throw new NotFoundError();
      await refuseTakenCode(tx.db, 'warehouses', input.code, id);
      return q.updateWarehouse(tx.db, id, warehouseValues(input));
    }),
  );
  return toWarehouse(row!);
}

type ShippingMethodWrite = z.output<typeof ShippingMethodWriteSchema>;

/**
 * The method's values after the rules: its VAT exists ('Invalid value' on vat_id), its code is free,
 * and it is the only method of its slug, since the cart charges the national or the international
 * method (DESIGN §6 rule 6) and a second one would never apply ('already exist' on slug).
 */
async function shippingMethodValues(db: Ctx['db'], input: ShippingMethodWrite, id?: number) {
  if (!(await q.vatExists(db, input.vat_id))) throw ValidationError.field('vat_id', messages.invalidValue);
  await refuseTakenCode(db, 'shippingMethods', input.code, id);
  if (await q.slugTaken(db, input.slug, id)) throw ValidationError.field('slug', messages.alreadyExist);
  return {
    slug: input.slug,
    code: input.code,
    description: input.description,
    price: input.price,
    freeShipping: input.free_shipping,
    vatId: input.vat_id,
  };
}

/** POST /api/shipping-methods; the cart's next quote charges it. */
export async function createShippingMethod(ctx: Writer, input: ShippingMethodWrite): Promise<ShippingMethod> {
  const id = await writeWithCode(() =>
    inTransaction(ctx, async (tx) => q.insertShippingMethod(tx.db, await shippingMethodValues(tx.db, input))),
  );
  forgetShopTerms(ctx);
  return getShippingMethod(ctx, id);
}

/** PUT /api/shipping-methods/{id}; the cart's next quote charges the new price and threshold. */
export async function updateShippingMethod(
  ctx: Writer,
  id: number,
  input: ShippingMethodWrite,
): Promise<ShippingMethod> {
  await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      if (!(await q.shippingMethodExists(tx.db, id))) throw new NotFoundError();
      await q.updateShippingMethod(tx.db, id, await shippingMethodValues(tx.db, input, id));
    }),
  );
  forgetShopTerms(ctx);
  return getShippingMethod(ctx, id);
}
