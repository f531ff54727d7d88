import { messages } from '@shop/domain';
import { translateMessage } from '../../i18n/translate-message';
import { ApiError } from '../../lib/api-client';

/** The server's reason for refusing a team change, in the current language. */
export function refusalOf(error: unknown): string {
  return translateMessage(error instanceof ApiError ? error.message : messages.serverError);
}
