/**
 * Authors and labels matching what is being typed, in memory (issue 22 point 2): the same rules and
 * order as search.queries.ts's matchNames (prefix, then substring, then pg_trgm's word similarity ≥
 * 0.6 and similarity ≥ 0.3 for typos) over the names the list index holds, so a suggestion costs no
 * statement. Trigrams as pg_trgm makes them: each run of letters and digits lower-cased, padded with
 * two spaces before and one after.
 */

const WORD_SIMILARITY = 0.6;
const SIMILARITY = 0.3;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function trigramsOf(words: string[]): Set<string> {
  const out = new Set<string>();
  for (const word of words) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

function shared(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return n;
}

type Name = { name: string; norm: string; words: string[]; trigrams: Set<string> };

export class NameMatcher {
  private readonly names: Name[];
  /** Trigram → the names having it: only names sharing one with the text are weighed for typos. */
  private readonly byTrigram = new Map<string, number[]>();

  constructor(names: Iterable<string>) {
    // One name per lower-case form, as the vocabulary (search_terms) keeps them; written in capitals
    // only when no other form is.
    const shouting = (name: string) => Number(name === name.toUpperCase());
    const byNorm = new Map<string, string>();
    for (const name of [...names].sort((a, b) => shouting(a) - shouting(b) || (a < b ? -1 : a > b ? 1 : 0))) {
      const norm = name.toLowerCase();
      if (norm !== '' && !byNorm.has(norm)) byNorm.set(norm, name);
    }
    this.names = [...byNorm].map(([norm, name]) => {
      const words = wordsOf(norm);
      return { name, norm, words, trigrams: trigramsOf(words) };
    });
    this.names.forEach((n, i) => {
      for (const t of n.trigrams) {
        const list = this.byTrigram.get(t);
        if (list) list.push(i);
        else this.byTrigram.set(t, [i]);
      }
    });
  }

  /** Up to `limit` names for `text` (lower-case words joined by a space). */
  match(text: string, limit: number): string[] {
    if (text.length < 3) {
      return this.names
        .filter((n) => n.norm.startsWith(text))
        .sort((a, b) => (a.norm < b.norm ? -1 : a.norm > b.norm ? 1 : 0))
        .slice(0, limit)
        .map((n) => n.name);
    }
    const typed = trigramsOf(wordsOf(text));
    const candidates = new Set<number>();
    for (const t of typed) for (const i of this.byTrigram.get(t) ?? []) candidates.add(i);
    this.names.forEach((n, i) => {
      if (n.norm.includes(text)) candidates.add(i);
    });
    const scored = [...candidates].flatMap((i) => {
      const n = this.names[i]!;
      const contains = n.norm.includes(text);
      const word = this.wordSimilarity(typed, n.words);
      const whole =
        typed.size === 0
          ? 0
          : shared(typed, n.trigrams) / (typed.size + n.trigrams.size - shared(typed, n.trigrams));
      if (!contains && word < WORD_SIMILARITY && whole < SIMILARITY) return [];
      return [{ n, starts: n.norm.startsWith(text), contains, word, whole }];
    });
    scored.sort(
      (a, b) =>
        Number(b.starts) - Number(a.starts) ||
        Number(b.contains) - Number(a.contains) ||
        b.word - a.word ||
        b.whole - a.whole ||
        (a.n.norm < b.n.norm ? -1 : a.n.norm > b.n.norm ? 1 : 0),
    );
    return scored.slice(0, limit).map((s) => s.n.name);
  }

  /** The best share of the typed trigrams found in a run of consecutive words of the name. */
  private wordSimilarity(typed: Set<string>, words: string[]): number {
    if (typed.size === 0) return 0;
    let best = 0;
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j <= Math.min(words.length, i + 4); j++) {
        best = Math.max(best, shared(typed, trigramsOf(words.slice(i, j))) / typed.size);
      }
    }
    return best;
  }
}
