/** Closed vocabularies of SPEC §3–§4 and DESIGN §6, shared by server and web. */
export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Customer type: 'G' is a legal entity (company); anything else a private person. */
export const CUSTOMER_TYPES = ['G', 'P'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const ADDRESS_TYPES = ['B', 'S'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The five catalogue areas of the navbar, by category code (SPEC §3 product layouts). */
export const CATEGORY_CODES = ['MUSICA', 'HOME_VIDEO', 'HI_FI', 'MERCHANDISE', 'EDITORIA'] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];

export const PAYMENT_METHODS = [
  'card',
  'paypal',
  'sepa',
  'bank_redirect',
  'cash_on_delivery',
  'as_agreed',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ATTRIBUTE_TAG_TYPES = ['text', 'url', 'iframe', 'list', 'fixed_list'] as const;
export type AttributeTagType = (typeof ATTRIBUTE_TAG_TYPES)[number];

export const SHIPPING_SLUGS = ['national', 'international'] as const;
export type ShippingSlug = (typeof SHIPPING_SLUGS)[number];

export const ORDER_CHANNELS = ['web', 'backoffice', 'erp'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

export const TAX_RULES = ['standard', 'exempt'] as const;
export type TaxRule = (typeof TAX_RULES)[number];

export const DOCUMENT_TYPES = ['delivery_note', 'invoice', 'credit_note'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const WAREHOUSE_OPERATIONS = ['load', 'unload', 'transfer', 'adjustment', 'sale', 'return'] as const;
export type WarehouseOperation = (typeof WAREHOUSE_OPERATIONS)[number];

/** SPEC §9: shipping requests received by this hour (Europe/Rome) are processed the same day. */
export const SHIPPING_REQUEST_CUTOFF_HOUR = 14;
/** SPEC §9: unpaid pending orders are cancelled after this many days. */
export const UNPAID_ORDER_DAYS = 7;
/** SPEC §9 / DESIGN §6.6: free-shipping threshold in cents when no shipping method is set. */
export const DEFAULT_FREE_SHIPPING_CENTS = 15000;
export const SHOP_TIME_ZONE = 'Europe/Rome';

/** DESIGN §6 rule 19: a return's life, from the customer's request to its credit note. */
export const RETURN_STATUSES = [
  'requested',
  'authorised',
  'refused',
  'received',
  'cancelled',
  'credited',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Why a customer returns a row (issue 21 point 5); 'other' comes with the customer's text. */
export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_ordered', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** How a return's refund was made: through the payment provider, or to be paid by bank transfer. */
export const RETURN_REFUND_METHODS = ['gateway', 'bank_transfer'] as const;
export type ReturnRefundMethod = (typeof RETURN_REFUND_METHODS)[number];

/**
 * A FatturaPA file's state (issue 21): `held` when it cannot be sent (it fails the schema or a buyer
 * check; the reason says why), `generated` until the SDI channel takes it, then `sent`, and the SDI's
 * answer: `delivered` (RC), `rejected` (NS, with its errors), `not_delivered` (MC).
 */
export const E_INVOICE_STATES = [
  'held',
  'generated',
  'sent',
  'delivered',
  'rejected',
  'not_delivered',
] as const;
export type EInvoiceState = (typeof E_INVOICE_STATES)[number];
