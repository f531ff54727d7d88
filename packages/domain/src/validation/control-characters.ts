/**
 * The C0 control characters no shop text may hold (issue 15): NUL, which PostgreSQL refuses in text,
 * and the others, which no form or spreadsheet means. Tab, line feed and carriage return stay allowed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what the rule finds
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** True when the text holds a control character other than tab, line feed or carriage return. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
