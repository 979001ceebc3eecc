import { getProductType, type Language } from "@vitrine/commerce";
import { foldText } from "./normalize.ts";
import type { StoreView } from "./store-view.ts";

/**
 * Query suggestions: completions of what a shopper is typing, from what shoppers searched in the store (learned
 * queries) and from the catalogue's own words (product names, categories, brands, product types), each with the
 * protocol's highlight markers: `{typed}` for what matches, `[completion]` for what is suggested.
 */

export interface Completion {
  expression: string;
  highlighted: string;
}

interface Phrase {
  text: string;
  weight: number;
}

/**
 * Every start of a phrase at a word boundary, sorted, for prefix lookups by binary search. Phrases keep the
 * catalogue's spelling ("Sneaker aus Veloursleder"); `spellLike` gives a shopper's lower-case query the same
 * capitals, word by word.
 */
class PhraseIndex {
  private readonly phrases: Phrase[];
  private readonly keys: string[];
  private readonly owners: Int32Array;
  /** Lower-case word → how the catalogue writes it. */
  private readonly spelling = new Map<string, string>();

  constructor(phrases: Phrase[], language: Language) {
    this.phrases = phrases;
    const entries: { key: string; owner: number }[] = [];
    phrases.forEach((p, owner) => {
      const words = fold(p.text, language).split(" ");
      for (let i = 0; i < words.length; i++) entries.push({ key: words.slice(i).join(" "), owner });
    });
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = entries.map((e) => e.key);
    this.owners = Int32Array.from(entries.map((e) => e.owner));
    // A word's usual spelling: inside a phrase it shows its own case ("aus", "Baumwolle"); at the start only
    // the capital of the phrase, so those count only for words never seen elsewhere.
    const forms = new Map<string, Map<string, number>>();
    for (const p of phrases) {
      p.text.split(" ").forEach((word, i) => {
        if (!word) return;
        const lower = word.toLowerCase();
        const counts = forms.get(lower) ?? new Map<string, number>();
        counts.set(word, (counts.get(word) ?? 0) + (i === 0 ? 0.001 : 1));
        forms.set(lower, counts);
      });
    }
    for (const [lower, counts] of forms) {
      const best = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
      if (best) this.spelling.set(lower, best[0]);
    }
  }

  /** A query in the catalogue's capitals, word by word ("sneaker aus veloursleder" → "Sneaker aus Veloursleder"). */
  spellLike(query: string): string {
    return query
      .split(" ")
      .map((word) => this.spelling.get(word.toLowerCase()) ?? word)
      .join(" ");
  }

  /** Phrases with a word sequence starting with `prefix` (folded), heaviest first. */
  find(prefix: string, limit: number): Phrase[] {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const seen = new Set<number>();
    for (let i = lo; i < this.keys.length && seen.size < 500; i++) {
      if (!(this.keys[i] as string).startsWith(prefix)) break;
      seen.add(this.owners[i] as number);
    }
    return [...seen]
      .map((owner) => this.phrases[owner] as Phrase)
      .sort((a, b) => b.weight - a.weight || a.text.length - b.text.length)
      .slice(0, limit);
  }
}

function fold(text: string, language: Language): string {
  return foldText(text, language)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Builds the catalogue phrases of a store: names, categories, brands and product types, weighted by products. */
export function buildPhraseIndex(view: StoreView): PhraseIndex {
  const catalog = view.catalog;
  const language = view.language;
  // Keyed by the lower-case phrase; the catalogue's first spelling of it is what shoppers see.
  const counts = new Map<string, { text: string; weight: number }>();
  const add = (text: string, weight: number) => {
    const trimmed = text.trim().replace(/\s+/g, " ");
    const key = trimmed.toLowerCase();
    if (!key) return;
    const known = counts.get(key);
    if (known) known.weight += weight;
    else counts.set(key, { text: trimmed, weight });
  };
  const categoryCounts = new Map<number, number>();
  for (const slot of view.groupOrder) {
    const display = catalog.display[slot];
    if (!display) continue;
    add(display.names[language], 1);
    add(display.brand, 0.2);
    add(getProductType(display.productType)?.names[language] ?? "", 0.3);
    for (const id of display.categoryIds) categoryCounts.set(id, (categoryCounts.get(id) ?? 0) + 1);
  }
  for (const [id, count] of categoryCounts) {
    for (const node of catalog.tree.ancestry(id)) add(node.record.translations[language].name, count * 0.5);
  }
  const phrases = [...counts.values()].map(({ text, weight }) => ({ text, weight: Math.log1p(weight) }));
  return new PhraseIndex(phrases, language);
}

export interface LearnedQuery {
  query: string;
  searches: number;
}

/** Queries shoppers searched (with results) in one store, the most searched first. */
export class LearnedQueries {
  private readonly byQuery = new Map<string, LearnedQuery>();
  private sorted: LearnedQuery[] | undefined;

  set(entries: readonly LearnedQuery[]): void {
    this.byQuery.clear();
    for (const e of entries) this.byQuery.set(e.query, { ...e });
    this.sorted = undefined;
  }

  /** Counts one more search of a query (in this process, before the database catches up). */
  add(query: string): void {
    const known = this.byQuery.get(query);
    if (known) known.searches++;
    else this.byQuery.set(query, { query, searches: 1 });
    this.sorted = undefined;
  }

  get size(): number {
    return this.byQuery.size;
  }

  all(): LearnedQuery[] {
    this.sorted ??= [...this.byQuery.values()].sort(
      (a, b) => b.searches - a.searches || a.query.localeCompare(b.query),
    );
    return this.sorted;
  }
}

/** `{kle}[id] [aus] {baum}[wolle]`: what matches the typed words in braces, the rest in brackets. */
function highlightCompletion(expression: string, typed: string, language: Language): string {
  const tokens = fold(typed, language).split(" ").filter(Boolean);
  return expression
    .split(" ")
    .map((word) => {
      if (word === "") return word;
      const folded = fold(word, language);
      const token = tokens.filter((t) => folded.startsWith(t)).sort((a, b) => b.length - a.length)[0];
      if (!token) return `[${word}]`;
      // Folding can change the length (ß → ss, ae → a): highlight as many characters as match when unfolded.
      let n = Math.min(word.length, token.length);
      while (n < word.length && fold(word.slice(0, n), language).length < token.length) n++;
      const rest = word.slice(n);
      return rest ? `{${word.slice(0, n)}}[${rest}]` : `{${word}}`;
    })
    .join(" ");
}

export function suggestCompletions(options: {
  query: string;
  language: Language;
  learned: LearnedQueries | undefined;
  phrases: PhraseIndex;
  count: number;
}): Completion[] {
  const { language, count } = options;
  if (count <= 0) return [];
  const typed = options.query.trim().toLowerCase().replace(/\s+/g, " ");
  const prefix = fold(typed, language);
  // Keyed by the lower-case expression; shown in the catalogue's capitals (learned queries are stored lower-case).
  const scored = new Map<string, { expression: string; score: number }>();
  const offer = (expression: string, score: number) => {
    const key = expression.toLowerCase();
    if (key === typed) return;
    const previous = scored.get(key);
    if (previous === undefined || previous.score < score) {
      scored.set(key, { expression: options.phrases.spellLike(expression), score });
    }
  };
  const learned = options.learned?.all() ?? [];
  if (prefix === "") {
    for (const entry of learned.slice(0, count)) offer(entry.query, Math.log1p(entry.searches));
  } else {
    for (const entry of learned) {
      const folded = fold(entry.query, language);
      const at = folded.startsWith(prefix) ? 0 : folded.indexOf(` ${prefix}`);
      if (at < 0) continue;
      // Learned queries outrank catalogue phrases: shoppers typed them and found something.
      offer(entry.query, 2 + Math.log1p(entry.searches) + (at === 0 ? 1 : 0));
      if (scored.size > count * 20) break;
    }
    for (const phrase of options.phrases.find(prefix, count * 4)) {
      offer(phrase.text, phrase.weight + (fold(phrase.text, language).startsWith(prefix) ? 0.5 : 0));
    }
  }
  return [...scored.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.expression.length - b.expression.length ||
        a.expression.toLowerCase().localeCompare(b.expression.toLowerCase()),
    )
    .slice(0, count)
    .map(({ expression }) => ({ expression, highlighted: highlightCompletion(expression, typed, language) }));
}

export type { PhraseIndex };
