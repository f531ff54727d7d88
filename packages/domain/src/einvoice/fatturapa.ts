import type { CustomerType, PaymentMethod } from '../constants';
import { checkTaxNumber } from '../validation/tax-code';
import { checkVatNumber, compactVatNumber } from '../validation/vat-number';
import { eInvoiceMessages } from './e-invoice-messages';
import type {
  FatturaPaAddress,
  FatturaPaBuyer,
  FatturaPaInput,
  FatturaPaPayment,
  FatturaPaRow,
} from './fatturapa-input';
import { naturaFor } from './natura';

/**
 * Issue 21 point 1: the FatturaPA file (FPR12, schema 1.2.2) of an invoice (TD01) or a credit note
 * (TD04), built from the stored document rows so that it carries the PDF's figures to the cent. Pure and
 * browser-safe; the server validates the result against the XSD before it issues the file.
 */

const NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

/** CodiceDestinatario of a customer abroad: the SDI does not deliver, the seller sends the invoice itself. */
const FOREIGN_RECIPIENT = 'XXXXXXX';
/** CodiceDestinatario when the customer named no SDI code: delivery by PEC or to the cassetto fiscale. */
const NO_RECIPIENT_CODE = '0000000';
/**
 * IdCodice of a customer abroad with no VAT id (issue 21). The SDI does not check a foreign IdCodice
 * (AssoSoftware's 2019 guidance asks only for some identifier), so the conventional placeholder is kept.
 */
const FOREIGN_NO_VAT_ID = 'OO99999999999';

/**
 * ModalitaPagamento per payment method and customer type (G company, P private person): SEPA direct
 * debit is the core scheme (MP19) for consumers and the B2B scheme (MP21) for companies; PayPal is paid
 * by card or wallet (MP08); a bank redirect and terms 'as agreed' settle by bank transfer (MP05).
 */
export const PAYMENT_MODES: Readonly<Record<PaymentMethod, Record<CustomerType, string>>> = {
  card: { G: 'MP08', P: 'MP08' },
  paypal: { G: 'MP08', P: 'MP08' },
  sepa: { G: 'MP21', P: 'MP19' },
  bank_redirect: { G: 'MP05', P: 'MP05' },
  cash_on_delivery: { G: 'MP01', P: 'MP01' },
  as_agreed: { G: 'MP05', P: 'MP05' },
};

// ---------------------------------------------------------------------------------------------------
// Text and numbers as the schema types allow them

/** Characters beyond Latin-1 with a plain spelling their Unicode decomposition does not give. */
const PLAIN: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '−': '-',
  '…': '...',
  '•': '-',
  '™': 'TM',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
};

type Charset = (code: number) => boolean;
/** \p{IsBasicLatin} without control characters: the StringNNType elements (Numero, NumeroDDT…). */
const basicLatin: Charset = (code) => code >= 0x20 && code <= 0x7e;
/** Basic Latin + Latin-1 Supplement without control characters: the StringNNLatinType elements. */
const latin1: Charset = (code) => basicLatin(code) || (code >= 0xa0 && code <= 0xff);

/**
 * `text` in the characters a schema type allows: white space of any kind becomes one space; another
 * character outside the set its plain spelling (’ → ', € → EUR, ł → l, Dvořák → Dvorak) or nothing
 * when it has none (emoji).
 */
function inCharset(text: string, allowed: Charset): string {
  let out = '';
  for (const char of text) {
    if (/\s/u.test(char)) out += ' ';
    else if (allowed(char.codePointAt(0)!)) out += char;
    else {
      const plain = PLAIN[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
      if ([...plain].every((c) => allowed(c.codePointAt(0)!))) out += plain;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Text of a Latin type, cut to the element's maximum length (every character left is one code unit). */
function latin(text: string, max: number): string {
  return inCharset(text, latin1).slice(0, max).trimEnd();
}

/** Text of a Basic Latin type, cut to the element's maximum length. */
function ascii(text: string, max: number): string {
  return inCharset(text, basicLatin).slice(0, max).trimEnd();
}

/** Cents as euros with 2 decimals (Amount2DecimalType), in integer arithmetic. */
function euros(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `cents` / `divisor` as euros rounded half up to 8 decimals, at least 2 shown (Amount8DecimalType). */
function unitEuros(cents: number, divisor: number): string {
  const d = BigInt(divisor);
  // 1 cent = 10^6 units of 10^-8 euro.
  const scaled = (BigInt(cents) * 2_000_000n + d) / (2n * d);
  const digits = scaled.toString().padStart(9, '0');
  const fraction = digits.slice(-8).replace(/0+$/, '').padEnd(2, '0');
  return `${digits.slice(0, -8)}.${fraction}`;
}

/** A rate in basis points as RateType: 2200 → 22.00, 550 → 5.50. */
function rate(basisPoints: number): string {
  return `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------
// A minimal XML tree: element names are constants, every text is escaped when written

type XmlNode = { name: string; text: string } | { name: string; children: XmlNode[] };
type Child = XmlNode | null | false | readonly XmlNode[];

function leaf(name: string, text: string): XmlNode {
  return { name, text };
}

function el(name: string, ...children: Child[]): XmlNode {
  return { name, children: children.flatMap((c) => (c ? c : [])) };
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function render(node: XmlNode, indent: string): string {
  if ('text' in node) return `${indent}<${node.name}>${escapeXml(node.text)}</${node.name}>\n`;
  const inner = node.children.map((c) => render(c, `${indent}  `)).join('');
  return `${indent}<${node.name}>\n${inner}${indent}</${node.name}>\n`;
}

// ---------------------------------------------------------------------------------------------------
// Parties

/** The partita IVA's digits, whether stored with the IT prefix or without. */
function italianVatDigits(vatId: string): string {
  return compactVatNumber(vatId).replace(/^IT/, '');
}

function isItalian(buyer: Pick<FatturaPaBuyer, 'country'>): boolean {
  return buyer.country.toUpperCase() === 'IT';
}

/**
 * Where the SDI delivers the file: a customer abroad gets XXXXXXX; an Italian one its 7-character SDI
 * code, else 0000000 with its PEC, else 0000000 alone (the invoice waits in its cassetto fiscale).
 */
function recipient(buyer: FatturaPaBuyer): { code: string; pec: string | null } {
  if (!isItalian(buyer)) return { code: FOREIGN_RECIPIENT, pec: null };
  const code = buyer.sdiCode?.trim().toUpperCase() ?? '';
  if (code !== '' && code !== NO_RECIPIENT_CODE) return { code, pec: null };
  const pec = buyer.pec?.trim() ?? '';
  return { code: NO_RECIPIENT_CODE, pec: pec === '' ? null : pec };
}

function sede(address: FatturaPaAddress): XmlNode {
  const country = address.country.toUpperCase();
  const italian = country === 'IT';
  const province = address.province?.trim().toUpperCase() ?? '';
  // CAPType is 5 digits: abroad it is 00000 and the foreign postcode stays with the city.
  const city = italian ? address.city : `${address.postcode} ${address.city}`;
  return el(
    'Sede',
    leaf('Indirizzo', latin(address.street, 60)),
    leaf('CAP', italian ? address.postcode.trim() : '00000'),
    leaf('Comune', latin(city, 60)),
    italian && /^[A-Z]{2}$/.test(province) && leaf('Provincia', province),
    leaf('Nazione', country),
  );
}

function cedentePrestatore(input: FatturaPaInput): XmlNode {
  const { seller } = input;
  const digits = italianVatDigits(seller.vatId);
  return el(
    'CedentePrestatore',
    el(
      'DatiAnagrafici',
      el('IdFiscaleIVA', leaf('IdPaese', 'IT'), leaf('IdCodice', digits)),
      leaf('CodiceFiscale', seller.taxCode ? compactVatNumber(seller.taxCode) : digits),
      el('Anagrafica', leaf('Denominazione', latin(seller.name, 80))),
      leaf('RegimeFiscale', 'RF01'),
    ),
    sede(seller.address),
    seller.rea &&
      el(
        'IscrizioneREA',
        leaf('Ufficio', seller.rea.office.trim().toUpperCase()),
        leaf('NumeroREA', ascii(seller.rea.number, 20)),
        leaf('StatoLiquidazione', 'LN'),
      ),
    seller.email?.trim() ? el('Contatti', leaf('Email', seller.email.trim())) : null,
  );
}

/** A person by name (Nome, Cognome), a company or a person missing half the name by Denominazione. */
function anagrafica(buyer: FatturaPaBuyer): XmlNode {
  const first = latin(buyer.firstname ?? '', 60);
  const last = latin(buyer.lastname ?? '', 60);
  if (buyer.type !== 'G' && first !== '' && last !== '') {
    return el('Anagrafica', leaf('Nome', first), leaf('Cognome', last));
  }
  const name = buyer.company?.trim() || `${buyer.firstname ?? ''} ${buyer.lastname ?? ''}`;
  return el('Anagrafica', leaf('Denominazione', latin(name, 80)));
}

/**
 * The customer per type: an Italian company by partita IVA (and codice fiscale when known), an Italian
 * private person by codice fiscale only, a customer abroad by its country and VAT id (without the
 * country prefix) or the placeholder.
 */
function cessionarioCommittente(buyer: FatturaPaBuyer): XmlNode {
  const country = buyer.country.toUpperCase();
  const taxCode = buyer.taxCode?.trim() ? compactVatNumber(buyer.taxCode) : null;
  const vatId = buyer.vatId?.trim() ? buyer.vatId : null;
  let ids: XmlNode[];
  if (!isItalian(buyer)) {
    // A Swiss VAT id is the UID with its language's suffix (CHE-116.281.710 MWST): the UID identifies.
    const number = vatId
      ? checkVatNumber(vatId, country).number.replace(/^(\d{9})(MWST|TVA|IVA)$/, '$1')
      : '';
    const code = ascii(number, 28) || FOREIGN_NO_VAT_ID;
    ids = [el('IdFiscaleIVA', leaf('IdPaese', country), leaf('IdCodice', code))];
  } else if (buyer.type === 'G') {
    ids = [
      ...(vatId
        ? [el('IdFiscaleIVA', leaf('IdPaese', 'IT'), leaf('IdCodice', italianVatDigits(vatId)))]
        : []),
      ...(taxCode ? [leaf('CodiceFiscale', taxCode)] : []),
    ];
  } else {
    ids = taxCode ? [leaf('CodiceFiscale', taxCode)] : [];
  }
  return el('CessionarioCommittente', el('DatiAnagrafici', ids, anagrafica(buyer)), sede(buyer.address));
}

// ---------------------------------------------------------------------------------------------------
// Body

/** A discount (SC) or a surcharge (MG) of `cents` / `divisor` per unit; nothing when it is 0. */
function perUnitAdjustment(cents: number, divisor: number): XmlNode | null {
  if (cents === 0) return null;
  return el(
    'ScontoMaggiorazione',
    leaf('Tipo', cents > 0 ? 'SC' : 'MG'),
    leaf('Importo', unitEuros(Math.abs(cents), divisor)),
  );
}

/**
 * A document row as a line: the unit price before the coupon, the percent coupon and the row's share of
 * a fixed coupon as per-unit discounts, so that (price − discounts) × quantity is the stored amount,
 * which PrezzoTotale carries exactly. Charges (shipping, cash-on-delivery fee) have no article code.
 */
function dettaglioLinea(row: FatturaPaRow, index: number, buyer: FatturaPaBuyer): XmlNode {
  const unit = row.priceBeforeCoupon ?? row.price;
  const sku = latin(row.sku, 35);
  const natura = naturaFor(buyer, row.vatRate);
  return el(
    'DettaglioLinee',
    leaf('NumeroLinea', String(index + 1)),
    !row.charge && sku !== '' && el('CodiceArticolo', leaf('CodiceTipo', 'SKU'), leaf('CodiceValore', sku)),
    leaf('Descrizione', latin(row.description, 1000) || sku || '-'),
    leaf('Quantita', `${row.quantity}.00`),
    leaf('PrezzoUnitario', euros(unit)),
    perUnitAdjustment(unit - row.price, 1),
    row.quantity > 0 && perUnitAdjustment(row.couponShare, row.quantity),
    leaf('PrezzoTotale', euros(row.amount)),
    leaf('AliquotaIVA', rate(row.vatRate)),
    natura && leaf('Natura', natura.natura),
  );
}

type Summary = { vatRate: number; taxable: number; vat: number };

/** DatiRiepilogo per VAT rate (each 0 % rate has one Natura per customer), highest rate first. */
function summaries(rows: readonly FatturaPaRow[]): Summary[] {
  const byRate = new Map<number, Summary>();
  for (const row of rows) {
    const summary = byRate.get(row.vatRate) ?? { vatRate: row.vatRate, taxable: 0, vat: 0 };
    summary.taxable += row.amount;
    summary.vat += row.vat;
    byRate.set(row.vatRate, summary);
  }
  return [...byRate.values()].sort((a, b) => b.vatRate - a.vatRate);
}

function datiRiepilogo(summary: Summary, buyer: FatturaPaBuyer): XmlNode {
  const natura = naturaFor(buyer, summary.vatRate);
  return el(
    'DatiRiepilogo',
    leaf('AliquotaIVA', rate(summary.vatRate)),
    natura && leaf('Natura', natura.natura),
    leaf('ImponibileImporto', euros(summary.taxable)),
    leaf('Imposta', euros(summary.vat)),
    // VAT due at once; a line without VAT has none to be due, its Natura says why.
    !natura && leaf('EsigibilitaIVA', 'I'),
    natura && leaf('RiferimentoNormativo', latin(natura.reference, 100)),
  );
}

/**
 * One payment line per instalment (the whole total due on the document's date without terms): TP01
 * when paid in instalments, TP02 when paid in full.
 */
function datiPagamento(payment: FatturaPaPayment, input: FatturaPaInput, total: number): XmlNode {
  const instalments =
    payment.dueDates.length > 0 ? payment.dueDates : [{ dueDate: input.document.date, amount: total }];
  const mode = PAYMENT_MODES[payment.method][input.buyer.type];
  const iban = payment.iban?.trim() ? compactVatNumber(payment.iban) : null;
  return el(
    'DatiPagamento',
    leaf('CondizioniPagamento', instalments.length > 1 ? 'TP01' : 'TP02'),
    instalments.map((i) =>
      el(
        'DettaglioPagamento',
        leaf('ModalitaPagamento', mode),
        leaf('DataScadenzaPagamento', i.dueDate),
        leaf('ImportoPagamento', euros(i.amount)),
        iban !== null && leaf('IBAN', iban),
      ),
    ),
  );
}

/** Causale is at most 200 characters per element and may repeat: a longer text goes in several. */
function causale(reason: string | null): XmlNode[] {
  const text = inCharset(reason ?? '', latin1);
  const chunks: XmlNode[] = [];
  for (let i = 0; i < text.length; i += 200) chunks.push(leaf('Causale', text.slice(i, i + 200)));
  return chunks;
}

/**
 * Issue 21 point 1: the FatturaPA XML (FPR12) of a stored invoice or credit note. Every figure comes
 * from the stored rows: PrezzoTotale is the row's amount, Imposta the sum of the rows' stored VAT (rule
 * 5's one-cent corrections included), so the file equals the PDF to the cent. Texts are reduced to the
 * characters and lengths the schema allows. Throws when the rows do not add up to the document's totals,
 * which stored documents never do.
 */
export function buildFatturaPa(input: FatturaPaInput): string {
  const { document, buyer } = input;
  const rows = summaries(document.rows);
  const taxable = rows.reduce((sum, r) => sum + r.taxable, 0);
  const vat = rows.reduce((sum, r) => sum + r.vat, 0);
  if (taxable !== document.amount || vat !== document.vat) {
    throw new Error(
      `Document ${document.number}: its rows add up to ${euros(taxable)} + VAT ${euros(vat)}, not ${euros(document.amount)} + VAT ${euros(document.vat)}`,
    );
  }
  const total = document.amount + document.vat;
  const to = recipient(buyer);
  const sellerDigits = italianVatDigits(input.seller.vatId);

  const header = el(
    'FatturaElettronicaHeader',
    el(
      'DatiTrasmissione',
      el('IdTrasmittente', leaf('IdPaese', 'IT'), leaf('IdCodice', sellerDigits)),
      leaf('ProgressivoInvio', fatturaPaProgressive(input.progressive)),
      leaf('FormatoTrasmissione', 'FPR12'),
      leaf('CodiceDestinatario', to.code),
      to.pec !== null && leaf('PECDestinatario', to.pec),
    ),
    cedentePrestatore(input),
    cessionarioCommittente(buyer),
  );

  const body = el(
    'FatturaElettronicaBody',
    el(
      'DatiGenerali',
      el(
        'DatiGeneraliDocumento',
        leaf('TipoDocumento', document.type === 'credit_note' ? 'TD04' : 'TD01'),
        leaf('Divisa', 'EUR'),
        leaf('Data', document.date),
        leaf('Numero', ascii(document.number, 20)),
        leaf('ImportoTotaleDocumento', euros(total)),
        causale(document.reason),
      ),
      input.corrects &&
        el(
          'DatiFattureCollegate',
          leaf('IdDocumento', ascii(input.corrects.number, 20)),
          leaf('Data', input.corrects.date),
        ),
      input.deliveryNotes.map((note) =>
        el(
          'DatiDDT',
          leaf('NumeroDDT', ascii(note.number, 20)),
          leaf('DataDDT', note.date),
          [...note.lines].sort((a, b) => a - b).map((line) => leaf('RiferimentoNumeroLinea', String(line))),
        ),
      ),
    ),
    el(
      'DatiBeniServizi',
      document.rows.map((row, i) => dettaglioLinea(row, i, buyer)),
      rows.map((summary) => datiRiepilogo(summary, buyer)),
    ),
    document.type === 'invoice' && input.payment !== null && datiPagamento(input.payment, input, total),
  );

  const inner = [header, body].map((node) => render(node, '  ')).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${NAMESPACE}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n` +
    `${inner}</p:FatturaElettronica>\n`
  );
}

// ---------------------------------------------------------------------------------------------------
// File names and checks

/** 5 decimal digits reach 99999; beyond, 'A0000' onwards in base 36, never equal to a decimal one. */
const BASE36_START = 10 * 36 ** 4;
const MAX_PROGRESSIVE = 99_999 + (36 ** 5 - BASE36_START);

/**
 * The SDI progressive of a file (ProgressivoInvio and the file name: up to 5 of [A-Za-z0-9], unique per
 * sender): 1 → 00001 … 99999 as zero-padded decimals, which sort and read naturally; then 100000 →
 * A0000, 100001 → A0001 … in upper-case base 36 starting at A0000, so a later name never repeats an
 * earlier all-digit one; about 43.8 million files in all.
 */
export function fatturaPaProgressive(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > MAX_PROGRESSIVE) {
    throw new RangeError(`No 5-character SDI progressive for ${n}`);
  }
  if (n <= 99_999) return String(n).padStart(5, '0');
  return (n - 100_000 + BASE36_START).toString(36).toUpperCase();
}

/** The SDI file name: IT + the seller's VAT number + '_' + the progressive + '.xml' (IT01234560157_00001.xml). */
export function eInvoiceFileName(sellerVatId: string, progressive: number): string {
  return `IT${italianVatDigits(sellerVatId)}_${fatturaPaProgressive(progressive)}.xml`;
}

/**
 * Issue 21, bad input: what stops a customer's e-invoice (errors: the SDI would reject the file, so the
 * invoice is held with the reason) and what staff should know (warnings: the file is still issued).
 */
export function eInvoiceChecks(buyer: FatturaPaBuyer): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const italian = isItalian(buyer);
  const vatId = buyer.vatId?.trim() ?? '';
  const taxCode = buyer.taxCode?.trim() ?? '';
  if (vatId !== '' && checkVatNumber(vatId, buyer.country.toUpperCase()).status === 'invalid') {
    errors.push(eInvoiceMessages.vatNumberInvalid.replace(':vat_id', vatId));
  }
  if (italian && buyer.type === 'G' && vatId === '') errors.push(eInvoiceMessages.vatNumberMissing);
  if (italian && buyer.type !== 'G' && taxCode === '') errors.push(eInvoiceMessages.taxCodeMissing);
  if (
    italian &&
    taxCode !== '' &&
    checkTaxNumber(taxCode, { type: buyer.type, country: 'IT' }) === 'invalid'
  ) {
    errors.push(eInvoiceMessages.taxCodeInvalid.replace(':tax_code', taxCode));
  }
  if (italian) {
    const to = recipient(buyer);
    if (to.code !== NO_RECIPIENT_CODE && !/^[A-Z0-9]{7}$/.test(to.code)) {
      errors.push(eInvoiceMessages.sdiCodeInvalid.replace(':sdi_code', buyer.sdiCode ?? ''));
    }
    if (to.code === NO_RECIPIENT_CODE && to.pec === null) warnings.push(eInvoiceMessages.noRecipient);
  }
  return { errors, warnings };
}
