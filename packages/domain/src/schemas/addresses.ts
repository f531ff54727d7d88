import { z } from 'zod';
import { ADDRESS_TYPES } from '../constants';
import { messages } from '../messages';
import { optionalText } from './backoffice-catalog';
import { IdParamSchema, IdTextSchema } from './common';

/**
 * The customer's address book (SPEC §3 Customer address, §5, §7 /api/customers/{id}/addresses). Reads
 * answer CustomerAddressSchema (./user.ts), the same address the signed-in user payload carries.
 */

/** ISO 3166-1 alpha-2: every officially assigned country code. */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV
  BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET
  FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM
  IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD
  ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE
  PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST
  SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS
  YE YT ZA ZM ZW`.split(/\s+/),
);

/** San Marino and the Vatican use Italian postcodes (CAP): five digits. */
const ITALIAN_POSTCODE_COUNTRIES = new Set(['IT', 'SM', 'VA']);
const ITALIAN_POSTCODE = /^\d{5}$/;
/** Digits and spaces, optionally after a leading '+'. */
const PHONE = /^\+?\d[\d ]*$/;

/** A required text: blank or absent is 'Required', too long 'Invalid length'. */
const requiredText = (max: number) => z.string().trim().min(1, messages.required).max(max);

/**
 * POST and PUT /api/customers/{id}/addresses/{addressId}: the whole address. Lengths as the checkout's
 * AddressInputSchema. A name is required: the company, or first and last name. `is_default` true makes
 * it the default of its type; absent keeps it as it is (a first address of its type is always default).
 */
export const CustomerAddressInputSchema = z
  .strictObject({
    type: z.enum(ADDRESS_TYPES),
    company: optionalText(200),
    firstname: optionalText(100),
    lastname: optionalText(100),
    co: optionalText(200),
    address: requiredText(300),
    postcode: requiredText(20),
    city: requiredText(100),
    state: optionalText(100),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, messages.required)
      .refine((code) => code === '' || ISO_COUNTRY_CODES.has(code), messages.invalidValue),
    phone: optionalText(40).refine((phone) => phone === null || PHONE.test(phone), messages.invalidValue),
    note: optionalText(500),
    is_default: z.boolean().optional(),
  })
  .superRefine(
    (value, ctx) => {
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', message, path: [field] });
      if (!value.company) {
        if (!value.firstname) issue('firstname', messages.required);
        if (!value.lastname) issue('lastname', messages.required);
      }
      const { postcode, country } = value;
      if (
        typeof postcode === 'string' &&
        postcode !== '' &&
        // A check of the type, not String(): this runs on unparsed values too, and an array nested
        // 10,000 deep overflows the stack when made a string (issue 15).
        typeof country === 'string' &&
        ITALIAN_POSTCODE_COUNTRIES.has(country) &&
        !ITALIAN_POSTCODE.test(postcode)
      )
        issue('postcode', messages.invalidValue);
    },
    // Also when a required field is missing, so a form gets every field's message at once.
    { when: ({ value }) => typeof value === 'object' && value !== null },
  );
export type CustomerAddressInput = z.input<typeof CustomerAddressInputSchema>;
export type CustomerAddressValues = z.output<typeof CustomerAddressInputSchema>;

/** /api/customers/{id}/addresses/{addressId}. */
export const AddressParamsSchema = IdParamSchema.extend({
  addressId: IdTextSchema,
});
