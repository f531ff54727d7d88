import {
  clampQuantity,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  messages,
  type QuickOrderReport,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { ValidationError } from '../../lib/errors';
import * as q from './cart.queries';
import { buyerOf, matchesLine, mergeLines, toPricingLine } from './cart-lines';

/**
 * Quick order and reorder (issue 5, item 8): lines of codes and quantities, or a past order's rows,
 * turned into cart lines at today's clamp (SPEC §5), with a report of every line. Prices come later,
 * from the quote.
 */

type Reader = Pick<Ctx, 'db' | 'now'>;

/** One pasted line: the code as typed, the quantity asked (null when absent or not a number). */
export type QuickOrderLine = { line: number; code: string; requested: number | null; valid: boolean };

/** Codes are matched compacted and upper-cased, as products.search_codes holds them. */
export const compactCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Parses "CODE QTY", "CODE;QTY", "CODE,QTY" or tab-separated lines (a spreadsheet paste); a missing
 * quantity is 1, extra columns are ignored, blank lines skipped. A quantity that is not a whole number
 * from 1 to 100,000 makes the line invalid.
 */
export function parseQuickOrderText(text: string): QuickOrderLine[] {
  const parsed: QuickOrderLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const tokens = raw
      .split(/[;,\t]|\s+/)
      .map((t) =>
        t
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter((t) => t !== '');
    if (tokens.length === 0) return;
    const [code = '', quantity] = tokens;
    const requested =
      quantity === undefined ? null : /^[+-]?\d{1,9}$/.test(quantity) ? Number(quantity) : null;
    const quantityOk =
      quantity === undefined || (requested !== null && requested >= 1 && requested <= MAX_LINE_QUANTITY);
    parsed.push({ line: index + 1, code, requested, valid: quantityOk && compactCode(code) !== '' });
  });
  if (parsed.length > MAX_CART_LINES) throw ValidationError.field('text', messages.invalidLength);
  return parsed;
}

type Entry = {
  line: number;
  code: string;
  requested: number | null;
  valid: boolean;
  row: q.CartProductRow | undefined;
};

/** Clamps each found product's quantity as of today and reports added, capped, out of stock or not found. */
function report(entries: Entry[], today: string): QuickOrderReport {
  const lines: QuickOrderReport['lines'] = [];
  const added: { id: number; isVariant: boolean; quantity: number }[] = [];
  const limitsOf = (row: q.CartProductRow, quantity: number) => {
    const l = toPricingLine(row, { id: row.id, isVariant: row.parent_id !== null, quantity }, today);
    return {
      minQuantity: l.minQuantity,
      maxQuantity: l.maxQuantity,
      availableQuantity: l.availableQuantity,
      uncapped: l.isPreorder,
    };
  };
  for (const e of entries) {
    const base = {
      line: e.line,
      code: e.code,
      requested: e.requested,
      sku: e.row?.sku ?? null,
      title: e.row?.description ?? null,
    };
    if (!e.valid) {
      lines.push({ ...base, quantity: 0, status: 'invalid' });
      continue;
    }
    if (!e.row) {
      lines.push({ ...base, quantity: 0, status: 'not_found' });
      continue;
    }
    const wanted = e.requested ?? 1;
    const quantity = clampQuantity(wanted, limitsOf(e.row, wanted));
    const status = quantity === 0 ? 'out_of_stock' : quantity === wanted ? 'added' : 'capped';
    lines.push({ ...base, quantity, status });
    if (quantity > 0) added.push({ id: e.row.id, isVariant: e.row.parent_id !== null, quantity });
  }
  // The same product on several lines is one cart line, clamped as a whole.
  const rows = new Map(entries.flatMap((e) => (e.row ? [[e.row.id, e.row] as const] : [])));
  const products = mergeLines(added).map((l) => ({
    ...l,
    quantity: clampQuantity(l.quantity, limitsOf(rows.get(l.id)!, l.quantity)),
  }));
  return { products, lines };
}

/** Picks the product a code names: a sellable row, the one whose SKU it is first. */
function pick(candidates: (q.CartProductRow & { codes: string[] })[], code: string) {
  const sellable = candidates.filter((r) => r.codes.includes(code) && matchesLine(r, r.parent_id !== null));
  return sellable.find((r) => r.codes[0] === code) ?? sellable[0];
}

/**
 * POST /api/cart/quick-order (pasted lines) and /file (an upload's lines): SKU/EAN13/ISBN/UPC and
 * quantity, into cart lines. The buyer rules are the cart's: an administrator names the customer (422
 * without), a customer only themself (403). Stock is the same for everyone, so the lines do not
 * depend on who buys.
 */
export async function quickOrder(
  ctx: Reader & Pick<Ctx, 'actor'>,
  text: string,
  customerId?: number,
): Promise<QuickOrderReport> {
  buyerOf(ctx.actor, customerId);
  const today = shopDate(ctx.now());
  const parsed = parseQuickOrderText(text);
  const codes = [...new Set(parsed.filter((p) => p.valid).map((p) => compactCode(p.code)))];
  const found = await q.findProductsByCodes(ctx.db, codes, today);
  return report(
    parsed.map((p) => ({ ...p, row: p.valid ? pick(found, compactCode(p.code)) : undefined })),
    today,
  );
}

/** Reorder: rows of a past order (product id, SKU, quantity) back into cart lines at today's clamp. */
export async function cartLinesOf(
  ctx: Reader,
  rows: { productId: number; sku: string; quantity: number }[],
): Promise<QuickOrderReport> {
  const today = shopDate(ctx.now());
  const found = await q.findCartProducts(ctx.db, [...new Set(rows.map((r) => r.productId))], today);
  const byId = new Map(found.map((r) => [r.id, r]));
  return report(
    rows.map((r, i) => {
      const row = byId.get(r.productId);
      const sellable = row && matchesLine(row, row.parent_id !== null) ? row : undefined;
      return { line: i + 1, code: r.sku, requested: r.quantity, valid: true, row: sellable };
    }),
    today,
  );
}
