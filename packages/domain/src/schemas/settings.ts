import { z } from 'zod';
import { collidingDocumentNumberFormats, isDocumentNumberFormat } from '../documents/document-number';
import { messages } from '../messages';
import { checkTaxNumber } from '../validation/tax-code';
import { checkVatNumber } from '../validation/vat-number';
import { CreditSettingsInputSchema, CreditSettingsSchema } from './commercial-terms';
import { CountryCodeSchema, EmailSchema } from './common';

/**
 * The shop's settings of the back office (issue 18 point 3; SPEC §1 footer, §3 Shop, DESIGN §6 rules
 * 7 and 15): the shop's data the footer, the about page, the PDFs and the mails show, the
 * cash-on-delivery fee and the default free-shipping threshold (cents), the document number formats
 * and the mails' sender, and credit control's (issue 20). GET and PUT /api/settings, administrators only.
 */

const text = (max: number) => z.string().trim().min(1).max(max);

/** A mail sender: `Name <address>` or a bare address; the name without quotes or angle brackets. */
const SENDER = /^(?:([^<>"]+?)\s*<([^<>\s]+)>|([^<>\s"]+))$/;

/** The address of a mail sender (`Sonora <shop@example.com>` → shop@example.com); null when it is not one. */
export function mailSenderAddress(sender: string): string | null {
  const match = SENDER.exec(sender.trim());
  const address = match && (match[2] ?? match[3]);
  return address && z.email().safeParse(address).success ? address : null;
}

/** An http(s) address with a host name: what a social profile link is. */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#.]+(?:\.[^\s/?#.]+)+(?:[/?#]\S*)?$/i;

const MoneySchema = z.number().int().min(0).max(1_000_000_000);

export const SocialLinkSchema = z.strictObject({
  network: text(30),
  url: z.string().trim().max(300).regex(WEB_ADDRESS, messages.invalidValue),
});

export const DocumentNumberFormatSchema = z
  .string()
  .trim()
  .max(40)
  .refine(isDocumentNumberFormat, messages.invalidValue);

export const DocumentNumberFormatsSchema = z
  .strictObject({
    delivery_note: DocumentNumberFormatSchema,
    invoice: DocumentNumberFormatSchema,
    credit_note: DocumentNumberFormatSchema,
  })
  .superRefine((formats, ctx) => {
    for (const type of collidingDocumentNumberFormats(formats)) {
      ctx.addIssue({ code: 'custom', path: [type], message: messages.invalidValue });
    }
  });

/** The registered office (sede legale) the FatturaPA files name the seller by (issue 21). */
export const RegisteredOfficeSchema = z.strictObject({
  street: text(60),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, messages.invalidValue),
  city: text(60),
  province: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, messages.invalidValue),
});

/**
 * Issue 21: the seller's data of the FatturaPA files. Left out, they stay as they are; null or empty
 * clears them. The codice fiscale is the company's 11 digits or a sole trader's 16 characters; the REA
 * office is a province code and comes with a number (or neither).
 */
export const EInvoiceSettingsInputSchema = z.object({
  tax_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(16)
    .refine(
      (code) => code === '' || checkTaxNumber(code, { type: 'G', country: 'IT' }) === 'valid',
      messages.taxNumberInvalid,
    )
    .nullish()
    .transform((code) => (code === undefined ? undefined : code || null)),
  registered_office: RegisteredOfficeSchema.nullish(),
  rea_office: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, messages.invalidValue)
    .nullish()
    .transform((office) => (office === undefined ? undefined : office || null)),
  rea_number: z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
});

export const EInvoiceSettingsSchema = z.object({
  tax_code: z.string().nullable(),
  registered_office: z
    .object({ street: z.string(), postcode: z.string(), city: z.string(), province: z.string() })
    .nullable(),
  rea_office: z.string().nullable(),
  rea_number: z.string().nullable(),
});

/** PUT /api/settings: the whole set, as GET answers it; an empty sender means MAIL_FROM. */
export const SettingsInputSchema = z
  .strictObject({
    name: text(200),
    address: text(300),
    country: CountryCodeSchema,
    vat_id: text(30),
    email: EmailSchema,
    phone: text(50).refine((phone) => /^\+?[\d\s().\-/]+$/.test(phone), messages.invalidValue),
    social_links: z.array(SocialLinkSchema).max(12),
    cod_fee: MoneySchema,
    default_free_shipping: MoneySchema,
    document_number_formats: DocumentNumberFormatsSchema,
    mail_from: z
      .string()
      .trim()
      .max(300)
      .refine((sender) => sender === '' || mailSenderAddress(sender) !== null, messages.invalidEmail)
      .nullish()
      .transform((sender) => sender || null),
    ...CreditSettingsInputSchema.shape,
    ...EInvoiceSettingsInputSchema.shape,
    /** Issue 22: new companies wait for staff approval before their orders go ahead; left out, unchanged. */
    new_company_approval: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (checkVatNumber(input.vat_id, input.country).status === 'invalid') {
      ctx.addIssue({ code: 'custom', path: ['vat_id'], message: messages.vatNumberInvalid });
    }
    // Both or neither, once either is given.
    if (input.rea_office !== undefined || input.rea_number !== undefined) {
      if (!input.rea_office !== !input.rea_number)
        ctx.addIssue({
          code: 'custom',
          path: [input.rea_office ? 'rea_number' : 'rea_office'],
          message: messages.reaOfficeRequired,
        });
    }
  });
export type SettingsInput = z.input<typeof SettingsInputSchema>;

export const SettingsSchema = z.object({
  name: z.string(),
  address: z.string(),
  country: z.string(),
  vat_id: z.string(),
  email: z.string(),
  phone: z.string(),
  social_links: z.array(z.object({ network: z.string(), url: z.string() })),
  cod_fee: z.number().int(),
  default_free_shipping: z.number().int(),
  document_number_formats: z.object({
    delivery_note: z.string(),
    invoice: z.string(),
    credit_note: z.string(),
  }),
  /** Null: the mails go from `mail_from_default` (MAIL_FROM). */
  mail_from: z.string().nullable(),
  mail_from_default: z.string(),
  ...CreditSettingsSchema.shape,
  ...EInvoiceSettingsSchema.shape,
  new_company_approval: z.boolean(),
  /** The sequence each type's next document of this year (the shop's) takes: the form's preview. */
  next_documents: z.object({
    year: z.number().int(),
    delivery_note: z.number().int(),
    invoice: z.number().int(),
    credit_note: z.number().int(),
  }),
});
export type Settings = z.infer<typeof SettingsSchema>;
