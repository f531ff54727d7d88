/** Integer-cent arithmetic (DESIGN §4): rates in basis points, exact fractions, round half up once. */
export const BASIS = 10_000;

/** Rounds numerator/denominator (both positive BigInts) half up to an integer. */
function roundFraction(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** `cents × Π(1 − rate)`, compounding every rate exactly and rounding once at the end (DESIGN §6.2). */
export function applyDiscounts(cents: number, rates: readonly number[]): number {
  let numerator = BigInt(cents);
  let denominator = 1n;
  for (const rate of rates) {
    numerator *= BigInt(BASIS - rate);
    denominator *= BigInt(BASIS);
  }
  return roundFraction(numerator, denominator);
}

/** The single rate equivalent to compounding `rates`, in basis points, rounded half up. */
export function combinedRate(rates: readonly number[]): number {
  return BASIS - applyDiscounts(BASIS, rates);
}

/** `cents × (1 + vat)`, rounded half up to the cent (DESIGN §6.5). */
export function addVat(cents: number, vatRate: number): number {
  return roundFraction(BigInt(cents) * BigInt(BASIS + vatRate), BigInt(BASIS));
}

/** The VAT part of a net amount, rounded half up. */
export function vatOf(cents: number, vatRate: number): number {
  return addVat(cents, vatRate) - cents;
}

/** How much below `list` the `paid` price is, in basis points, rounded half up (0 when list is 0). */
export function rateOff(list: number, paid: number): number {
  if (list <= 0) return 0;
  return roundFraction(BigInt(list - paid) * BigInt(BASIS), BigInt(list));
}
