import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import type { Language } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language';

/** SPEC §9 / DESIGN §7: dd/MM/yyyy in Italian, yyyy-MM-dd in English (dayjs tokens). */
export const DATE_FIELD_FORMATS: Record<Language, string> = { it: 'DD/MM/YYYY', en: 'YYYY-MM-DD' };

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const ITALIAN_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A day typed in the language's format (leading zeros optional; yyyy-MM-dd is read in both languages)
 * as YYYY-MM-DD, or null when it is not a real calendar day.
 */
export function parseFieldDate(text: string, lng: Language): string | null {
  const trimmed = text.trim();
  const iso = ISO_DAY.exec(trimmed);
  const italian = lng === 'it' ? ITALIAN_DAY.exec(trimmed) : null;
  const parts = iso ? [iso[1], iso[2], iso[3]] : italian ? [italian[3], italian[2], italian[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'defaultValue'
> & {
  /** YYYY-MM-DD, or '' / null for no day. */
  value: string | null | undefined;
  onChange: (value: string) => void;
};

/**
 * A day field that reads and writes the shop's format in both languages (issue 22: the browser's own
 * date input follows the browser's locale, mm/dd/yyyy in an Italian UI), with a calendar in the page's
 * language. The value stays YYYY-MM-DD, as the API takes it. Loads with the pages that use it.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <DatesProvider settings={{ locale: lng, firstDayOfWeek: 1 }}>
      <DateInput
        valueFormat={DATE_FIELD_FORMATS[lng]}
        dateParser={(text) => parseFieldDate(text, lng)}
        placeholder={t('common.datePlaceholder')}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        {...props}
      />
    </DatesProvider>
  );
}
