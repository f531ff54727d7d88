/**
 * The list index's words (list-index.store.ts): which lexemes of a product it keeps, and the table
 * they are gathered in while a build reads the catalogue.
 */

/** A typed array at least `size` long (grown by half again), its values kept. */
export function grow<T extends Int32Array | Uint8Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, Math.ceil(array.length * 1.5)));
  next.set(array);
  return next;
}

/** Marks a code's stem: never equal to a word, and a prefix of a word only where the code is. */
const STEM = '\u0001';
const DIGIT = /\p{N}/u;

/**
 * The lexemes the index keeps for a product. Words as they are; a lexeme with a digit (a code: SKU,
 * EAN, catalogue number, one per product, millions in all) only as its stem, the part before its first
 * digit: the index answers searches of words without digits (others go to SQL), and such a word is a
 * prefix of the code exactly when it is a prefix of the stem.
 */
export function indexedLexemes(lexemes: string[]): string[] {
  const out = new Set<string>();
  for (const lexeme of lexemes) {
    const digit = lexeme.search(DIGIT);
    if (digit < 0) out.add(lexeme);
    else if (digit > 0) out.add(lexeme.slice(0, digit) + STEM);
  }
  return [...out];
}

/** Whether the index can answer a search term (words with a digit are codes: SQL). */
export const isIndexedTerm = (lexeme: string) => !DIGIT.test(lexeme);

/** Slots' lexemes while a build reads them: each distinct word once, each slot's as word numbers. */
export class WordTable {
  readonly ids = new Map<string, number>();
  readonly words: string[] = [];
  starts = new Int32Array(1024);
  lexemes = new Int32Array(8192);
  length = 0;
  private slots = 0;

  /** Slots come in order 0, 1, 2… */
  add(slot: number, lexemes: string[]) {
    this.starts = grow(this.starts, slot + 2);
    this.lexemes = grow(this.lexemes, this.length + lexemes.length);
    this.starts[slot] = this.length;
    for (const lexeme of lexemes) {
      let id = this.ids.get(lexeme);
      if (id === undefined) {
        id = this.words.length;
        this.words.push(lexeme);
        this.ids.set(lexeme, id);
      }
      this.lexemes[this.length++] = id;
    }
    this.slots = slot + 1;
    this.starts[this.slots] = this.length;
  }
}
