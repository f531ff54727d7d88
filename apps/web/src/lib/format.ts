import { type Language, SHOP_TIME_ZONE } from '@shop/domain';

const NUMBER_LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB' };

const moneyFormats = new Map<Language, Intl.NumberFormat>();

/** SPEC §9: EUR with 2 decimals. Amounts are integer cents (DESIGN §4). */
export function formatMoney(cents: number, lng: Language): string {
  let format = moneyFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[lng], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(lng, format);
  }
  return format.format(cents / 100);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Year, month and day of a date-only string as written, or of an instant in the shop's zone. */
function ymd(value: string | Date): [string, string, string] | undefined {
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value);
    if (match) return [match[1]!, match[2]!, match[3]!];
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return undefined;
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((part) => [part.type, part.value]));
  return [parts.year ?? '', parts.month ?? '', parts.day ?? ''];
}

/**
 * SPEC §9 numeric dates: dd/MM/yyyy in Italian, yyyy-MM-dd in English. Date-only strings are shown as
 * written; instants in the shop's time zone (Europe/Rome). An unreadable value gives ''.
 */
export function formatDate(value: string | Date | null | undefined, lng: Language): string {
  if (value === null || value === undefined || value === '') return '';
  const parts = ymd(value);
  if (!parts) return '';
  const [year, month, day] = parts;
  return lng === 'it' ? `${day}/${month}/${year}` : `${year}-${month}-${day}`;
}

/** An instant as the date of SPEC §9 and the time in the shop's zone. */
export function formatDateTime(iso: string, lng: Language): string {
  const time = new Intl.DateTimeFormat(lng === 'it' ? 'it-IT' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  }).format(new Date(iso));
  return `${formatDate(iso, lng)} ${time}`;
}

const monthFormats = new Map<Language, Intl.DateTimeFormat>();

/** A calendar month 'YYYY-MM' as 'dic 2025' / 'Dec 2025'; anything else is returned as given. */
export function formatMonth(month: string, lng: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  let format = monthFormats.get(lng);
  if (!format) {
    format = new Intl.DateTimeFormat(NUMBER_LOCALES[lng], {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    monthFormats.set(lng, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
