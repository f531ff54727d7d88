import type { Language } from '@shop/domain';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';

/** Formatting shared by the order detail's sections. */

/** Basis points as a percentage: 2200 → '22 %', 1250 → '12,5 %'. */
export function formatRate(basisPoints: number, lng: Language): string {
  return `${(basisPoints / 100).toLocaleString(lng === 'it' ? 'it-IT' : 'en-GB')} %`;
}

/** What a refused action says, translated: the field's message of a 422, else the server's message. */
export function refusalOf(error: unknown, field?: string): string {
  if (!(error instanceof ApiError)) return translateMessage('Something has gone wrong with the server.');
  const onField = field ? error.errors[field]?.[0] : undefined;
  const first = Object.values(error.errors)[0]?.[0];
  return translateMessage(onField ?? first ?? error.message);
}
