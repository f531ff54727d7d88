import { z } from 'zod';
import { DOCUMENT_TYPES, E_INVOICE_STATES } from '../constants';
import { eInvoiceMessages } from '../einvoice/e-invoice-messages';
import { IdSchema, PageQuerySchema } from './common';

/**
 * The FatturaPA files of the back office (issue 21 points 3 and 4): listed and exported by document
 * date, regenerated, handed to the SDI channel; and the SDI's notifications, signed like the ERP's
 * callbacks (docs/erp-protocol.md): HMAC-SHA256 of `<timestamp>.<raw body>` with SDI_TOKEN.
 */

/** How far apart the shop's clock and a notification's timestamp may be, as for the ERP's callbacks. */
export const SDI_NOTIFICATION_TOLERANCE_SECONDS = 300;

/** The longest period one list or .zip covers (a year, leap days included). */
export const E_INVOICE_MAX_PERIOD_DAYS = 366;

const DateSchema = z.iso.date();

/** A period of document dates, both ends included: `to` not before `from`, at most a year. */
function checkPeriod(period: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: eInvoiceMessages.periodReversed });
  else if (days >= E_INVOICE_MAX_PERIOD_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: eInvoiceMessages.periodTooLong });
}

const period = { from: DateSchema, to: DateSchema, state: z.enum(E_INVOICE_STATES).optional() };

/** GET /api/backoffice/e-invoices/export: the period's files as one .zip (and of one state). */
export const EInvoiceExportQuerySchema = z.object(period).superRefine(checkPeriod);
export type EInvoiceExportQuery = z.infer<typeof EInvoiceExportQuerySchema>;

/** GET /api/backoffice/e-invoices: the period's files, newest document first; `q` a number, file or customer. */
export const EInvoiceListQuerySchema = PageQuerySchema.extend({
  ...period,
  q: z.string().trim().max(200).optional(),
}).superRefine(checkPeriod);
export type EInvoiceListQuery = z.infer<typeof EInvoiceListQuerySchema>;

export const EInvoiceSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  state: z.enum(E_INVOICE_STATES),
  /** Why it is held, or the SDI's errors when rejected ('code: description'). */
  errors: z.array(z.string()),
  /** What staff should know though the file can be sent (a customer without SDI code or PEC). */
  warnings: z.array(z.string()),
  document: z.object({
    id: z.number().int(),
    type: z.enum(DOCUMENT_TYPES),
    number: z.string(),
    date: z.string(),
    /** Amount plus VAT, cents: the file's ImportoTotaleDocumento. */
    total: z.number().int(),
  }),
  order_no: z.string().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  sdi_id: z.string().nullable(),
  sent_at: z.string().nullable(),
  notified_at: z.string().nullable(),
});
export type EInvoice = z.infer<typeof EInvoiceSchema>;

/** POST /api/backoffice/e-invoices/send: the files to send (all 'generated' ones when none are named). */
export const EInvoiceSendInputSchema = z.strictObject({
  ids: z.array(IdSchema).min(1).max(1000).optional(),
});
export type EInvoiceSendInput = z.infer<typeof EInvoiceSendInputSchema>;

/** How many files the SDI channel took, and those it could not take with why. */
export const EInvoiceSendResultSchema = z.object({
  sent: z.number().int(),
  failed: z.array(z.object({ file_name: z.string(), error: z.string() })),
});
export type EInvoiceSendResult = z.infer<typeof EInvoiceSendResultSchema>;

export const SDI_NOTIFICATION_TYPES = ['RC', 'NS', 'MC'] as const;
export type SdiNotificationType = (typeof SDI_NOTIFICATION_TYPES)[number];

/**
 * POST /api/sdi/notifications: the SDI's answer about a file: RC delivered (ricevuta di consegna), NS
 * rejected with its errors (notifica di scarto), MC not delivered (mancata consegna). `id` is unique.
 */
export const SdiNotificationSchema = z.object({
  id: z.string().trim().min(1).max(100),
  file_name: z.string().trim().min(1).max(100),
  type: z.enum(SDI_NOTIFICATION_TYPES),
  sdi_id: z.string().trim().min(1).max(100).optional(),
  errors: z
    .array(z.object({ code: z.string().trim().max(20), description: z.string().trim().max(1000) }))
    .max(200)
    .optional(),
});
export type SdiNotification = z.infer<typeof SdiNotificationSchema>;

export const SdiNotificationAnswerSchema = z.object({
  received: z.string(),
  file_name: z.string(),
  state: z.enum(E_INVOICE_STATES),
});
export type SdiNotificationAnswer = z.infer<typeof SdiNotificationAnswerSchema>;
