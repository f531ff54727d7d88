import type { AddressChoice, Customer } from '@shop/domain';
import type { AddressSnapshot } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';

/** Checkout addresses (SPEC §3 Cart address draft, Order addresses): copied into the order as snapshots. */

type AddressLike = { [K in keyof AddressSnapshot]?: AddressSnapshot[K] | undefined } & {
  address: string;
  postcode: string;
  city: string;
  country: string;
};

function snapshotOf(a: AddressLike): AddressSnapshot {
  return {
    company: a.company ?? null,
    firstname: a.firstname ?? null,
    lastname: a.lastname ?? null,
    co: a.co ?? null,
    address: a.address,
    postcode: a.postcode,
    city: a.city,
    state: a.state ?? null,
    country: a.country,
    phone: a.phone ?? null,
  };
}

/**
 * The address an order goes to or is billed to: one of the customer's own (another customer's id is
 * 404), a new one typed at checkout, or by default the customer's default address of that type.
 */
export function resolveAddress(
  customer: Customer,
  choice: AddressChoice | undefined,
  type: 'B' | 'S',
): AddressSnapshot | null {
  if (choice && 'address_id' in choice) {
    const own = customer.addresses.find((a) => a.id === choice.address_id);
    if (!own) throw new NotFoundError();
    return snapshotOf(own);
  }
  if (choice) return snapshotOf(choice.address);
  const fallback =
    customer.addresses.find((a) => a.type === type && a.is_default) ??
    customer.addresses.find((a) => a.type === type);
  return fallback ? snapshotOf(fallback) : null;
}
