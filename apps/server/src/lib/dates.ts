/** Business dates (DESIGN §4): calendar days in the shop's zone, Europe/Rome, as YYYY-MM-DD. */

/** The shop's calendar date of an instant (the domain's, shared with the web). */
export { shopDateOf as shopDate } from '@shop/domain';

/** A calendar date plus (or minus) whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A calendar date plus (or minus) whole months; the day is clamped to the target month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}
