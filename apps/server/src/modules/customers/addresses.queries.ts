import type { AddressType } from '@shop/domain';
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAddresses, customers } from '../../db/schema';

export type AddressValues = Omit<typeof customerAddresses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The customer's row, locked until the transaction ends: writes to one address book run one at a time. */
export async function lockCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return row;
}

/** One address of this customer (another customer's reads as none). */
export async function findAddress(db: Db, customerId: number, addressId: number) {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)));
  return row;
}

function ofType(customerId: number, type: AddressType, exceptId?: number): SQL | undefined {
  return and(
    eq(customerAddresses.customerId, customerId),
    eq(customerAddresses.type, type),
    exceptId === undefined ? undefined : ne(customerAddresses.id, exceptId),
  );
}

/** Whether the customer has an address of this type (other than `exceptId`). */
export async function hasAddressOfType(db: Db, customerId: number, type: AddressType, exceptId?: number) {
  const [row] = await db
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(ofType(customerId, type, exceptId))
    .limit(1);
  return row !== undefined;
}

/** No address of this type (other than `exceptId`) is the default any more. */
export async function clearDefault(db: Db, customerId: number, type: AddressType, exceptId?: number) {
  await db
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(and(ofType(customerId, type, exceptId), eq(customerAddresses.isDefault, true)));
}

/** The most recently created address of this type becomes the default; none when there is none. */
export async function makeLatestDefault(db: Db, customerId: number, type: AddressType) {
  const [latest] = await db
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(ofType(customerId, type))
    .orderBy(desc(customerAddresses.createdAt), desc(customerAddresses.id))
    .limit(1);
  if (latest)
    await db.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, latest.id));
}

export async function insertAddress(db: Db, values: AddressValues) {
  const [row] = await db.insert(customerAddresses).values(values).returning();
  return row!;
}

export async function updateAddress(db: Db, id: number, values: AddressValues) {
  const [row] = await db
    .update(customerAddresses)
    .set(values)
    .where(eq(customerAddresses.id, id))
    .returning();
  return row!;
}

export async function deleteAddress(db: Db, id: number) {
  await db.delete(customerAddresses).where(eq(customerAddresses.id, id));
}
