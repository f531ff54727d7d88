import {
  allowedPaymentMethods,
  awaitsAccountApproval,
  type Customer,
  type CustomerAddress,
  commercialTermsMessages,
  MAX_ID,
  type PaymentMethod,
  priceListMessage,
  priceListMessages,
} from '@shop/domain';
import type { customerAddresses, customers } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import {
  existingCustomerIds,
  existingGroupIds,
  findCustomerByEmail,
  findCustomerWithAddresses,
  findPaymentMethods,
  insertCustomer,
} from './customers.queries';

type CustomerRow = typeof customers.$inferSelect;
type AddressRow = typeof customerAddresses.$inferSelect;

/** Maps a stored customer to the SPEC §3 field names of the API. */
export function toCustomerDto(row: CustomerRow, addresses: AddressRow[]): Customer {
  return {
    id: row.id,
    type: row.type,
    company: row.company,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    sdi_code: row.sdiCode,
    pec: row.pec,
    birthday: row.birthday,
    job: row.job,
    vat_id: row.vatId,
    tax_number: row.taxNumber,
    discount: row.discount,
    currency: row.currency,
    tax_rule: row.taxRule,
    preorder_days: row.preorderDays,
    newsletter: row.newsletter,
    newsletter_option: row.newsletterOption,
    newsletter_date: row.newsletterDate?.toISOString() ?? null,
    language: row.language === 'en' ? 'en' : 'it',
    customer_group_id: row.customerGroupId,
    orders_state: row.ordersState,
    erp_code: row.erpCode,
    erp_connected: row.erpConnected,
    external_erp_code: row.externalErpCode,
    country: row.country,
    available_from: row.availableFrom,
    extra_cee: row.extraCee,
    payment_methods: row.paymentMethods,
    payment_terms_id: row.paymentTermsId,
    credit_limit: row.creditLimit,
    blocked: row.blocked,
    awaiting_approval: awaitsAccountApproval(row),
    addresses: addresses.map(toAddressDto),
  };
}

function toAddressDto(a: AddressRow): CustomerAddress {
  return {
    id: a.id,
    type: a.type,
    company: a.company,
    firstname: a.firstname,
    lastname: a.lastname,
    co: a.co,
    address: a.address,
    postcode: a.postcode,
    city: a.city,
    state: a.state,
    country: a.country,
    phone: a.phone,
    note: a.note,
    is_default: a.isDefault,
  };
}

export async function getCustomer(ctx: Pick<Ctx, 'db'>, id: number): Promise<Customer> {
  // Ids are 32-bit integers: a larger one (a body's customer_id) names no customer and must not reach the query.
  const row = id <= MAX_ID ? await findCustomerWithAddresses(ctx.db, id) : undefined;
  if (!row) throw new NotFoundError('Customer not found');
  return toCustomerDto(row, row.addresses);
}

/** Issue 20 point 1: the methods the customer may pay with: his own list, else his group's, else the default. */
export async function allowedPaymentMethodsOf(
  ctx: Pick<Ctx, 'db'>,
  customerId: number,
): Promise<readonly PaymentMethod[]> {
  const row = customerId <= MAX_ID ? await findPaymentMethods(ctx.db, customerId) : undefined;
  if (!row) throw new NotFoundError('Customer not found');
  return allowedPaymentMethods(row.customer, row.group);
}

/** Issue 20 point 1: an order, or a change of its method, with a method the customer may not use is a 422. */
export async function assertPaymentMethodAllowed(
  ctx: Pick<Ctx, 'db'>,
  customerId: number,
  method: PaymentMethod,
): Promise<void> {
  if (!(await allowedPaymentMethodsOf(ctx, customerId)).includes(method)) {
    throw ValidationError.field('payment_method', commercialTermsMessages.paymentMethodNotAllowed);
  }
}

/**
 * The groups and customers a price list or a coupon is restricted to (issue 20): a 422 message on
 * each list for the first id that does not exist; empty when all do.
 */
export async function audienceErrors(
  ctx: Pick<Ctx, 'db'>,
  audience: { customer_group_ids: number[]; customer_ids: number[] },
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const groups = new Set(await existingGroupIds(ctx.db, audience.customer_group_ids));
  const missingGroup = audience.customer_group_ids.find((id) => !groups.has(id));
  if (missingGroup !== undefined)
    errors.customer_group_ids = [priceListMessage(priceListMessages.groupNotFound, { id: missingGroup })];
  const people = new Set(await existingCustomerIds(ctx.db, audience.customer_ids));
  const missingCustomer = audience.customer_ids.find((id) => !people.has(id));
  if (missingCustomer !== undefined)
    errors.customer_ids = [priceListMessage(priceListMessages.customerNotFound, { id: missingCustomer })];
  return errors;
}

export async function customerEmailTaken(ctx: Pick<Ctx, 'db'>, email: string): Promise<boolean> {
  return (await findCustomerByEmail(ctx.db, email)) !== undefined;
}

/** EU member states: customers elsewhere are extra-EU and VAT-exempt by default (DESIGN §6 rule 5). */
const EU = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

export function isExtraEu(country: string): boolean {
  return !EU.has(country);
}

export type NewCustomer = {
  type: CustomerRow['type'];
  company?: string | undefined;
  firstname: string;
  lastname: string;
  email: string;
  country: string;
  vatId?: string | undefined;
  taxNumber?: string | undefined;
  sdiCode?: string | null | undefined;
  pec?: string | null | undefined;
  newsletter?: boolean | undefined;
  /** Issue 22: set when a company signs up while new companies need staff approval. */
  approvalRequestedAt?: Date | null | undefined;
};

export async function createCustomer(ctx: Pick<Ctx, 'db' | 'now'>, input: NewCustomer): Promise<CustomerRow> {
  const extraCee = isExtraEu(input.country);
  return insertCustomer(ctx.db, {
    type: input.type,
    company: input.company ?? null,
    firstname: input.firstname,
    lastname: input.lastname,
    email: input.email,
    country: input.country,
    vatId: input.vatId ?? null,
    taxNumber: input.taxNumber ?? null,
    sdiCode: input.sdiCode ?? null,
    pec: input.pec ?? null,
    newsletter: input.newsletter ?? false,
    approvalRequestedAt: input.approvalRequestedAt ?? null,
    newsletterDate: input.newsletter ? ctx.now() : null,
    extraCee,
    taxRule: extraCee ? 'exempt' : 'standard',
  });
}
