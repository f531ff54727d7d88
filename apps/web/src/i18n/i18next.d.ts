import 'i18next';
import type backoffice from './backoffice.it.json';
import type it from './it.json';

/** Typed keys: t('a.missing.key') fails the type check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: Omit<typeof it, 'server'> & typeof backoffice;
      server: (typeof it)['server'];
      backoffice: typeof backoffice;
    };
  }
}
