import 'i18next';
import type account from './account.it.json';
import type backoffice from './backoffice.it.json';
import type it from './it.json';
import type returns from './returns.it.json';
import type server from './server.it.json';

/** Typed keys: t('a.missing.key') fails the type check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof it & typeof backoffice & typeof returns & typeof account;
      server: typeof server;
      backoffice: typeof backoffice;
      returns: typeof returns;
      account: typeof account;
    };
  }
}
