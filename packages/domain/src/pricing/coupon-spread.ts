/**
 * DESIGN §6 rule 17: a fixed amount spread over weights (the lines' nets, cents) by largest remainder:
 * each share the floor of its exact part, then the cents left over one each to the largest remainders,
 * ties to the earlier line. The amount is capped at Σweights, so no share exceeds its weight: a fixed
 * coupon larger than the order takes the lines' whole net and no more (shipping and fee are never
 * discounted). Integer arithmetic in BigInt: amount × weight may exceed 2^53.
 */
export function spreadAmount(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, w) => sum + w, 0);
  const total = Math.max(0, Math.min(amount, whole));
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const shares = exact.map((e) => Number(e / BigInt(whole)));
  const left = total - shares.reduce((sum, s) => sum + s, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, remainder: e % BigInt(whole) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder.slice(0, left)) shares[i] = (shares[i] ?? 0) + 1;
  return shares;
}

/**
 * DESIGN §6 rule 16: the part of a row's coupon share that its first `units` invoiced units carry,
 * pro rata and floored, the row's last units taking what remains: an invoice of units `from`+1 … `to`
 * carries couponShareOf(to) − couponShareOf(from), so the invoices of a fully shipped row carry its share.
 */
export function couponShareOf(share: number, charged: number, units: number): number {
  if (charged <= 0 || units >= charged) return share;
  return Math.floor((share * Math.max(0, units)) / charged);
}
