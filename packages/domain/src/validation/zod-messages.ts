import { z } from 'zod';
import { coreMessages as messages } from '../core-messages';

/**
 * SPEC §5 generic messages for every zod schema of the shop: 'Invalid length', 'Invalid value',
 * 'Invalid email'. Server and web call this once at start so forms and API speak the same words.
 */
export function installValidationMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return messages.required;
      if (issue.code === 'too_small' || issue.code === 'too_big') {
        return issue.origin === 'string' || issue.origin === 'array'
          ? messages.invalidLength
          : messages.invalidValue;
      }
      if (issue.code === 'invalid_format' && issue.format === 'email') return messages.invalidEmail;
      if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
      return messages.invalidValue;
    },
  });
}
