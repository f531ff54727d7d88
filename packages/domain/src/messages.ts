import { coreMessages, PLURAL_CHOICE } from './core-messages';

/** The user-facing messages of SPEC §5 and §8, written once and shared by server and web. */
export const messages = {
  ...coreMessages,
  documentNumberFormatUsed: 'Numbers in this format were already given to another type of document.',
  controlCharacters: 'Contains characters that are not allowed',
  passwordMismatch: "The password doesn't match.",
  passwordRules:
    'The password must be at least 8 characters and contain a number, an uppercase character and a special character.',
  passwordCommon:
    'This password is too easy to guess: it is one of the most common passwords or a variation of one. Choose another, for example a few unrelated words.',
  passwordPersonal:
    'This password is too easy to guess: it is built from the e-mail address or the name of the account. Choose one unrelated to them.',
  passwordKeyboardPattern:
    'This password is too easy to guess: it follows a row or a pattern of the keyboard. Choose another, for example a few unrelated words.',
  passwordGuessable:
    'This password is too easy to guess: avoid common words, names, dates, sequences and repeated characters. A few unrelated words make a strong password.',
  credentialsMismatch: 'These credentials do not match our records.',
  accountDisabled: 'This account has been disabled: ask an administrator.',
  wrongPassword: 'The provided password is incorrect.',
  tooManyAttempts: 'Too many login attempts. Please try again in :seconds seconds.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  csrfMismatch: 'CSRF token mismatch.',
  invalidJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Unsupported content type: send application/json.',
  payloadTooLarge: 'The request body is too large.',
  serviceUnavailable: 'The service is temporarily unavailable. Retry later.',
  requestTimedOut: 'The request took too long and was stopped. Retry later.',
  resetLinkSent: 'We have emailed your password reset link.',
  resetTokenInvalid: 'This password reset token is invalid.',
  passwordReset: 'Your password has been reset.',
  apiTokenExpired: 'This API token has expired.',
  apiTokenReadOnly: 'This API token is read-only: it cannot change anything.',
  apiTokenFromToken: 'API tokens can only be created while signed in, not with another API token.',
  apiTokenExpiryRange: 'A token can last from 1 to 365 days.',
  emailTaken: 'The email has already been taken.',
  orderFailed: 'An error as occurred inserting the order. Retry later.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  outOfStock: ':product is out of stock and was removed from the cart.',
  couponUnknown: 'This coupon code does not exist.',
  couponExpired: 'This coupon has expired.',
  couponUsed: 'This coupon has already been used.',
  couponUsedUp: 'This coupon has been used up.',
  couponMinOrder: 'This coupon needs an order of at least €:amount net.',
  couponLargerThanOrder: 'This coupon is worth €:amount net, more than the order: add products to use it.',
  totalChanged: 'The prices changed since the cart was shown. Please check the new total.',
  quantityChanged: 'Only :quantity of :product can be ordered now. Please check the cart.',
  quickOrderFile: 'Upload a .csv or .xlsx file.',
  paymentDeclined: 'The payment was declined.',
  orderNotPaidOnline: 'This order is not paid online.',
  orderNotPayable: 'This order cannot be paid now.',
  orderChangedWhilePaying: 'The order changed while the payment was being opened. Please try again.',
  nothingToRefund: 'Nothing is due to be refunded on this order.',
  mustBePositive: 'Must be greather than 0',
  isbnInvalid: 'ISBN must be 10 or 13 digits',
  eanLength: 'EAN must be 13 digits',
  eanCheckDigit: 'Invalid EAN check digit',
  upcLength: 'UPC must be 12 digits',
  upcCheckDigit: 'Invalid UPC check digit',
  variantValueRange: 'Must be between 1 and 4',
  alreadyExist: 'already exist',
  imageUploadError: 'Error during image upload',
  importNotSpreadsheet: 'The file is not a spreadsheet: upload an .xlsx or a .csv file.',
  importEmpty: 'The file has no rows to import.',
  importUnknownColumns: 'Unknown columns: :columns.',
  importMissingColumns: 'Missing columns: :columns.',
  importTooLarge: 'The file is too large: at most :megabytes MB.',
  uploadUnpackedTooLarge: 'The file unpacks to more than :megabytes MB.',
  uploadPartTooLarge: 'A part of the file unpacks to more than :megabytes MB.',
  uploadTooManyParts: 'The file has more than :count parts.',
  uploadTooManyLines: 'The file has more than :count lines.',
  uploadTooManyColumns: 'A line of the file has more than :count columns.',
  uploadTooManySharedStrings: 'The file has more than :count different texts.',
  uploadTooManyElements: 'The file has more than :count formats and texts.',
  uploadCellTooLong: 'A cell of the file is longer than :count characters.',
  uploadLineTooLong: 'A line of the file is longer than :count characters.',
  importDuplicateKey: 'Appears more than once in the file',
  importUnknownReference: 'Does not exist',
  importHasInvalidRows: 'The file has invalid rows: correct them or skip them.',
  importAlreadyStarted: 'This import has already been run.',
  importInterrupted: 'The import was interrupted before it ended: run it again to continue where it stopped.',
  importExpired: 'This preview has expired: upload the file again.',
  importRowProblem: 'Row :row, :column: :message',
  vatNumberValid: 'The VAT Number seems valid',
  vatNumberInvalid: 'The VAT Number seems incorrect or the VAT is not active. Could you check it?',
  taxNumberValid: 'The Tax Number seems valid',
  taxNumberInvalid: 'The Tax Number provided seems not to be correct. Could you check it?',
  taxNumberNotPerson:
    'The tax code does not correspond to the code of a physical person. If you are a private company, please contact support by email.',
  customerTypeLocked: 'A customer with orders cannot change user type: a new profile must be created.',
  passwordUpdateFailed: 'An error has occurred while updating your password. Please try again later.',
  settingsSaveFailed: 'Error saving settings',
  rowNotReadyForShipping: 'Row :sku of order :orderNo is not ready for shipping',
  stockBelowZero: 'Only :quantity on hand in this warehouse',
  discountRuleBlockOthersTaken:
    'A Discount Rule already exist with the block other flag set. Unset the block other flag in this rule.',
  discountRulePriorityTaken:
    'A Discount Rule already exist with the same priority for this Customer Gruoup / Product Category pair.',
  discountRuleMaxLimit: 'Max limit reached',
  campaignEndBeforeStart: 'The end date must not be before the start date',
  campaignUnknownSku: 'No product has the SKU :sku',
  orderRowBeyondStock: 'Only :count more of :product {is|are} available.',
  customerNotFound: 'Customer not found',
  ownSuperAdminFlag: 'You cannot remove your own super-admin flag.',
  erpCustomerNotFound: 'Unable to find a Customer on ERP',
  erpOff: 'The ERP synchronisation is off: set ERP_URL to turn it on.',
  erpUnreachable: 'The ERP cannot be reached. Try again later.',
  jobsOff: 'The job queue is off.',
  jobNotFailed: 'Only a failed job can be retried.',
  jobRunning: 'A running job cannot be deleted.',
  orderNotEditable: 'This order can no longer be edited: it is :status.',
  orderRowNotEditable: 'This row can no longer be changed: it is :status.',
  orderRowPartlyShipped: 'This row can no longer be changed: :count of it already shipped.',
  orderRowUnknown: 'This row is not part of the order.',
  productNotFound: 'Unknown product: :product',
  orderTransitionRefused: 'The order cannot go from :from to :to.',
  orderNotAllShipped: 'The order still has :count {unit|units} to ship: it cannot be marked shipped.',
  orderNothingShipped: 'Nothing of this order has been shipped yet.',
  orderNothingLeft: 'Nothing of this order is left to ship: mark it shipped.',
  orderRowsLocked: 'The rows of a :status order cannot be changed.',
  rowCancelBeyondResidual: 'At most :count can be cancelled: the residual of this row.',
  shipmentNotOnShip:
    'Rows can be shipped only while the order is on_ship or partially_shipped; it is :status.',
  shipmentBeyondResidual: 'Row :sku has only :count left to ship.',
  erpCallbackUnsigned: 'Callback signature missing or invalid.',
  erpCallbackReplayed: 'Callback already received.',
  erpCallbackMalformed: 'Malformed callback.',
  erpCallbackOrderNotFound: 'Order :order_no not found.',
  erpCallbackRowNotFound: 'Row :row_id is not part of order :order_no.',
  erpCallbackSkuNotFound: 'No product has the SKU :sku.',
  erpCallbackSkuHasVariants: 'Product :sku has variants: its stock is kept per variant.',
  erpCallbackWarehouseNotFound: 'Warehouse :warehouse_id not found.',
  erpCallbackInvoiceNotFound: 'Invoice :number not found.',
  erpCallbackNotAnInvoice: 'Document :number is not an invoice.',
  creditNoteBeyondShipped: 'Row :row_id (:sku) has only :count shipped and not yet credited.',
  reaOfficeRequired: 'The REA office and number go together.',
  tooManyRequests: 'Too many requests. Please try again in :seconds seconds.',
  sessionNotFound: 'This session has already ended.',
  twoFactorCodeFormat: 'Enter the 6-digit code of your authenticator app.',
  twoFactorCodeInvalid: 'This code is wrong or has expired. Enter the code your app shows now.',
  twoFactorCodeReused: 'This code has already been used. Wait for the next one.',
  recoveryCodeInvalid: 'This recovery code is not valid.',
  recoveryCodeUsed: 'This recovery code has already been used.',
  twoFactorCodeRequired: 'Enter a code of your authenticator app or a recovery code.',
  twoFactorChallengeExpired: 'The sign-in has expired. Enter your e-mail and password again.',
  twoFactorNotStarted: 'Start the two-factor set-up first.',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already on.',
  twoFactorNotEnabled: 'Two-factor sign-in is not on.',
  twoFactorRequired: 'Two-factor sign-in is required for administrators: it cannot be turned off.',
  twoFactorSetupRequired: 'Set up two-factor sign-in to use the back office.',
  onlinePaymentsOff: 'Online payments are not available: no payment provider is configured.',
  embedNotAllowed: 'Only an https player address (/embed/…) on one of these hosts can be embedded: :hosts.',
} as const;

/**
 * A message with its :placeholders filled in (a placeholder without a value stays as written), and its
 * `{singular|plural}` choices made by `:count` in English ('1 unit', '2 units'). The web translates the
 * filled text back through the same template (apps/web/src/i18n/translate-message.ts), choosing the
 * form by the language's plural rules.
 */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  const filled = template.replace(/:([a-z_]+)/g, (whole, name: string) => String(values[name] ?? whole));
  if (values.count === undefined) return filled;
  return filled.replace(PLURAL_CHOICE, (_, one: string, other: string) =>
    Number(values.count) === 1 ? one : other,
  );
}

/** SPEC §8: the throttle message with the seconds left filled in. */
export function tooManyAttemptsMessage(seconds: number): string {
  return messages.tooManyAttempts.replace(':seconds', String(seconds));
}

/** The same wording for the per-address limits on registration, password recovery and tokens. */
export function tooManyRequestsMessage(seconds: number): string {
  return messages.tooManyRequests.replace(':seconds', String(seconds));
}
