import { LANGUAGES, type Language } from '@shop/domain';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

type Bundle = typeof it;

/** Italian, the default, ships in the first JavaScript; English is fetched when first needed. */
const bundles: Record<Language, () => Promise<Bundle>> = {
  it: async () => it,
  en: async () => (await import('./en.json')).default,
};

const SERVER_NS = 'server';

/**
 * The translations of the server's and the schemas' messages are only needed once a form is sent or a
 * request fails, so they load right after the first paint (loadServerMessages), not before it.
 */
const serverBundles: Record<Language, () => Promise<object>> = {
  it: async () => (await import('./server.it.json')).default,
  en: async () => (await import('./server.en.json')).default,
};

const BACKOFFICE_NS = 'backoffice';

/** The back office's strings load with the back office, never with the storefront. */
const backofficeBundles: Record<Language, () => Promise<object>> = {
  it: async () => (await import('./backoffice.it.json')).default,
  en: async () => (await import('./backoffice.en.json')).default,
};

const RETURNS_NS = 'returns';

/**
 * The returns' strings (issue 21) load with the pages that show returns (the customer's order page and
 * the back office), keeping them out of the storefront's first JavaScript.
 */
const returnsBundles: Record<Language, () => Promise<object>> = {
  it: async () => (await import('./returns.it.json')).default,
  en: async () => (await import('./returns.en.json')).default,
};

const ACCOUNT_NS = 'account';

/**
 * The customer area's strings (profile, orders and rows, documents, addresses, coupons, team,
 * approvals, two-factor, sessions) load with the profile pages and the back office, keeping them out of
 * the storefront's first JavaScript (issue 22).
 */
const accountBundles: Record<Language, () => Promise<object>> = {
  it: async () => (await import('./account.it.json')).default,
  en: async () => (await import('./account.en.json')).default,
};

const namespaceBundles: Record<string, Record<Language, () => Promise<object>>> = {
  [BACKOFFICE_NS]: backofficeBundles,
  [SERVER_NS]: serverBundles,
  [RETURNS_NS]: returnsBundles,
  [ACCOUNT_NS]: accountBundles,
};

/** One JSON file per language and namespace: `translation`, `server`, `backoffice`, `returns` and `account`. */
const jsonBundles: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    const fail = (error: Error) => callback(error, false);
    const load = (namespaceBundles[namespace] ?? bundles)[language];
    load().then((strings) => callback(null, strings), fail);
  },
};

/**
 * Loads the back office's strings (in the current language, and again on every language change):
 * the back-office route awaits it before its layout renders. Their keys (`bo.*`) are looked up in the
 * default namespace first and found here through `fallbackNS`.
 */
export function loadBackofficeStrings(): Promise<void> {
  return i18n.loadNamespaces([BACKOFFICE_NS, RETURNS_NS, ACCOUNT_NS]);
}

/** Loads the returns' strings (`returns.*`, found from the default namespace like the back office's). */
export function loadReturnStrings(): Promise<void> {
  return i18n.loadNamespaces(RETURNS_NS);
}

/** Loads the customer area's strings (`profile.*`, `myOrders.*` …, found from the default namespace). */
export function loadAccountStrings(): Promise<void> {
  return i18n.loadNamespaces(ACCOUNT_NS);
}

/** Loads the messages' translations (then again on every language change); main.tsx calls it after the first render. */
export function loadServerMessages(): Promise<void> {
  return i18n.loadNamespaces(SERVER_NS);
}

/**
 * Italian by default (SPEC §9). The `server` namespace (server.it.json, server.en.json) is keyed by
 * the English text the server or the domain schemas send (see translate-message.ts), which is what an
 * unknown message shows: the SPEC's English fallback. Both languages have every key (i18n.test.ts), so no
 * other fallback is loaded and an Italian visitor never downloads the English file.
 * Resolves once the stored language is ready: main.tsx renders after it.
 */
export const languageReady = i18n
  .use(jsonBundles)
  .use(initReactI18next)
  .init({
    resources: { it: { translation: it } },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['translation'],
    defaultNS: 'translation',
    fallbackNS: [BACKOFFICE_NS, RETURNS_NS, ACCOUNT_NS],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', applyLanguage);

/** The current language, narrowed to the shop's languages. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export default i18n;
