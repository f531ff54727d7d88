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

type Name = {
  name: string;
  norm: string;
  /** Its words' trigrams, word by word (a run of words' trigrams is their union). */
  words: Set<string>[];
  trigrams: number;
};

/** Word similarity looks at runs of up to this many consecutive words of a name. */
const RUN = 4;
/** Words past this are not weighed for word similarity (a word's mask is one bit of a 32-bit int). */
const MASKED_WORDS = 31;

export class NameMatcher {
  private readonly names: Name[];
  /** Trigram → the names having it: only names sharing one with the text are weighed. */
  private readonly byTrigram = new Map<string, number[]>();
  /** Per name, how many of the text's trigrams it has (zeroed after each match). */
  private readonly shared: Int32Array;

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
      const words = wordsOf(norm).map((word) => trigramsOf([word]));
      return { name, norm, words, trigrams: trigramsOf(wordsOf(norm)).size };
    });
    this.names.forEach((n, i) => {
      for (const t of new Set(n.words.flatMap((w) => [...w]))) {
        const list = this.byTrigram.get(t);
        if (list) list.push(i);
        else this.byTrigram.set(t, [i]);
      }
    });
    this.shared = new Int32Array(this.names.length);
  }

  /**
   * Up to `limit` names for `text` (lower-case words joined by a space). A name containing the text
   * shares one of its trigrams (its first word's or last word's, padded as the name's are), so the
   * names sharing none are never read.
   */
  match(text: string, limit: number): string[] {
    if (text.length < 3) {
      return this.names
        .filter((n) => n.norm.startsWith(text))
        .sort((a, b) => (a.norm < b.norm ? -1 : a.norm > b.norm ? 1 : 0))
        .slice(0, limit)
        .map((n) => n.name);
    }
    const typed = [...trigramsOf(wordsOf(text))];
    const touched: number[] = [];
    for (const t of typed) {
      for (const i of this.byTrigram.get(t) ?? []) {
        if (this.shared[i] === 0) touched.push(i);
        this.shared[i]!++;
      }
    }
    const scored = touched.flatMap((i) => {
      const n = this.names[i]!;
      const shared = this.shared[i]!;
      this.shared[i] = 0;
      const contains = n.norm.includes(text);
      const whole = shared / (typed.length + n.trigrams - shared);
      // A run of words shares at most what the whole name does: below the bar, no run reaches it.
      if (!contains && whole < SIMILARITY && shared / typed.length < WORD_SIMILARITY) return [];
      const word = wordSimilarity(typed, n.words);
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
}

/**
 * The best share of the typed trigrams found in a run of up to RUN consecutive words of a name: each
 * typed trigram's words as a bit mask, then each run's mask tested against them (no set is built).
 */
function wordSimilarity(typed: string[], words: Set<string>[]): number {
  const count = Math.min(words.length, MASKED_WORDS);
  const masks = typed.map((t) => {
    let mask = 0;
    for (let w = 0; w < count; w++) if (words[w]!.has(t)) mask |= 1 << w;
    return mask;
  });
  let best = 0;
  for (let i = 0; i < count; i++) {
    let run = 0;
    for (let j = i; j < Math.min(count, i + RUN); j++) {
      run |= 1 << j;
      let found = 0;
      for (const mask of masks) if ((mask & run) !== 0) found++;
      if (found > best) best = found;
    }
  }
  return best / typed.length;
}
