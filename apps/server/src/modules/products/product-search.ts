/**
 * The search box of the product list (DESIGN §4): the words of `q` become a prefix tsquery, and a
 * code-like `q` (an SKU, EAN/ISBN/UPC or catalogue number) also matches codes one typo away. Pure
 * functions: user text never reaches SQL except as a bound parameter made of letters and digits.
 */

/** Words beyond this are ignored: they would only narrow the result further. */
const MAX_TERMS = 8;

export type CodeSearch = {
  /** The code compacted and upper-cased, as `products.search_codes` holds it. */
  exact: string;
  /** Every string at Damerau-Levenshtein distance 1 from `exact` over its alphabet. */
  near: string[];
};

export type SearchPlan = {
  /** A `to_tsquery('simple', …)` text: quoted alphanumeric terms joined by &, the last one a prefix. */
  tsquery: string;
  code: CodeSearch | null;
};

/**
 * Splits `q` into letters-and-digits terms (every tsquery metacharacter, quote, backslash or regex
 * symbol is a separator), keeps the first eight, and matches the last one as a prefix when it has at
 * least two characters. Returns null when nothing searchable is left (then `q` filters nothing).
 */
export function planSearch(q: string | undefined): SearchPlan | null {
  if (!q) return null;
  const text = q.normalize('NFKC');
  const terms = searchWords(text);
  if (terms.length === 0) return null;
  const last = terms.length - 1;
  const tsquery = terms
    .map((term, i) => (i === last && term.length >= 2 ? `'${term}':*` : `'${term}'`))
    .join(' & ');
  return { tsquery, code: codeSearch(text) };
}

/** The words `q` searches: its runs of letters and digits, the first eight. */
export function searchWords(q: string): string[] {
  return (q.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

const DIGITS = '0123456789';
const ALPHANUMERIC = `ABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}`;

/**
 * A `q` that looks like a code: only letters, digits and the separators codes are written with
 * (space - . /), at most three words, 5–20 characters once compacted, at least two of them digits.
 */
export function codeSearch(q: string): CodeSearch | null {
  if (!/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(q.trim()) || q.trim().split(/\s+/).length > 3) return null;
  const exact = q.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (exact.length < 5 || exact.length > 20 || (exact.match(/\d/g) ?? []).length < 2) return null;
  return { exact, near: oneEditAway(exact, /^\d+$/.test(exact) ? DIGITS : ALPHANUMERIC) };
}

/** Every string one substitution, insertion, deletion or adjacent transposition away from `code`. */
export function oneEditAway(code: string, alphabet: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= code.length; i++) {
    const head = code.slice(0, i);
    const tail = code.slice(i);
    for (const ch of alphabet) out.add(head + ch + tail); // insertion
    if (i < code.length) {
      out.add(head + tail.slice(1)); // deletion
      for (const ch of alphabet) out.add(head + ch + tail.slice(1)); // substitution
      if (i < code.length - 1) out.add(head + tail[1] + tail[0] + tail.slice(2)); // transposition
    }
  }
  out.delete(code);
  return [...out];
}
