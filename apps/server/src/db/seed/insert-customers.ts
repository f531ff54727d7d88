import type { Db } from '../client';
import { customerAddresses, customers, users } from '../schema';
import { romeDate } from './codes';
import { ACCOUNTS, COMPANY_TEAM, type CustomerSeed } from './customers';
import type { Refs } from './insert-reference';

/** Writes the demo customers, their addresses and the users: the admin and one per customer. */

/** Inserts customers, addresses and users; sets each seed's id and userId and returns the admin's user id. */
export async function insertCustomers(
  tx: Db,
  customerSeeds: CustomerSeed[],
  refs: Refs,
  passwordHash: string,
  now: Date,
): Promise<number> {
  const insertedCustomers = await tx
    .insert(customers)
    .values(
      customerSeeds.map((c) => ({
        type: c.type,
        company: c.company,
        firstname: c.firstname,
        lastname: c.lastname,
        email: c.email,
        sdiCode: c.sdiCode,
        pec: c.pec,
        birthday: c.birthday,
        job: c.job,
        vatId: c.vatId,
        taxNumber: c.taxNumber,
        discount: c.discount,
        currency: c.currency,
        taxRule: c.taxRule,
        preorderDays: c.preorderDays,
        newsletter: c.newsletter,
        newsletterOption: c.newsletter ? 'all' : null,
        newsletterDate: c.newsletter ? c.createdAt : null,
        customerGroupId: c.group ? refs.groupIdByCode.get(c.group)! : null,
        erpCode: c.erpCode,
        erpConnected: c.erpConnected,
        externalErpCode: c.erpConnected && c.erpCode ? c.erpCode.replace('C', '00') : null,
        country: c.country,
        availableFrom: romeDate(c.createdAt),
        extraCee: c.extraCee,
        paymentMethods: c.paymentMethods,
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
      })),
    )
    .returning({ id: customers.id, email: customers.email });
  const customerIds = new Map(insertedCustomers.map((c) => [c.email, c.id]));
  for (const c of customerSeeds) c.id = customerIds.get(c.email)!;
  await tx.insert(customerAddresses).values(
    customerSeeds.flatMap((c) =>
      c.addresses.map((a) => ({
        customerId: c.id,
        ...a,
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
      })),
    ),
  );
  const insertedUsers = await tx
    .insert(users)
    .values([
      {
        email: ACCOUNTS.admin,
        passwordHash,
        isSuperAdmin: true,
        customerId: null,
        createdAt: now,
        updatedAt: now,
      },
      ...customerSeeds.map((c) => ({
        email: c.email,
        passwordHash,
        isSuperAdmin: false,
        customerId: c.id,
        customerRole: 'admin' as const,
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
      })),
      // Issue 19 point 6: the company's colleagues, a buyer with a 500 € per-order limit and a viewer.
      ...COMPANY_TEAM.map((member) => ({
        email: member.email,
        passwordHash,
        isSuperAdmin: false,
        customerId: customerSeeds.find((c) => c.email === ACCOUNTS.company)!.id,
        customerRole: member.role,
        orderLimit: member.orderLimit,
        createdAt: now,
        updatedAt: now,
      })),
    ])
    .returning({ id: users.id, email: users.email });
  const userIds = new Map(insertedUsers.map((u) => [u.email, u.id]));
  const adminId = userIds.get(ACCOUNTS.admin)!;
  for (const c of customerSeeds) c.userId = userIds.get(c.email)!;
  return adminId;
}
