import type { Language } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n';

/** The current language; components using it re-render when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'it';
}
