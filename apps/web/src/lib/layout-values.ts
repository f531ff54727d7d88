import type { Language, LayoutValue } from '@shop/domain';
import { formatDate } from './format';

const NUMBER_LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB' };

/** A product layout value as text: dates per SPEC §9, measures in mm and g/kg. */
export function formatLayoutValue(value: LayoutValue, lng: Language): string {
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'date':
      return formatDate(value.date, lng) || value.date;
    case 'dimensions': {
      const number = new Intl.NumberFormat(NUMBER_LOCALES[lng]);
      return `${number.format(value.width)} × ${number.format(value.height)} × ${number.format(value.depth)} mm`;
    }
    case 'weight': {
      if (value.grams < 1000) return `${new Intl.NumberFormat(NUMBER_LOCALES[lng]).format(value.grams)} g`;
      const kg = new Intl.NumberFormat(NUMBER_LOCALES[lng], { maximumFractionDigits: 2 });
      return `${kg.format(value.grams / 1000)} kg`;
    }
  }
}
