/**
 * The SPEC §5 and §8 messages the web app needs before its first paint (validation defaults and the
 * global response handling). Kept apart from `messages`, which spreads them, so the storefront's first
 * JavaScript carries these few strings and not the whole catalogue of messages (issue 22).
 */
export const coreMessages = {
  invalidLength: 'Invalid length',
  invalidValue: 'Invalid value',
  invalidEmail: 'Invalid email',
  required: 'Required',
  notFound: 'Not Found',
  serverError: 'Something has gone wrong with the server.',
  contactError: 'Error contacting the server. Try to login again.',
} as const;

/** A `{singular|plural}` choice in a message template, made by its `:count`. */
export const PLURAL_CHOICE = /\{([^{}|]*)\|([^{}|]*)\}/g;
