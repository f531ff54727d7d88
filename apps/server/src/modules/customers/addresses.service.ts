import { type CustomerAddress, type CustomerAddressValues, messages } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import * as q from './addresses.queries';
import { getCustomer } from './customers.service';

/**
 * The customer's address book (SPEC §3 Customer address, §7): one default per type. The first address
 * of a type is its default; making another the default unsets the previous one; deleting the default
 * promotes the most recent address left of that type. Orders keep copies of their addresses, so
 * editing or deleting here never changes an order.
 */

type DbCtx = Pick<Ctx, 'db'>;

/** GET /api/customers/{id}/addresses: billing then shipping, each oldest first. */
export async function listAddresses(ctx: DbCtx, customerId: number): Promise<CustomerAddress[]> {
  return (await getCustomer(ctx, customerId)).addresses;
}

/** POST /api/customers/{id}/addresses. */
export async function createAddress(
  ctx: DbCtx,
  customerId: number,
  input: CustomerAddressValues,
): Promise<CustomerAddress> {
  const id = await inTransaction(ctx, async ({ db }) => {
    await lockCustomer(db, customerId);
    const first = !(await q.hasAddressOfType(db, customerId, input.type));
    const isDefault = first || input.is_default === true;
    if (isDefault) await q.clearDefault(db, customerId, input.type);
    return (await q.insertAddress(db, { ...columnsOf(input), customerId, isDefault })).id;
  });
  return addressOf(ctx, customerId, id);
}

/**
 * PUT /api/customers/{id}/addresses/{addressId}: the whole address. The default of its type cannot be
 * unset (422 on is_default): another address takes its place by being made the default. An address
 * moved to the other type leaves its default behind to the most recent one of its old type.
 */
export async function updateAddress(
  ctx: DbCtx,
  customerId: number,
  addressId: number,
  input: CustomerAddressValues,
): Promise<CustomerAddress> {
  await inTransaction(ctx, async ({ db }) => {
    await lockCustomer(db, customerId);
    const current = await q.findAddress(db, customerId, addressId);
    if (!current) throw new NotFoundError();
    const sameType = current.type === input.type;
    if (sameType && current.isDefault && input.is_default === false) {
      throw ValidationError.field('is_default', messages.invalidValue);
    }
    const alone = !(await q.hasAddressOfType(db, customerId, input.type, addressId));
    const isDefault = alone || (input.is_default ?? (sameType && current.isDefault));
    if (isDefault) await q.clearDefault(db, customerId, input.type, addressId);
    await q.updateAddress(db, addressId, { ...columnsOf(input), customerId, isDefault });
    if (!sameType && current.isDefault) await q.makeLatestDefault(db, customerId, current.type);
  });
  return addressOf(ctx, customerId, addressId);
}

/** DELETE /api/customers/{id}/addresses/{addressId}. */
export async function deleteAddress(ctx: DbCtx, customerId: number, addressId: number): Promise<void> {
  await inTransaction(ctx, async ({ db }) => {
    await lockCustomer(db, customerId);
    const current = await q.findAddress(db, customerId, addressId);
    if (!current) throw new NotFoundError();
    await q.deleteAddress(db, addressId);
    if (current.isDefault) await q.makeLatestDefault(db, customerId, current.type);
  });
}

async function lockCustomer(db: DbCtx['db'], customerId: number): Promise<void> {
  if (!(await q.lockCustomer(db, customerId))) throw new NotFoundError('Customer not found');
}

function columnsOf({ is_default: _, ...fields }: CustomerAddressValues) {
  return fields;
}

/** The address as the address book (and GET /api/user) shows it. */
async function addressOf(ctx: DbCtx, customerId: number, addressId: number): Promise<CustomerAddress> {
  const address = (await getCustomer(ctx, customerId)).addresses.find((a) => a.id === addressId);
  if (!address) throw new NotFoundError();
  return address;
}
