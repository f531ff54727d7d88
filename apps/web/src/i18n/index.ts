import { LANGUAGES, type Language } from '@shop/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import it from './it.json';

export const LANGUAGE_STORAGE_KEY = 'lang';
export const DEFAULT_LANGUAGE: Language = 'it';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(lng: string): void {
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage may be unavailable (private mode): the choice lasts for the session only
  }
}

const { server: itServer, ...itTranslation } = it;
const { server: enServer, ...enTranslation } = en;

/**
 * Italian by default, English as fallback (SPEC §9). The `server` section of each JSON file is its own
 * namespace, keyed by the English text the server or the domain schemas send (see translate-message.ts).
 */
void i18n.use(initReactI18next).init({
  resources: {
    it: { translation: itTranslation, server: itServer },
    en: { translation: enTranslation, server: enServer },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: ['translation', 'server'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', applyLanguage);

/** The current language, narrowed to the shop's languages. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export default i18n;
