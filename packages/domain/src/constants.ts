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
