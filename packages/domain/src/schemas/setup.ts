import { z } from 'zod';
import { messages } from '../messages';
import { checkVatNumber } from '../validation/vat-number';
import { CountryCodeSchema, EmailSchema } from './common';

/**
 * The first run (issue 18 point 2): what `npm run setup` and the /setup screen ask to create the shop
 * on an empty database, its first super admin included. The same rules as the shop's settings.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const cents = z.coerce.number().int().min(0).max(1_000_000);

const SetupFieldsSchema = z.strictObject({
  name: text(200),
  address: text(300),
  country: CountryCodeSchema,
  vat_id: text(30),
  email: EmailSchema,
  phone: text(50).refine((phone) => /^\+?[\d\s().\-/]+$/.test(phone), messages.invalidValue),
  admin_email: EmailSchema,
  /** Cents, VAT excluded; the demo's prices when left out. */
  national_shipping_price: cents.default(690),
  international_shipping_price: cents.default(1990),
});

function checkVatId(input: { vat_id: string; country: string }, ctx: z.RefinementCtx) {
  if (checkVatNumber(input.vat_id, input.country).status === 'invalid') {
    ctx.addIssue({ code: 'custom', path: ['vat_id'], message: messages.vatNumberInvalid });
  }
}

export const SetupInputSchema = SetupFieldsSchema.superRefine(checkVatId);
export type SetupInput = z.infer<typeof SetupInputSchema>;

/** The fields of the setup, in the order the CLI asks them and the screen groups them. */
export const SETUP_FIELDS = Object.keys(SetupFieldsSchema.shape) as (keyof SetupInput)[];

/** POST /api/setup: the fields with the setup token the server logged at start-up. */
export const SetupRequestSchema = SetupFieldsSchema.extend({ token: z.string().max(200) }).superRefine(
  checkVatId,
);

/** GET /api/setup: whether the shop still has to be set up. */
export const SetupStateSchema = z.object({ needed: z.boolean() });
export type SetupState = z.infer<typeof SetupStateSchema>;

/** The first super admin and the one-time link that sets the password (also mailed). */
export const SetupResultSchema = z.object({ admin_email: z.string(), set_password_link: z.string() });
export type SetupResult = z.infer<typeof SetupResultSchema>;
