import { z } from 'zod';
import { DOCUMENT_TYPES } from '../constants';
import { PageQuerySchema, pageOf } from './common';
import { InvoiceDueDateSchema, InvoicePaymentStatusSchema } from './payment-terms';

/**
 * The customer's documents (SPEC §3 Delivery note, Invoice, Credit note; §7; DESIGN §6 rule 15):
 * delivery notes with their rows, and the digital documents (PDFs) grouped by type and year.
 */

/** `{id}` of /api/delivery-notes/{id} and /api/documents/{id}/pdf: the numeric id or the number (DDT-2026-000123). */
export const DocumentRefParamSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/),
});

/** A row of GET /api/customers/{id}/delivery-notes, newest first. */
export const DeliveryNoteSummarySchema = z.object({
  id: z.number().int(),
  note_no: z.string(),
  /** The note's date, YYYY-MM-DD (Europe/Rome). */
  date: z.string(),
  /** Pieces shipped with this note. */
  quantity: z.number().int(),
  /** The order shipped, when the note belongs to one. */
  order_no: z.string().nullable(),
});
export type DeliveryNoteSummary = z.infer<typeof DeliveryNoteSummarySchema>;

export const DeliveryNotePageSchema = pageOf(DeliveryNoteSummarySchema);
export type DeliveryNotePage = z.infer<typeof DeliveryNotePageSchema>;

export const DeliveryNoteRowSchema = z.object({
  sku: z.string(),
  description: z.string(),
  quantity: z.number().int(),
});
export type DeliveryNoteRow = z.infer<typeof DeliveryNoteRowSchema>;

/** GET /api/delivery-notes/{id}: the note and what it shipped. */
export const DeliveryNoteSchema = DeliveryNoteSummarySchema.extend({ rows: z.array(DeliveryNoteRowSchema) });
export type DeliveryNote = z.infer<typeof DeliveryNoteSchema>;

/**
 * GET /api/customers/{id}/digital-documents: `type` is required; without `year` the latest year that
 * has documents of that type is listed (the answer says which).
 */
export const DigitalDocumentsQuerySchema = PageQuerySchema.extend({
  type: z.enum(DOCUMENT_TYPES),
  year: z.coerce.number().int().min(2000).max(2999).optional(),
});
export type DigitalDocumentsQuery = z.infer<typeof DigitalDocumentsQuerySchema>;

/** One downloadable document. Money in integer cents. */
export const DigitalDocumentSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  /** YYYY-MM-DD (Europe/Rome). */
  date: z.string(),
  /** Taxable amount, without VAT (the sum of the rows' net amounts). */
  amount: z.number().int(),
  /** The VAT on `amount` (each row's VAT rounded half up, then summed: DESIGN §6 rule 5). */
  vat: z.number().int(),
  /** What the document is worth with VAT: `amount + vat`. */
  total: z.number().int(),
  /** An invoice's payment terms as they were when issued; null without terms or for other documents. */
  payment_terms_name: z.string().nullable(),
  /** An invoice's instalments in due-date order (issue 20 point 2); empty for other documents. */
  due_dates: z.array(InvoiceDueDateSchema),
  /** An invoice's state today (Europe/Rome): every instalment paid, or one unpaid past due, or due; null for other documents. */
  payment_status: InvoicePaymentStatusSchema.nullable(),
});
export type DigitalDocument = z.infer<typeof DigitalDocumentSchema>;

/** The years, newest first, in which the customer has documents of each type. */
export const DocumentYearsSchema = z.object({
  delivery_note: z.array(z.number().int()),
  invoice: z.array(z.number().int()),
  credit_note: z.array(z.number().int()),
});
export type DocumentYears = z.infer<typeof DocumentYearsSchema>;

/**
 * The answer of GET /api/customers/{id}/digital-documents: a page of the documents of `type` in `year`
 * (null when the customer has none of that type), newest first, and `years` for every type, so the web
 * can offer the type switch and the year select from one call.
 */
export const DigitalDocumentsSchema = pageOf(DigitalDocumentSchema).extend({
  type: z.enum(DOCUMENT_TYPES),
  year: z.number().int().nullable(),
  years: DocumentYearsSchema,
});
export type DigitalDocuments = z.infer<typeof DigitalDocumentsSchema>;

/**
 * The charge rows an order's first invoice carries besides the goods (DESIGN §6 rules 6, 7, 15): its
 * shipping costs and its cash-on-delivery fee, named as the distributor's documents name them.
 */
export const INVOICE_CHARGES = {
  shipping: { sku: 'SPESE-TRASPORTO', description: 'Spese di trasporto' },
  codFee: { sku: 'CONTRASSEGNO', description: 'Commissione contrassegno' },
} as const;
