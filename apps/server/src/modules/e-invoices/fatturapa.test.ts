import {
  buildFatturaPa,
  type FatturaPaBuyer,
  type FatturaPaInput,
  type FatturaPaRow,
  type FatturaPaSeller,
} from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { validateFatturaPa } from './fatturapa-schema';

/**
 * Issue 21 proof: the FatturaPA files of a company, an Italian private person, an EU company, a Swiss
 * company and an exempt customer validate against the official schema and carry the stored rows'
 * figures to the cent. Pure: the input is what the e-invoice service reads from stored documents.
 */

// ---------------------------------------------------------------------------------------------------
// Reading figures back from a file

/** The texts of every `<tag>` in `xml` (unescaped), in document order. */
function values(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) =>
    m[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

function value(xml: string, tag: string): string | undefined {
  return values(xml, tag)[0];
}

/** The inner XML of every `<tag>…</tag>` block. */
function blocks(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
}

/** A decimal amount ('35.83', '-1.50') as integer cents, without floating point. */
function cents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not an amount with 2 decimals: ${amount}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/** The lines' figures as the file states them. */
function lines(xml: string) {
  return blocks(xml, 'DettaglioLinee').map((b) => ({
    number: value(b, 'NumeroLinea'),
    sku: value(b, 'CodiceValore') ?? null,
    quantity: value(b, 'Quantita'),
    unitPrice: value(b, 'PrezzoUnitario'),
    discounts: blocks(b, 'ScontoMaggiorazione').map((d) => `${value(d, 'Tipo')} ${value(d, 'Importo')}`),
    total: cents(value(b, 'PrezzoTotale')!),
    rate: value(b, 'AliquotaIVA'),
    natura: value(b, 'Natura') ?? null,
  }));
}

/** DatiRiepilogo per rate as the file states them. */
function summaries(xml: string) {
  return blocks(xml, 'DatiRiepilogo').map((b) => ({
    rate: value(b, 'AliquotaIVA'),
    natura: value(b, 'Natura') ?? null,
    taxable: cents(value(b, 'ImponibileImporto')!),
    vat: cents(value(b, 'Imposta')!),
    due: value(b, 'EsigibilitaIVA') ?? null,
    reference: value(b, 'RiferimentoNormativo') ?? null,
  }));
}

/** The figures SDI cross-checks: each line, each rate's totals and the document total equal the stored rows. */
function expectStoredFigures(xml: string, input: FatturaPaInput) {
  const { rows, amount, vat } = input.document;
  expect(lines(xml).map((l) => l.total)).toEqual(rows.map((r) => r.amount));
  const stated = summaries(xml);
  for (const s of stated) {
    const ofRate = rows.filter((r) => (r.vatRate / 100).toFixed(2) === s.rate);
    expect(s.taxable).toBe(ofRate.reduce((sum, r) => sum + r.amount, 0));
    expect(s.vat).toBe(ofRate.reduce((sum, r) => sum + r.vat, 0));
  }
  const total = cents(value(xml, 'ImportoTotaleDocumento')!);
  expect(total).toBe(amount + vat);
  expect(total).toBe(stated.reduce((sum, s) => sum + s.taxable + s.vat, 0));
}

async function expectValid(xml: string) {
  expect(await validateFatturaPa(xml)).toEqual([]);
}

// ---------------------------------------------------------------------------------------------------
// The shop, its customers and their documents (as stored: net cents, basis points)

const seller: FatturaPaSeller = {
  name: 'Discoteca Esempio S.r.l.',
  vatId: 'IT01234560157',
  taxCode: null,
  address: { street: 'Via Roma 1', postcode: '20121', city: 'Milano', province: 'MI', country: 'IT' },
  rea: { office: 'MI', number: '1234567' },
  email: 'amministrazione@discoteca.example',
};

const italianCompany: FatturaPaBuyer = {
  type: 'G',
  company: 'Rossi & Figli S.p.A.',
  firstname: null,
  lastname: null,
  country: 'IT',
  extraCee: false,
  taxRule: 'standard',
  vatId: 'IT09876540585',
  taxCode: '09876540585',
  sdiCode: 'm5uxcr1',
  pec: null,
  address: { street: 'Via Garibaldi 10', postcode: '00185', city: 'Roma', province: 'RM', country: 'IT' },
};

const italianPerson: FatturaPaBuyer = {
  type: 'P',
  company: null,
  firstname: 'Mario',
  lastname: 'Rossi',
  country: 'IT',
  extraCee: false,
  taxRule: 'standard',
  vatId: null,
  taxCode: 'rssmra85t10a562s',
  sdiCode: null,
  pec: null,
  address: {
    street: 'Corso Vittorio Emanuele II 5',
    postcode: '10121',
    city: 'Torino',
    province: 'to',
    country: 'IT',
  },
};

const germanCompany: FatturaPaBuyer = {
  type: 'G',
  company: 'Musikhaus Müller GmbH',
  firstname: null,
  lastname: null,
  country: 'DE',
  extraCee: false,
  taxRule: 'exempt',
  vatId: 'DE 136 695 976',
  taxCode: null,
  sdiCode: null,
  pec: null,
  address: { street: 'Hauptstraße 5', postcode: '10115', city: 'Berlin', province: null, country: 'DE' },
};

const swissCompany: FatturaPaBuyer = {
  type: 'G',
  company: 'Plattenladen Zürich AG',
  firstname: null,
  lastname: null,
  country: 'CH',
  extraCee: true,
  taxRule: 'exempt',
  vatId: 'CHE-116.281.710 MWST',
  taxCode: null,
  sdiCode: null,
  pec: null,
  address: { street: 'Bahnhofstrasse 1', postcode: '8001', city: 'Zürich', province: null, country: 'CH' },
};

const exemptCompany: FatturaPaBuyer = {
  type: 'G',
  company: 'Export Italia S.r.l.',
  firstname: null,
  lastname: null,
  country: 'IT',
  extraCee: false,
  taxRule: 'exempt',
  vatId: '07654320014',
  taxCode: null,
  sdiCode: null,
  pec: 'amministrazione@pec.exportitalia.it',
  address: { street: 'Via Po 3', postcode: '40121', city: 'Bologna', province: 'BO', country: 'IT' },
};

const frenchPerson: FatturaPaBuyer = {
  type: 'P',
  company: null,
  firstname: 'Chloé',
  lastname: 'Dubois',
  country: 'FR',
  extraCee: false,
  taxRule: 'exempt',
  vatId: null,
  taxCode: null,
  sdiCode: null,
  pec: null,
  address: { street: '12 rue de la Paix', postcode: '75002', city: 'Paris', province: null, country: 'FR' },
};

function goods(row: Partial<FatturaPaRow> & Pick<FatturaPaRow, 'sku' | 'quantity' | 'price'>): FatturaPaRow {
  return {
    description: row.sku,
    priceBeforeCoupon: null,
    couponShare: 0,
    vatRate: 2200,
    amount: row.price * row.quantity - (row.couponShare ?? 0),
    vat: 0,
    charge: false,
    ...row,
  };
}

function charge(sku: string, description: string, price: number, vatRate: number, vat: number): FatturaPaRow {
  return goods({ sku, description, quantity: 1, price, vatRate, vat, charge: true });
}

function input(
  buyer: FatturaPaBuyer,
  rows: FatturaPaRow[],
  rest: Partial<Omit<FatturaPaInput, 'document'>> & { document?: Partial<FatturaPaInput['document']> } = {},
): FatturaPaInput {
  const { document, ...others } = rest;
  return {
    progressive: 1,
    seller,
    buyer,
    corrects: null,
    deliveryNotes: [],
    payment: { method: 'card', dueDates: [], iban: null },
    ...others,
    document: {
      type: 'invoice',
      number: '2026/42',
      date: '2026-03-16',
      rows,
      amount: rows.reduce((sum, r) => sum + r.amount, 0),
      vat: rows.reduce((sum, r) => sum + r.vat, 0),
      reason: null,
      ...document,
    },
  };
}

// ---------------------------------------------------------------------------------------------------

describe('FatturaPA of an Italian company with an SDI code', () => {
  // Rows as the shop stores them for a company (no rule-5 correction): a 10 % coupon takes 9.99 to
  // 8.99 and 15.00 to 13.50; VAT is each row's as the order charged it.
  const rows = [
    goods({
      sku: 'CD-001',
      description: 'Kind of Blue – CD “remastered” 🎷',
      quantity: 3,
      priceBeforeCoupon: 999,
      price: 899,
      vat: 593,
    }),
    goods({
      sku: 'BK-100',
      description: 'Storia del jazz, libro',
      quantity: 2,
      priceBeforeCoupon: 1500,
      price: 1350,
      vatRate: 400,
      vat: 108,
    }),
    charge('SHIPPING', 'Spedizione nazionale', 800, 2200, 176),
  ];
  const invoice = input(italianCompany, rows, {
    progressive: 42,
    document: { reason: 'Ordine 100042' },
    deliveryNotes: [
      { number: 'DDT 2026/15', date: '2026-03-10', lines: [3, 1] },
      { number: 'DDT 2026/16', date: '2026-03-12', lines: [2] },
    ],
    payment: {
      method: 'sepa',
      dueDates: [
        { dueDate: '2026-04-30', amount: 3537 },
        { dueDate: '2026-05-31', amount: 3537 },
      ],
      iban: 'IT60 X054 2811 1010 0000 0123 456',
    },
  });
  const xml = buildFatturaPa(invoice);

  it('validates against the schema', async () => {
    await expectValid(xml);
  });

  it('puts only the root in the FatturaPA namespace', () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<p:FatturaElettronica versione="FPR12" xmlns:p="http:\/\/ivaservizi\.agenziaentrate\.gov\.it\/docs\/xsd\/fatture\/v1\.2"/,
    );
    expect(xml).not.toMatch(/xmlns="/);
  });

  it('names the shop as transmitter and seller, with its REA and RF01', () => {
    const header = blocks(xml, 'DatiTrasmissione')[0]!;
    expect(values(header, 'IdPaese')).toEqual(['IT']);
    expect(value(header, 'IdCodice')).toBe('01234560157');
    expect(value(header, 'ProgressivoInvio')).toBe('00042');
    expect(value(header, 'FormatoTrasmissione')).toBe('FPR12');
    expect(value(header, 'CodiceDestinatario')).toBe('M5UXCR1');
    expect(header).not.toContain('PECDestinatario');
    const cedente = blocks(xml, 'CedentePrestatore')[0]!;
    expect(value(cedente, 'CodiceFiscale')).toBe('01234560157');
    expect(value(cedente, 'Denominazione')).toBe('Discoteca Esempio S.r.l.');
    expect(value(cedente, 'RegimeFiscale')).toBe('RF01');
    expect(blocks(cedente, 'IscrizioneREA')[0]).toMatch(
      /<Ufficio>MI<\/Ufficio>\s*<NumeroREA>1234567<\/NumeroREA>\s*<StatoLiquidazione>LN<\/StatoLiquidazione>/,
    );
    expect(value(cedente, 'Email')).toBe('amministrazione@discoteca.example');
  });

  it('names the customer by partita IVA and codice fiscale', () => {
    const cessionario = blocks(xml, 'CessionarioCommittente')[0]!;
    expect(blocks(cessionario, 'IdFiscaleIVA')[0]).toMatch(/<IdPaese>IT<\/IdPaese>\s*<IdCodice>09876540585</);
    expect(value(cessionario, 'CodiceFiscale')).toBe('09876540585');
    expect(cessionario).toContain('<Denominazione>Rossi &amp; Figli S.p.A.</Denominazione>');
    expect(value(cessionario, 'CAP')).toBe('00185');
    expect(value(cessionario, 'Provincia')).toBe('RM');
  });

  it('states the document, its causale and its delivery notes with their lines', () => {
    expect(value(xml, 'TipoDocumento')).toBe('TD01');
    expect(value(xml, 'Divisa')).toBe('EUR');
    expect(value(xml, 'Numero')).toBe('2026/42');
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('70.74');
    expect(values(xml, 'Causale')).toEqual(['Ordine 100042']);
    expect(xml).not.toContain('DatiFattureCollegate');
    expect(
      blocks(xml, 'DatiDDT').map((b) => [
        value(b, 'NumeroDDT'),
        value(b, 'DataDDT'),
        values(b, 'RiferimentoNumeroLinea'),
      ]),
    ).toEqual([
      ['DDT 2026/15', '2026-03-10', ['1', '3']],
      ['DDT 2026/16', '2026-03-12', ['2']],
    ]);
  });

  it('prices each line before the coupon with the coupon as a discount, totals as stored', () => {
    expect(lines(xml)).toEqual([
      {
        number: '1',
        sku: 'CD-001',
        quantity: '3.00',
        unitPrice: '9.99',
        discounts: ['SC 1.00'],
        total: 2697,
        rate: '22.00',
        natura: null,
      },
      {
        number: '2',
        sku: 'BK-100',
        quantity: '2.00',
        unitPrice: '15.00',
        discounts: ['SC 1.50'],
        total: 2700,
        rate: '4.00',
        natura: null,
      },
      {
        number: '3',
        sku: null,
        quantity: '1.00',
        unitPrice: '8.00',
        discounts: [],
        total: 800,
        rate: '22.00',
        natura: null,
      },
    ]);
    // Latin-1 only: the dash and quotes get their ASCII form, the emoji goes.
    expect(values(xml, 'Descrizione')[0]).toBe('Kind of Blue - CD "remastered"');
    expectStoredFigures(xml, invoice);
  });

  it('sums each rate from the stored rows', () => {
    expect(summaries(xml)).toEqual([
      { rate: '22.00', natura: null, taxable: 3497, vat: 769, due: 'I', reference: null },
      { rate: '4.00', natura: null, taxable: 2700, vat: 108, due: 'I', reference: null },
    ]);
  });

  it('pays by SEPA B2B direct debit in two instalments', () => {
    const payment = blocks(xml, 'DatiPagamento')[0]!;
    expect(value(payment, 'CondizioniPagamento')).toBe('TP01');
    expect(
      blocks(payment, 'DettaglioPagamento').map((d) => [
        value(d, 'ModalitaPagamento'),
        value(d, 'DataScadenzaPagamento'),
        value(d, 'ImportoPagamento'),
        value(d, 'IBAN'),
      ]),
    ).toEqual([
      ['MP21', '2026-04-30', '35.37', 'IT60X0542811101000000123456'],
      ['MP21', '2026-05-31', '35.37', 'IT60X0542811101000000123456'],
    ]);
  });

  it('credits one CD with a TD04 that names the invoice it corrects', async () => {
    // Taking back the third unit: 8.99 net and the VAT it added to the row, 5.93 − 3.96.
    const creditNote = input(italianCompany, [{ ...rows[0]!, quantity: 1, amount: 899, vat: 197 }], {
      progressive: 43,
      document: { type: 'credit_note', number: 'NC 2026/3', date: '2026-03-20', reason: 'Reso R-7' },
      corrects: { number: '2026/42', date: '2026-03-16' },
      payment: null,
    });
    const credit = buildFatturaPa(creditNote);
    await expectValid(credit);
    expect(value(credit, 'TipoDocumento')).toBe('TD04');
    expect(value(credit, 'ProgressivoInvio')).toBe('00043');
    expect(blocks(credit, 'DatiFattureCollegate')).toEqual([
      expect.stringMatching(/<IdDocumento>2026\/42<\/IdDocumento>\s*<Data>2026-03-16<\/Data>/),
    ]);
    expect(lines(credit)[0]).toMatchObject({ unitPrice: '9.99', discounts: ['SC 1.00'], total: 899 });
    expect(summaries(credit)).toMatchObject([{ rate: '22.00', taxable: 899, vat: 197 }]);
    expect(value(credit, 'ImportoTotaleDocumento')).toBe('10.96');
    expect(credit).not.toContain('DatiPagamento');
    expectStoredFigures(credit, creditNote);
  });
});

describe('FatturaPA of an Italian private person without SDI code nor PEC', () => {
  // 3 × 8.19 net (9.99 with VAT): rule 5 charges 3 × 9.99 = 29.97, so the row stores 5.40 of VAT where
  // 24.57 × 22 % would round to 5.41. The LP row carries 1.67 of a fixed coupon (no correction then).
  const rows = [
    goods({ sku: 'CD-002', description: 'A Love Supreme', quantity: 3, price: 819, vat: 540 }),
    goods({
      sku: 'LP-010',
      description: 'Vinile 180 g',
      quantity: 3,
      price: 1250,
      couponShare: 167,
      vat: 788,
    }),
    goods({
      sku: 'BK-200',
      description: 'Jazz: guida all’ascolto',
      quantity: 2,
      price: 1442,
      vatRate: 400,
      vat: 115,
    }),
    charge('SHIPPING', 'Spedizione nazionale', 500, 2200, 110),
    charge('COD', 'Contrassegno', 300, 2200, 66),
  ];
  const invoice = input(italianPerson, rows, {
    payment: { method: 'cash_on_delivery', dueDates: [], iban: null },
  });
  const xml = buildFatturaPa(invoice);

  it('validates against the schema', async () => {
    await expectValid(xml);
  });

  it('goes to 0000000 without PEC and names the person by codice fiscale, Nome and Cognome', () => {
    expect(value(xml, 'CodiceDestinatario')).toBe('0000000');
    expect(xml).not.toContain('PECDestinatario');
    const cessionario = blocks(xml, 'CessionarioCommittente')[0]!;
    expect(cessionario).not.toContain('IdFiscaleIVA');
    expect(value(cessionario, 'CodiceFiscale')).toBe('RSSMRA85T10A562S');
    expect(value(cessionario, 'Nome')).toBe('Mario');
    expect(value(cessionario, 'Cognome')).toBe('Rossi');
    expect(value(cessionario, 'Provincia')).toBe('TO');
  });

  it('spreads the fixed coupon share per unit to 8 decimals, the total as stored', () => {
    const [cd, lp, book, shipping, fee] = lines(xml);
    expect(cd).toMatchObject({ unitPrice: '8.19', discounts: [], total: 2457 });
    // 1.67 / 3 = 0.55666667 per unit: (12.50 − 0.55666667) × 3 = 35.83.
    expect(lp).toMatchObject({ unitPrice: '12.50', discounts: ['SC 0.55666667'], total: 3583 });
    expect(book).toMatchObject({ unitPrice: '14.42', total: 2884, rate: '4.00' });
    expect(shipping).toMatchObject({ sku: null, quantity: '1.00', unitPrice: '5.00', total: 500 });
    expect(fee).toMatchObject({ sku: null, quantity: '1.00', unitPrice: '3.00', total: 300 });
    expect(values(xml, 'Descrizione')).toEqual([
      'A Love Supreme',
      'Vinile 180 g',
      "Jazz: guida all'ascolto",
      'Spedizione nazionale',
      'Contrassegno',
    ]);
    expectStoredFigures(xml, invoice);
  });

  it('takes VAT from the stored rows, one-cent correction included, not recomputed', () => {
    // 68.40 × 22 % = 15.048 would round to 15.05: the rows charged 5.40 + 7.88 + 1.10 + 0.66.
    expect(summaries(xml)).toEqual([
      { rate: '22.00', natura: null, taxable: 6840, vat: 1504, due: 'I', reference: null },
      { rate: '4.00', natura: null, taxable: 2884, vat: 115, due: 'I', reference: null },
    ]);
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('113.43');
  });

  it('pays cash on delivery, the whole total on the invoice date', () => {
    const payment = blocks(xml, 'DatiPagamento')[0]!;
    expect(value(payment, 'CondizioniPagamento')).toBe('TP02');
    expect(values(payment, 'ModalitaPagamento')).toEqual(['MP01']);
    expect(values(payment, 'DataScadenzaPagamento')).toEqual(['2026-03-16']);
    expect(values(payment, 'ImportoPagamento')).toEqual(['113.43']);
    expect(payment).not.toContain('IBAN');
  });
});

describe('FatturaPA of a German company (intra-EU supply)', () => {
  const longDescription = `Box set: ${'Die Zauberflöte – Gesamtaufnahme, '.repeat(40)}`;
  const rows = [
    goods({ sku: 'CD-003', description: longDescription, quantity: 2, price: 819, vatRate: 0 }),
    charge('SHIPPING', 'Spedizione internazionale', 1500, 0, 0),
  ];
  const invoice = input(germanCompany, rows);
  const xml = buildFatturaPa(invoice);

  it('validates against the schema', async () => {
    await expectValid(xml);
  });

  it('goes to XXXXXXX with the German VAT id and a foreign address', () => {
    expect(value(xml, 'CodiceDestinatario')).toBe('XXXXXXX');
    const cessionario = blocks(xml, 'CessionarioCommittente')[0]!;
    expect(blocks(cessionario, 'IdFiscaleIVA')[0]).toMatch(/<IdPaese>DE<\/IdPaese>\s*<IdCodice>136695976</);
    expect(cessionario).not.toContain('CodiceFiscale');
    expect(value(cessionario, 'Denominazione')).toBe('Musikhaus Müller GmbH');
    expect(value(cessionario, 'Indirizzo')).toBe('Hauptstraße 5');
    expect(value(cessionario, 'CAP')).toBe('00000');
    expect(value(cessionario, 'Comune')).toBe('10115 Berlin');
    expect(cessionario).not.toContain('Provincia');
    expect(value(cessionario, 'Nazione')).toBe('DE');
  });

  it('marks the 0 % lines N3.2 with the intra-EU exemption', () => {
    expect(lines(xml).map((l) => [l.rate, l.natura, l.total])).toEqual([
      ['0.00', 'N3.2', 1638],
      ['0.00', 'N3.2', 1500],
    ]);
    expect(summaries(xml)).toEqual([
      {
        rate: '0.00',
        natura: 'N3.2',
        taxable: 3138,
        vat: 0,
        due: null,
        reference: 'Non imponibile art. 41 DL 331/93',
      },
    ]);
    expectStoredFigures(xml, invoice);
  });

  it('cuts a description to 1000 characters', () => {
    const description = values(xml, 'Descrizione')[0]!;
    expect(description).toHaveLength(1000);
    expect(description.startsWith('Box set: Die Zauberflöte - Gesamtaufnahme, ')).toBe(true);
  });

  it('pays by card, the whole total on the invoice date', () => {
    expect(values(xml, 'ModalitaPagamento')).toEqual(['MP08']);
    expect(values(xml, 'ImportoPagamento')).toEqual(['31.38']);
  });
});

describe('FatturaPA of a Swiss company (export)', () => {
  const rows = [
    goods({
      sku: 'BOX-7',
      description: 'Coltrane: The Complete Atlantic Recordings',
      quantity: 1,
      price: 2499,
      vatRate: 0,
    }),
    charge('SHIPPING', 'Spedizione internazionale', 2500, 0, 0),
  ];
  const invoice = input(swissCompany, rows, {
    payment: {
      method: 'as_agreed',
      dueDates: [{ dueDate: '2026-04-15', amount: 4999 }],
      iban: 'IT60X0542811101000000123456',
    },
  });
  const xml = buildFatturaPa(invoice);

  it('validates against the schema', async () => {
    await expectValid(xml);
  });

  it('goes to XXXXXXX with the Swiss UID', () => {
    expect(value(xml, 'CodiceDestinatario')).toBe('XXXXXXX');
    const cessionario = blocks(xml, 'CessionarioCommittente')[0]!;
    expect(blocks(cessionario, 'IdFiscaleIVA')[0]).toMatch(/<IdPaese>CH<\/IdPaese>\s*<IdCodice>116281710</);
    expect(value(cessionario, 'CAP')).toBe('00000');
    expect(value(cessionario, 'Comune')).toBe('8001 Zürich');
    expect(value(cessionario, 'Nazione')).toBe('CH');
  });

  it('marks the 0 % lines N3.1 with the export exemption', () => {
    expect(lines(xml).map((l) => l.natura)).toEqual(['N3.1', 'N3.1']);
    expect(summaries(xml)).toEqual([
      {
        rate: '0.00',
        natura: 'N3.1',
        taxable: 4999,
        vat: 0,
        due: null,
        reference: 'Non imponibile art. 8 c.1 lett. a DPR 633/72',
      },
    ]);
    expectStoredFigures(xml, invoice);
  });

  it('pays by bank transfer as agreed, on the agreed date, to the shop IBAN', () => {
    const payment = blocks(xml, 'DatiPagamento')[0]!;
    expect(value(payment, 'CondizioniPagamento')).toBe('TP02');
    expect(value(payment, 'ModalitaPagamento')).toBe('MP05');
    expect(value(payment, 'DataScadenzaPagamento')).toBe('2026-04-15');
    expect(value(payment, 'ImportoPagamento')).toBe('49.99');
    expect(value(payment, 'IBAN')).toBe('IT60X0542811101000000123456');
  });
});

describe('FatturaPA of an Italian exempt company with a PEC only', () => {
  const rows = [
    goods({ sku: 'CD-004', description: 'Bitches Brew', quantity: 4, price: 1999, vatRate: 0 }),
    charge('SHIPPING', 'Spedizione nazionale', 800, 0, 0),
  ];
  const invoice = input(exemptCompany, rows, {
    progressive: 100_000,
    payment: { method: 'bank_redirect', dueDates: [], iban: null },
  });
  const xml = buildFatturaPa(invoice);

  it('validates against the schema', async () => {
    await expectValid(xml);
  });

  it('goes to 0000000 with the PEC', () => {
    expect(value(xml, 'CodiceDestinatario')).toBe('0000000');
    expect(value(xml, 'PECDestinatario')).toBe('amministrazione@pec.exportitalia.it');
    expect(value(xml, 'ProgressivoInvio')).toBe('A0000');
  });

  it('marks the 0 % lines N3.5 with the declaration of intent', () => {
    expect(lines(xml).map((l) => [l.natura, l.total])).toEqual([
      ['N3.5', 7996],
      ['N3.5', 800],
    ]);
    expect(summaries(xml)).toEqual([
      {
        rate: '0.00',
        natura: 'N3.5',
        taxable: 8796,
        vat: 0,
        due: null,
        reference: 'Non imponibile art. 8 c.1 lett. c DPR 633/72',
      },
    ]);
    expect(values(xml, 'ModalitaPagamento')).toEqual(['MP05']);
    expectStoredFigures(xml, invoice);
  });
});

describe('FatturaPA of a private person abroad without VAT id', () => {
  const invoice = input(frenchPerson, [goods({ sku: 'CD-005', quantity: 1, price: 1500, vatRate: 0 })], {
    payment: { method: 'paypal', dueDates: [], iban: null },
  });
  const xml = buildFatturaPa(invoice);

  it('validates, names the person by Nome and Cognome with the placeholder id, and marks N2.2', async () => {
    await expectValid(xml);
    const cessionario = blocks(xml, 'CessionarioCommittente')[0]!;
    expect(blocks(cessionario, 'IdFiscaleIVA')[0]).toMatch(
      /<IdPaese>FR<\/IdPaese>\s*<IdCodice>OO99999999999</,
    );
    expect(value(cessionario, 'Nome')).toBe('Chloé');
    expect(value(cessionario, 'Cognome')).toBe('Dubois');
    expect(summaries(xml)).toMatchObject([{ natura: 'N2.2', reference: 'Operazione non soggetta' }]);
    expect(values(xml, 'ModalitaPagamento')).toEqual(['MP08']);
  });
});

describe('FatturaPA texts', () => {
  it('reduces names, addresses and causale to the schema’s characters and lengths', async () => {
    const buyer: FatturaPaBuyer = {
      ...italianCompany,
      company: `Łódź Records & “Friends” <Dvořák> ${'x'.repeat(100)}`,
      address: {
        ...italianCompany.address,
        street: `Via dell’Artigianato, 12 — Zona Industriale ${'Nord '.repeat(20)}`,
      },
    };
    const reason = `Ordine 100042 — consegna al piano 😀 ${'Nota lunga. '.repeat(30)}`;
    const invoice = input(buyer, [goods({ sku: 'CD-001', quantity: 1, price: 1000, vat: 220 })], {
      seller: { ...seller, name: 'Discoteca Esempio S.r.l. €' },
      document: { reason },
    });
    const xml = buildFatturaPa(invoice);
    await expectValid(xml);
    const name = values(xml, 'Denominazione')[1]!;
    expect(name).toHaveLength(80);
    expect(name.startsWith('Lódz Records & "Friends" <Dvorák> xxx')).toBe(true);
    expect(xml).toContain('Lódz Records &amp; &quot;Friends&quot; &lt;Dvorák&gt;');
    expect(values(xml, 'Denominazione')[0]).toBe('Discoteca Esempio S.r.l. EUR');
    const street = values(xml, 'Indirizzo')[1]!;
    expect(street).toHaveLength(60);
    expect(street.startsWith("Via dell'Artigianato, 12 - Zona Industriale Nord")).toBe(true);
    const causale = values(xml, 'Causale');
    expect(causale.map((c) => c.length)).toEqual([200, 193]);
    expect(causale.join('')).toBe(`Ordine 100042 - consegna al piano ${'Nota lunga. '.repeat(30)}`.trim());
  });
});

describe('FatturaPA schema validation', () => {
  it('returns libxml2’s reasons for a file that does not validate', async () => {
    const xml = buildFatturaPa(
      input(italianCompany, [goods({ sku: 'CD-001', quantity: 1, price: 1000, vat: 220 })]),
    );
    const invalid = xml.replace('<CodiceDestinatario>M5UXCR1<', '<CodiceDestinatario>ABC<');
    const errors = await validateFatturaPa(invalid);
    expect(errors).toEqual([
      expect.stringMatching(
        /^Line \d+: Element 'CodiceDestinatario': \[facet 'pattern'\] The value 'ABC' is not accepted by the pattern '\[A-Z0-9\]\{6,7\}'\.$/,
      ),
    ]);
  });

  it('refuses a default namespace on the root and says so', async () => {
    const xml = buildFatturaPa(
      input(italianCompany, [goods({ sku: 'CD-001', quantity: 1, price: 1000, vat: 220 })]),
    );
    const errors = await validateFatturaPa(xml.replace('versione="FPR12"', 'versione="FPR12" xmlns="urn:x"'));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^Line \d+: Element '\{urn:x\}FatturaElettronicaHeader'/);
  });

  it('reports a file that is not XML', async () => {
    expect(await validateFatturaPa('<p:FatturaElettronica')).toEqual([
      'Line 1: Namespace prefix p on FatturaElettronica is not defined',
      "Line 1: Couldn't find end of Start Tag FatturaElettronica line 1",
    ]);
  });

  it('refuses to build a document whose rows do not add up to its totals', () => {
    const rows = [goods({ sku: 'CD-001', quantity: 1, price: 1000, vat: 220 })];
    expect(() => buildFatturaPa(input(italianCompany, rows, { document: { vat: 221 } }))).toThrow(
      'Document 2026/42: its rows add up to 10.00 + VAT 2.20, not 10.00 + VAT 2.21',
    );
  });
});
