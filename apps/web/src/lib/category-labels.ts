import { CATEGORY_CODES, type CategoryCode } from '@shop/domain';
import type { TFunction } from 'i18next';
import i18n from '../i18n';
import type { TranslationKey } from '../i18n/keys';

export function isCategoryCode(value: unknown): value is CategoryCode {
  return typeof value === 'string' && (CATEGORY_CODES as readonly string[]).includes(value);
}

/** A category's name: translated for the five areas, else the server's description, else the code. */
export function categoryLabel(t: TFunction, code: string, description?: string | null): string {
  return isCategoryCode(code) ? t(`categories.${code}`) : description || code;
}

/**
 * A subcategory's name: translated when the shop knows the code (the demo's named listings: 7 pollici,
 * giradischi…), else the server's description, else the code.
 */
export function subcategoryLabel(t: TFunction, code: string, description?: string | null): string {
  const key = `subcategories.${code}`;
  return i18n.exists(key) ? t(key as TranslationKey) : description || code;
}
