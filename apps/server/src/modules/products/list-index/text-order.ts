/**
 * Text order of the list index: the code point order PostgreSQL uses under the C and C.UTF-8
 * collations (UTF-8 bytes compare like code points), so an in-memory sort equals ORDER BY.
 */

/** UTF-16 puts surrogates (code points past U+FFFF) below U+E000–U+FFFF; code point order puts them above. */
const codePointRank = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x >= 0xd800 && y >= 0xd800 ? codePointRank(x) - codePointRank(y) : x - y;
  }
  return a.length - b.length;
}

/** Whether the database sorts text by code point: only then do text sorts come from the index. */
export function isCodePointCollation(collation: string): boolean {
  return /^(c|posix|c\.utf-?8|ucs_basic)$/i.test(collation.trim());
}

/**
 * The distinct values in code point order, each mapped to its ordinal. JavaScript's own sort (UTF-16
 * order, native) agrees with code point order unless a value mixes in characters past U+FFFF; those
 * few lists take the exact comparator.
 */
export function ordinals(values: Iterable<string>): Map<string, number> {
  const distinct = [...new Set(values)];
  if (distinct.some((v) => /[\ud800-\udfff]/.test(v))) distinct.sort(compareText);
  else distinct.sort();
  return new Map(distinct.map((v, i) => [v, i]));
}
