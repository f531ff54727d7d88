/**
 * The e-invoice messages (issue 21), apart from `messages` so the storefront's first JavaScript does not
 * carry them: only the back office and the server use them. Translated in the web's server namespace.
 */
export const eInvoiceMessages = {
  periodReversed: 'The end of the period must not be before its start.',
  periodTooLong: 'A period can cover at most a year.',
  exportEmpty: 'No e-invoices in this period: there is nothing to export.',
  sellerIncomplete:
    "The shop's registered office (street, postcode, city, province) is not set: fill it in the shop settings, then regenerate the e-invoice.",
  notRegenerable: 'This e-invoice is :state: only a held, generated or rejected file can be regenerated.',
  sdiOff: 'Sending to the SDI is off: set SDI_CHANNEL to folder.',
  vatNumberInvalid:
    "The customer's VAT number :vat_id fails its check digit: the e-invoice is held until it is corrected.",
  vatNumberMissing:
    'An Italian company needs its VAT number (partita IVA) on the e-invoice: the e-invoice is held until it is added to the customer.',
  taxCodeMissing:
    'An Italian private customer needs a tax code (codice fiscale) on the e-invoice: the e-invoice is held until it is added to the customer.',
  taxCodeInvalid:
    "The customer's tax code :tax_code is not valid: the e-invoice is held until it is corrected.",
  sdiCodeInvalid:
    "The customer's SDI code :sdi_code is not 7 letters or digits: the e-invoice is held until it is corrected.",
  noRecipient:
    "The customer has neither an SDI code nor a PEC: the e-invoice is sent with code 0000000. Tell the customer to find it in their cassetto fiscale (Fatture e Corrispettivi) on the Agenzia delle Entrate's website.",
  notificationUnsigned: 'Notification signature missing or invalid.',
  notificationReplayed: 'Notification already received.',
  notificationMalformed: 'Malformed notification.',
  notificationFileNotFound: 'No e-invoice has the file name :file_name.',
  notificationNotSent: 'The e-invoice :file_name is :state: the SDI answers only about a sent file.',
} as const;
