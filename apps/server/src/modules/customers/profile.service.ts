import {
  type Customer,
  type CustomerSettingsInput,
  checkVatNumber,
  messages,
  type ProfileInput,
  profileProblems,
  type VatCheckQuery,
  type VatCheckResult,
  type VatNumberStatus,
  vatNumberMessage,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { askVies } from '../../lib/vies';
import { getCustomer, isExtraEu } from './customers.service';
import { customerHasOrders, lockCustomerRow, updateCustomerRow } from './profile.queries';

/**
 * SPEC §5 VAT number: the checksum (jsvat), then, for an EU number it accepts, VIES when reachable.
 * VIES off, down or slow leaves the checksum's verdict.
 */
export async function verifyVatNumber(ctx: Ctx, vatId: string, country: string): Promise<VatNumberStatus> {
  const check = checkVatNumber(vatId, country);
  if (check.status !== 'valid' || isExtraEu(country)) return check.status;
  const answer = await askVies(ctx.config.viesUrl, check.prefix, check.number);
  return answer === 'invalid' ? 'invalid' : 'valid';
}

/** GET /api/vat-numbers/check: the 'My data' form's check as the field is left. */
export async function checkVatNumberLive(ctx: Ctx, query: VatCheckQuery): Promise<VatCheckResult> {
  const status = await verifyVatNumber(ctx, query.vat_id, query.country);
  if (status === 'unsupported') return { valid: true, message: null };
  return { valid: status === 'valid', message: vatNumberMessage(status === 'valid') };
}

/** The columns of 'My data' (also what the back office's customer form saves of them). */
export function profileColumns(input: ProfileInput) {
  return {
    type: input.type,
    company: input.company,
    firstname: input.firstname,
    lastname: input.lastname,
    sdiCode: input.sdi_code,
    pec: input.pec,
    birthday: input.birthday,
    job: input.job,
    vatId: input.vat_id,
    taxNumber: input.tax_number,
    country: input.country,
  };
}

/**
 * PUT /api/customers/{id}: the customer's own data (SPEC §5 rules, profileProblems), the VAT number
 * also through VIES, outside the transaction so no lock waits on it. A customer with orders keeps
 * their type (a new profile must be created). A new country re-derives the extra-EU flag; the tax rule
 * stays the administrators'.
 */
export async function updateProfile(ctx: Ctx, customerId: number, input: ProfileInput): Promise<Customer> {
  const problems = profileProblems(input, shopDate(ctx.now()));
  if (Object.keys(problems).length > 0) {
    throw new ValidationError(
      Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])),
    );
  }
  if (input.vat_id && (await verifyVatNumber(ctx, input.vat_id, input.country)) === 'invalid') {
    throw ValidationError.field('vat_id', messages.vatNumberInvalid);
  }
  await inTransaction(ctx, async (tx) => {
    const current = await lockCustomerRow(tx.db, customerId);
    if (!current) throw new NotFoundError('Customer not found');
    if (input.type !== current.type && (await customerHasOrders(tx.db, customerId))) {
      throw ValidationError.field('type', messages.customerTypeLocked);
    }
    await updateCustomerRow(tx.db, customerId, {
      ...profileColumns(input),
      ...(input.country !== current.country ? { extraCee: isExtraEu(input.country) } : {}),
    });
  });
  return getCustomer(ctx, customerId);
}

/**
 * PUT /api/customers/{id}/settings: the newsletter flag, dated when it turns on (cleared when it turns
 * off), and the language of the customer's mail and documents.
 */
export async function updateSettings(
  ctx: Ctx,
  customerId: number,
  input: CustomerSettingsInput,
): Promise<Customer> {
  await inTransaction(ctx, async (tx) => {
    const current = await lockCustomerRow(tx.db, customerId);
    if (!current) throw new NotFoundError('Customer not found');
    await updateCustomerRow(tx.db, customerId, {
      newsletter: input.newsletter,
      newsletterDate: input.newsletter ? (current.newsletter ? current.newsletterDate : ctx.now()) : null,
      language: input.language,
    });
  });
  return getCustomer(ctx, customerId);
}
