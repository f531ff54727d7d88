import { PLURAL_CHOICE } from '@shop/domain';
import i18n from 'i18next';

type Table = Record<string, string>;

function table(lng: string): Table | undefined {
  return i18n.getResourceBundle(lng, 'server') as Table | undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A `{singular|plural}` choice of a template (as in the domain's fillMessage), once escaped. */
const ESCAPED_CHOICE = /\\\{((?:[^\\]|\\.)*?)\\\|((?:[^\\]|\\.)*?)\\\}/g;

/**
 * A key such as 'Please try again in :seconds seconds.' matched against the text, with its values;
 * a `{unit|units}` choice matches either form.
 */
function matchTemplate(key: string, text: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = escapeRegExp(key)
    .replace(/:([a-z_]+)/gi, (_, name: string) => {
      names.push(name);
      return '(.+?)';
    })
    .replace(ESCAPED_CHOICE, (_, one: string, other: string) => `(?:${one}|${other})`);
  if (names.length === 0) return undefined;
  const match = new RegExp(`^${pattern}$`).exec(text);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
}

/** A number as the server writes it (English grouping: '10,000'). */
const ENGLISH_NUMBER = /^\d{1,3}(?:,\d{3})+$/;

/**
 * A filled-in value as the language writes it: an order status by its label ('on_ship' → 'In
 * spedizione'), a number the server grouped in English by the language's grouping ('10.000').
 */
function valueLabel(value: string, lng: string): string {
  if (ENGLISH_NUMBER.test(value)) return Number(value.replaceAll(',', '')).toLocaleString(lng);
  const key = `order.status.${value}`;
  return /^[a-z_]+$/.test(value) && i18n.exists(key, { lng }) ? i18n.t(key as never, { lng }) : value;
}

/** Makes each `{singular|plural}` choice by the language's plural rule for `count` ('1 pezzo', '2 pezzi'). */
function choosePlural(text: string, count: number, lng: string): string {
  const one = new Intl.PluralRules(lng).select(count) === 'one';
  return text.replace(PLURAL_CHOICE, (_, singular: string, plural: string) => (one ? singular : plural));
}

function lookup(lng: string, text: string): string | undefined {
  const entries = table(lng);
  if (!entries) return undefined;
  const exact = entries[text];
  if (exact !== undefined) return exact;
  for (const [key, value] of Object.entries(entries)) {
    const values = matchTemplate(key, text);
    if (values) {
      const filled = value.replace(/:([a-z_]+)/gi, (whole, name: string) =>
        values[name] === undefined ? whole : valueLabel(values[name], lng),
      );
      return values.count === undefined
        ? filled
        : choosePlural(filled, Number(values.count.replaceAll(',', '')), lng);
    }
  }
  return undefined;
}

/**
 * Translates an English message from the server or a domain schema through the `server` section of
 * it.json/en.json. Keys may hold `:name` placeholders (as the domain's message templates do). Unknown
 * texts come back unchanged, so the English text is always the default.
 */
export function translateMessage(text: string, lng: string = i18n.resolvedLanguage ?? i18n.language): string {
  return lookup(lng, text) ?? text;
}
