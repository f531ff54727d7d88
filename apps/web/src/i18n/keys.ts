import type { ParseKeys } from 'i18next';

/** A key of the default namespace, for props that carry a key rather than a text. */
export type TranslationKey = ParseKeys<'translation'>;
