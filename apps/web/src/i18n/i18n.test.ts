import { eInvoiceMessages, listMessages, messages, returnMessages, tooManyLinesMessage } from '@shop/domain';
import { afterEach, describe, expect, it } from 'vitest';
import accountEn from './account.en.json';
import accountIt from './account.it.json';
import boEn from './backoffice.en.json';
import boIt from './backoffice.it.json';
import en from './en.json';
import i18n from './index';
import itJson from './it.json';
import returnsEn from './returns.en.json';
import returnsIt from './returns.it.json';
import serverEn from './server.en.json';
import serverIt from './server.it.json';
import { translateMessage } from './translate-message';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  afterEach(async () => {
    await i18n.changeLanguage('it');
  });

  it('has exactly the same keys in Italian and English', () => {
    const itKeys = keysOf(itJson).sort();
    const enKeys = keysOf(en).sort();
    expect(itKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !itKeys.includes(key))).toEqual([]);
    expect(itKeys.length).toBeGreaterThan(100);
  });

  it('has the same back-office keys in Italian and English, none of them in the first bundle', () => {
    const itKeys = keysOf(boIt).sort();
    expect(keysOf(boEn).sort()).toEqual(itKeys);
    expect(itKeys.length).toBeGreaterThan(100);
    expect('bo' in itJson || 'bo' in en).toBe(false);
  });

  it('has the same returns keys in Italian and English, none of them in the first bundle', async () => {
    expect(keysOf(returnsEn).sort()).toEqual(keysOf(returnsIt).sort());
    expect('returns' in itJson || 'returns' in en).toBe(false);
    expect(i18n.t('returns.dialog.submit')).toBe(returnsIt.returns.dialog.submit);
    await i18n.changeLanguage('en');
    expect(i18n.t('returns.dialog.submit')).toBe(returnsEn.returns.dialog.submit);
  });

  it('has the same customer-area keys in Italian and English, none of them in the first bundle', async () => {
    expect(keysOf(accountEn).sort()).toEqual(keysOf(accountIt).sort());
    const groups = Object.keys(accountIt);
    expect(groups).toContain('myOrders');
    expect(groups.filter((group) => group in itJson || group in en)).toEqual([]);
    expect(i18n.t('myOrders.back')).toBe(accountIt.myOrders.back);
    await i18n.changeLanguage('en');
    expect(i18n.t('myOrders.back')).toBe(accountEn.myOrders.back);
  });

  it('finds the back-office strings from the default namespace once they are loaded', async () => {
    expect(i18n.t('bo.edit')).toBe(boIt.bo.edit);
    await i18n.changeLanguage('en');
    expect(i18n.t('bo.edit')).toBe(boEn.bo.edit);
  });

  it('leaves no translation empty', () => {
    const empty = (json: object) =>
      keysOf(json).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], json);
        return typeof value !== 'string' || value.trim() === '';
      });
    expect(empty(itJson)).toEqual([]);
    expect(empty(en)).toEqual([]);
    expect(empty(boIt)).toEqual([]);
    expect(empty(boEn)).toEqual([]);
    expect(empty(returnsIt)).toEqual([]);
    expect(empty(returnsEn)).toEqual([]);
    expect(empty(accountIt)).toEqual([]);
    expect(empty(accountEn)).toEqual([]);
    // server keys contain dots: their values are checked directly
    expect(Object.values(serverIt).filter((value) => !value.trim())).toEqual([]);
    expect(Object.values(serverEn).filter((value) => !value.trim())).toEqual([]);
  });

  it('keys the server messages by the English text, which is also its English translation', () => {
    expect(Object.keys(serverEn).sort()).toEqual(Object.keys(serverIt).sort());
    for (const [key, value] of Object.entries(serverEn)) expect(value).toBe(key);
  });

  it('translates every shared domain message into Italian', () => {
    const all = [
      ...Object.values(messages),
      ...Object.values(eInvoiceMessages),
      ...Object.values(returnMessages),
      ...Object.values(listMessages).filter((m) => !m.includes(':max')),
      tooManyLinesMessage(),
    ];
    const missing = all.filter((text) => !(text in serverIt));
    expect(missing).toEqual([]);
  });

  it('reads the SPEC 404 texts exactly in English', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('notFound.code')).toBe('Error 404');
    expect(i18n.t('notFound.title')).toBe('Page not found');
    expect(i18n.t('errors.reload')).toBe('There was an error. Please reload the page');
  });
});

describe('translateMessage', () => {
  it('translates a server message by its English text', () => {
    expect(translateMessage('These credentials do not match our records.', 'it')).toBe(
      'Queste credenziali non corrispondono ai nostri archivi.',
    );
    expect(translateMessage('These credentials do not match our records.', 'en')).toBe(
      'These credentials do not match our records.',
    );
  });

  it('fills the placeholders of a templated message', () => {
    const text = 'Too many login attempts. Please try again in 57 seconds.';
    expect(translateMessage(text, 'it')).toBe('Troppi tentativi di accesso. Riprova tra 57 secondi.');
    expect(translateMessage(text, 'en')).toBe(text);
  });

  it('names the order statuses a templated message carries by their labels', () => {
    const text = 'The order cannot go from registered to cancelled.';
    expect(translateMessage(text, 'it')).toBe("L'ordine non può passare da Registrato a Annullato.");
    expect(translateMessage(text, 'en')).toBe('The order cannot go from Registered to Cancelled.');
  });

  it('chooses the singular or plural form of a counted message by the language (issue 22)', () => {
    const one = 'The order still has 1 unit to ship: it cannot be marked shipped.';
    const two = 'The order still has 2 units to ship: it cannot be marked shipped.';
    expect(translateMessage(one, 'it')).toBe(
      "L'ordine ha ancora 1 pezzo da spedire: non può essere segnato come spedito.",
    );
    expect(translateMessage(two, 'it')).toBe(
      "L'ordine ha ancora 2 pezzi da spedire: non può essere segnato come spedito.",
    );
    expect(translateMessage(one, 'en')).toBe(one);
    expect(translateMessage(two, 'en')).toBe(two);
  });

  it("writes a number the server wrote in English in the language's own way", () => {
    // Italian groups from five digits (CLDR): '1000', '10.000'.
    const text = 'The file has more than 1,000 lines.';
    expect(translateMessage(text, 'it')).toBe('Il file ha più di 1000 righe.');
    expect(translateMessage('The file has more than 10,000 lines.', 'it')).toBe(
      'Il file ha più di 10.000 righe.',
    );
    expect(translateMessage(text, 'en')).toBe(text);
  });

  it('returns an unknown message unchanged', () => {
    expect(translateMessage('Something nobody wrote down.', 'it')).toBe('Something nobody wrote down.');
  });

  it('follows the current language and records it on <html lang> and in localStorage', async () => {
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(translateMessage('Not Found')).toBe('Not Found');
    await i18n.changeLanguage('it');
    expect(document.documentElement.lang).toBe('it');
    expect(translateMessage('Not Found')).toBe('Non trovato');
  });
});
