import type { CouponKind, Language } from '@shop/domain';
import { formatMoney } from './format';
import { formatRate } from './price-display';

/** A coupon's value as staff and customers read it: '10%' for a percent, '10,00 €' for a fixed amount. */
export function formatCouponValue(coupon: { kind: CouponKind; value: number }, lng: Language): string {
  return coupon.kind === 'fixed' ? formatMoney(coupon.value, lng) : formatRate(coupon.value, lng);
}
