import PDFDocument from 'pdfkit';
import {
  couponSummary,
  formatDocumentDate,
  formatInteger,
  formatMoney,
  formatRate,
  printedRow,
  vatSummary,
} from './document-format';
import { DOCUMENT_LABELS, type DocumentLabels } from './document-labels';
import { type DocumentPdfData, type DocumentPdfRow, printableData } from './document-pdf-data';

// A4 in points, with the standard Helvetica fonts every PDF reader has (no font files to ship).
const MARGIN = 40;
const PAGE_HEIGHT = 841.89;
const WIDTH = 595.28 - 2 * MARGIN;
/** Content stops here; the page number sits below. */
const BOTTOM = PAGE_HEIGHT - MARGIN - 20;
const PAD = 4;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const SIZE = 9;

type Doc = PDFKit.PDFDocument;
type Column = {
  label: string;
  width: number;
  align: 'left' | 'right';
  value: (row: DocumentPdfRow) => string;
};

/**
 * Invoices and credit notes show prices, net or VAT-inclusive as the customer sees them (see
 * printedRow); a delivery note lists what was shipped, quantities only.
 */
function columnsOf(data: DocumentPdfData, l: DocumentLabels): Column[] {
  const lng = data.language;
  const sku: Column = { label: l.sku, width: 105, align: 'left', value: (r) => r.sku };
  const description: Column = {
    label: l.description,
    width: 145,
    align: 'left',
    value: (r) => r.description,
  };
  const quantity: Column = {
    label: l.quantity,
    width: 50,
    align: 'right',
    value: (r) => formatInteger(r.quantity, lng),
  };
  if (data.type === 'delivery_note') {
    return [
      { ...sku, width: 110 },
      { ...description, width: WIDTH - 110 - 70 },
      { ...quantity, width: 70 },
    ];
  }
  return [
    sku,
    description,
    quantity,
    {
      label: l.unitPrice,
      width: 85,
      align: 'right',
      value: (r) => formatMoney(printedRow(r, data.display).price, lng),
    },
    { label: l.vatRate, width: 40, align: 'right', value: (r) => formatRate(r.vatRate, lng) },
    {
      label: l.amount,
      width: WIDTH - 425,
      align: 'right',
      value: (r) => formatMoney(printedRow(r, data.display).amount, lng),
    },
  ];
}

/** Left: the shop, who issues the document. Right: what the document is. Returns the y below both. */
function drawHeader(doc: Doc, data: DocumentPdfData, l: DocumentLabels): number {
  const left = { x: MARGIN, width: 280 };
  doc.font(BOLD).fontSize(13).text(data.shop.name, left.x, MARGIN, { width: left.width });
  doc.font(FONT).fontSize(SIZE);
  for (const line of [
    data.shop.address,
    `${l.vatId}: ${data.shop.vatId}`,
    `${l.email}: ${data.shop.email}`,
    `${l.phone}: ${data.shop.phone}`,
  ]) {
    doc.text(line, left.x, doc.y, { width: left.width });
  }
  const leftBottom = doc.y;

  const right = { x: MARGIN + 300, width: WIDTH - 300 };
  doc
    .font(BOLD)
    .fontSize(16)
    .text(l.title[data.type], right.x, MARGIN, { width: right.width, align: 'right' });
  doc.font(FONT).fontSize(10);
  const facts = [`${l.number}: ${data.number}`, `${l.date}: ${formatDocumentDate(data.date)}`];
  if (data.orderNo) facts.push(`${l.order}: ${data.orderNo}`);
  if (data.orderedBy) facts.push(`${l.orderedBy} ${data.orderedBy}`);
  if (data.approvedBy) facts.push(`${l.approvedBy} ${data.approvedBy}`);
  for (const fact of facts) doc.text(fact, right.x, doc.y + 2, { width: right.width, align: 'right' });
  return Math.max(leftBottom, doc.y) + 20;
}

/** The customer the document is made out to, in a box. Returns the y below it. */
function drawCustomer(doc: Doc, data: DocumentPdfData, l: DocumentLabels, top: number): number {
  const x = MARGIN + PAD * 2;
  const width = 300;
  doc
    .font(BOLD)
    .fontSize(8)
    .fillColor('#555555')
    .text(l.billTo.toUpperCase(), x, top + PAD * 2, { width });
  doc
    .fillColor('black')
    .fontSize(10)
    .text(data.customer.name, x, doc.y + 2, { width });
  doc.font(FONT).fontSize(SIZE);
  const lines = [...data.customer.address];
  if (data.customer.vatId) lines.push(`${l.vatId}: ${data.customer.vatId}`);
  if (data.customer.taxNumber) lines.push(`${l.taxNumber}: ${data.customer.taxNumber}`);
  for (const line of lines) doc.text(line, x, doc.y, { width });
  const bottom = doc.y + PAD * 2;
  doc
    .lineWidth(0.5)
    .strokeColor('#999999')
    .rect(MARGIN, top, width + PAD * 4, bottom - top)
    .stroke();
  return bottom + 20;
}

/** How tall a line of cells is in the current font: its tallest (wrapped) cell and the padding. */
function rowHeight(doc: Doc, columns: Column[], texts: string[]): number {
  const heights = texts.map((text, i) => doc.heightOfString(text, { width: columns[i]!.width - 2 * PAD }));
  return Math.max(...heights) + 2 * PAD;
}

/** One line of cells; the row is as tall as its tallest (wrapped) cell. Returns the y below it. */
function drawCells(doc: Doc, columns: Column[], texts: string[], top: number, fill?: string): number {
  const height = rowHeight(doc, columns, texts);
  if (fill) doc.rect(MARGIN, top, WIDTH, height).fill(fill).fillColor('black');
  let x = MARGIN;
  texts.forEach((text, i) => {
    const column = columns[i]!;
    doc.text(text, x + PAD, top + PAD, { width: column.width - 2 * PAD, align: column.align });
    x += column.width;
  });
  doc
    .lineWidth(0.5)
    .strokeColor('#cccccc')
    .moveTo(MARGIN, top + height)
    .lineTo(MARGIN + WIDTH, top + height)
    .stroke();
  return top + height;
}

function drawTableHeader(doc: Doc, columns: Column[], top: number): number {
  doc.font(BOLD).fontSize(SIZE);
  const y = drawCells(
    doc,
    columns,
    columns.map((c) => c.label),
    top,
    '#eeeeee',
  );
  doc.font(FONT).fontSize(SIZE);
  return y;
}

/**
 * The rows, under whether their prices include VAT when they have prices, continuing on new pages
 * (with the column titles again) as needed. Returns the y below them.
 */
function drawRows(doc: Doc, data: DocumentPdfData, l: DocumentLabels, top: number): number {
  const columns = columnsOf(data, l);
  let y = top;
  if (data.type !== 'delivery_note') {
    doc.font(FONT).fontSize(8).text(l.prices[data.display], MARGIN, y, { width: WIDTH });
    y = doc.y + PAD;
  }
  y = drawTableHeader(doc, columns, y);
  for (const row of data.rows) {
    const texts = columns.map((c) => c.value(row));
    if (y + rowHeight(doc, columns, texts) > BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, columns, MARGIN);
    }
    y = drawCells(doc, columns, texts, y);
  }
  return y + 16;
}

/** Starts a new page when `height` does not fit below `y`. Returns where to draw. */
function roomFor(doc: Doc, y: number, height: number): number {
  if (y + height <= BOTTOM) return y;
  doc.addPage();
  return MARGIN;
}

function drawQuantityTotal(doc: Doc, data: DocumentPdfData, l: DocumentLabels, top: number): void {
  const y = roomFor(doc, top, 20);
  const pieces = data.rows.reduce((sum, r) => sum + r.quantity, 0);
  doc.font(BOLD).fontSize(10);
  doc.text(l.totalQuantity, MARGIN + WIDTH - 260, y, { width: 160, align: 'right' });
  doc.text(formatInteger(pieces, data.language), MARGIN + WIDTH - 100, y, { width: 100, align: 'right' });
}

const VALUE_X = MARGIN + WIDTH - 100;

/**
 * Under the rows of a coupon order: the subtotal at prices before the coupon, then the coupon's line
 * with its amount, across the page's width (a code may be long). Returns the y below them.
 */
function drawCoupon(doc: Doc, data: DocumentPdfData, l: DocumentLabels, top: number): number {
  if (!data.coupon) return top;
  const lng = data.language;
  const { subtotal, coupon } = couponSummary(data.rows, data.display, vatSummary(data.rows));
  let y = roomFor(doc, top, 40);
  doc.font(FONT).fontSize(10);
  for (const [label, cents] of [
    [l.subtotal, subtotal],
    [
      l.coupon(data.coupon.code, data.coupon.rate === null ? null : formatRate(data.coupon.rate, lng)),
      coupon,
    ],
  ] as const) {
    doc.text(label, MARGIN, y, { width: VALUE_X - MARGIN - 10, align: 'right' });
    doc.text(formatMoney(cents, lng), VALUE_X, y, { width: 100, align: 'right' });
    y = doc.y + 4;
  }
  return y + 12;
}

/** Left: the VAT summary by rate. Right: taxable, VAT and the document's total. Returns the y below. */
function drawTotals(doc: Doc, data: DocumentPdfData, l: DocumentLabels, top: number): number {
  const lng = data.language;
  const totals = vatSummary(data.rows);
  const y = roomFor(doc, top, 40 + 16 * Math.max(totals.lines.length, 3));
  const widths = [70, 90, 90];
  /** One line of the summary table, right-aligned in its columns. */
  const summaryLine = (cells: string[], top: number) => {
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.text(cell, x, top, { width: widths[i]!, align: 'right' });
      x += widths[i]!;
    });
  };
  doc.font(BOLD).fontSize(10).text(l.vatSummary, MARGIN, y);
  doc.font(BOLD).fontSize(SIZE);
  summaryLine([l.rate, l.taxable, l.vat], doc.y + 4);
  doc.font(FONT);
  for (const line of totals.lines) {
    summaryLine(
      [formatRate(line.rate, lng), formatMoney(line.taxable, lng), formatMoney(line.vat, lng)],
      doc.y + 2,
    );
  }
  const summaryBottom = doc.y;

  const labelX = MARGIN + WIDTH - 250;
  let totalY = y;
  const figures: [string, number, boolean][] = [
    [l.totalTaxable, totals.taxable, false],
    [l.totalVat, totals.vat, false],
    [l.total, totals.total, true],
  ];
  for (const [label, cents, strong] of figures) {
    doc.font(strong ? BOLD : FONT).fontSize(strong ? 11 : 10);
    doc.text(label, labelX, totalY, { width: 140, align: 'right' });
    doc.text(formatMoney(cents, lng), VALUE_X, totalY, { width: 100, align: 'right' });
    totalY = doc.y + 4;
  }
  return Math.max(summaryBottom, totalY) + 16;
}

/** Under an invoice's totals: its payment terms by name, then each due date with its amount. */
function drawPayment(doc: Doc, data: DocumentPdfData, l: DocumentLabels, top: number): void {
  if (!data.payment) return;
  const lng = data.language;
  let y = roomFor(doc, top, 30 + 14 * data.payment.dueDates.length);
  doc.font(FONT).fontSize(10);
  if (data.payment.termsName) {
    doc.text(`${l.paymentTerms}: ${data.payment.termsName}`, MARGIN, y, { width: WIDTH });
    y = doc.y + 4;
  }
  doc.font(BOLD).text(l.dueDates, MARGIN, y);
  doc.font(FONT);
  for (const due of data.payment.dueDates) {
    const line = doc.y + 2;
    doc.text(formatDocumentDate(due.dueDate), MARGIN, line, { width: 90 });
    doc.text(formatMoney(due.amount, lng), MARGIN + 90, line, { width: 100, align: 'right' });
  }
}

function drawPageNumbers(doc: Doc, l: DocumentLabels): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // Writing below the bottom margin would otherwise start another page.
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor('#555555')
      .text(l.page(i + 1, count), MARGIN, PAGE_HEIGHT - MARGIN - 10, { width: WIDTH, align: 'center' });
  }
}

/**
 * Renders a document to a PDF stream (DESIGN §6 rule 15): header with the shop and the document's
 * number and date, the customer, the rows, and for invoices and credit notes the coupon when the order
 * had one, the VAT summary and the totals; for invoices the payment terms and due dates.
 * The stream is ended; pipe it to the response.
 */
export function renderDocumentPdf(input: DocumentPdfData): Doc {
  const data = printableData(input);
  const l = DOCUMENT_LABELS[data.language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${l.title[data.type]} ${data.number}`, Author: data.shop.name },
  });
  const afterHeader = drawHeader(doc, data, l);
  const afterCustomer = drawCustomer(doc, data, l, afterHeader);
  const afterRows = drawRows(doc, data, l, afterCustomer);
  if (data.type === 'delivery_note') drawQuantityTotal(doc, data, l, afterRows);
  else drawPayment(doc, data, l, drawTotals(doc, data, l, drawCoupon(doc, data, l, afterRows)));
  drawPageNumbers(doc, l);
  doc.end();
  return doc;
}
