import { COUPON_KINDS, couponMessages, MAX_FIXED_COUPON, messages } from '@shop/domain';
import { coupons } from '../../../db/schema';
import * as cell from '../cells';
import type { CellProblem, ImportResource, ImportRow } from '../import-resource';

/**
 * Coupons (issue 20 point 5) by code. `value` is written like the other rates and money of a sheet:
 * 10 is 10% for a percent and €10.00 for a fixed amount (both stored ×100). The customers and groups a
 * coupon is restricted to are not in the file: staff set them on the coupon's page.
 */

/** The API's rules across cells: a percent up to 100%, a fixed amount up to the API's ceiling, until ≥ from. */
function checkCoupon(row: ImportRow, _context: unknown, isNew: boolean): CellProblem[] {
  const problems: CellProblem[] = [];
  const kind = row.kind ?? (isNew ? 'percent' : null);
  const value = row.value as number | null;
  if (value !== null && kind === 'percent' && value > 10_000)
    problems.push({ column: 'value', message: couponMessages.percentOver100 });
  if (value !== null && kind === 'fixed' && value > MAX_FIXED_COUPON)
    problems.push({ column: 'value', message: messages.invalidValue });
  const from = row.valid_from as string | null;
  const until = row.valid_until as string | null;
  if (from && until && until < from)
    problems.push({ column: 'valid_until', message: couponMessages.untilBeforeFrom });
  return problems;
}

export const couponsResource: ImportResource = {
  name: 'coupons',
  table: coupons,
  columns: [
    { header: 'code', description: 'Coupon code', cell: cell.couponCode(), to: 'code', key: true },
    {
      header: 'kind',
      description: 'percent or fixed (percent when empty)',
      cell: cell.oneOf(COUPON_KINDS),
      to: 'kind',
    },
    {
      header: 'value',
      description: 'Percent off (10 = 10%), or euros off for a fixed amount',
      cell: cell.money({ positive: true }),
      to: 'value',
      requiredForNew: true,
      format: cell.format.money,
    },
    { header: 'valid_from', description: 'First day (YYYY-MM-DD)', cell: cell.date(), to: 'validFrom' },
    { header: 'valid_until', description: 'Last day (YYYY-MM-DD)', cell: cell.date(), to: 'validUntil' },
    {
      header: 'min_order',
      description: 'Minimum order, net euros',
      cell: cell.money(),
      to: 'minOrder',
      format: cell.format.money,
    },
    {
      header: 'usage_limit',
      description: 'Orders in all',
      cell: cell.int({ positive: true, max: 1_000_000 }),
      to: 'usageLimit',
    },
    {
      header: 'per_customer_limit',
      description: 'Orders per customer',
      cell: cell.int({ positive: true, max: 1_000_000 }),
      to: 'perCustomerLimit',
    },
  ],
  check: checkCoupon,
  exportSearch: ['code'],
};
