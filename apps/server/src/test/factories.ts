import type { CustomerRole } from '@shop/domain';
import type { Db } from '../db/client';
import { customerAddresses, customers, users } from '../db/schema';
import { hashPassword } from '../lib/crypto';

/** The factory accounts' password, stored hashed like the demo's: signing in with it keeps working. */
export const PASSWORD = 'Password1!';
/** For tests that register, reset or change a password: it passes SPEC §5 and the issue 17 guess check. */
export const STRONG_PASSWORD = 'Lantern-Quiet-Orbit-42!';
let passwordHash: Promise<string> | undefined;
let seq = 0;

/**
 * A sign-in account, optionally with a customer (type 'G' or 'P') and its default addresses; with
 * `customerId` a further user of that customer (issue 19), in `role` (company admin by default).
 */
export async function createUser(
  db: Db,
  options: {
    email?: string;
    isSuperAdmin?: boolean;
    customer?: Partial<typeof customers.$inferInsert> | false;
    customerId?: number;
    role?: CustomerRole;
    orderLimit?: number | null;
    monthlyLimit?: number | null;
    disabledAt?: Date | null;
  } = {},
) {
  seq += 1;
  const email = options.email ?? `user${seq}-${Date.now()}@example.com`;
  let customerId: number | null = options.customerId ?? null;
  if (customerId === null && options.customer !== false && !options.isSuperAdmin) {
    const [customer] = await db
      .insert(customers)
      .values({
        type: 'P',
        firstname: 'Test',
        lastname: `User ${seq}`,
        email,
        country: 'IT',
        ...options.customer,
      })
      .returning();
    customerId = customer!.id;
    await db.insert(customerAddresses).values([
      {
        customerId,
        type: 'B',
        address: 'Via Roma 1',
        postcode: '20100',
        city: 'Milano',
        country: 'IT',
        isDefault: true,
      },
      {
        customerId,
        type: 'S',
        address: 'Via Po 2',
        postcode: '10100',
        city: 'Torino',
        country: 'IT',
        isDefault: true,
      },
    ]);
  }
  passwordHash ??= hashPassword(PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      isSuperAdmin: options.isSuperAdmin ?? false,
      customerId,
      customerRole: customerId === null ? null : (options.role ?? 'admin'),
      orderLimit: options.orderLimit ?? null,
      monthlyLimit: options.monthlyLimit ?? null,
      disabledAt: options.disabledAt ?? null,
    })
    .returning();
  return { user: user!, customerId, email };
}
