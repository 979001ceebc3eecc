import { type QueryWord, queryTokens, queryWords, stem } from "./normalize.ts";
import type { Expansion, TextIndex, TextMatch } from "./text-index.ts";

/**
 * A shopper's query against one language's text index: the words matched with their expansions (the last word
 * also as a prefix, every word with typos), and the did-you-mean correction. The search engine and the relevance
 * benchmark both search through these functions.
 */

export interface WordCorrection {
  offset: number;
  length: number;
  originalWord: string;
  correctedWord: string;
}

export interface QueryCorrection {
  correctedQuery: string;
  wordCorrections: WordCorrection[];
}

/** Where a query looks: the slots of the index (`capacity`) and the bitset of those that count (see `match`). */
export interface MatchScope {
  capacity: number;
  live?: Uint32Array | undefined;
}

/** Query words in a row looked at as one: "sommer kleid" (Sommerkleid), "running shoes" (a phrase synonym). */
const MAX_RUN = 3;
/** Ways of reading a query matched at most (each is one match over the index). */
const MAX_READINGS = 6;

/**
 * The expansions of one query word. A hyphenated word is searched as one word ("t-shirt" → tshirt), or as its
 * parts when the catalogue does not know it joined ("rain-coat" → rain, coat). A German compound the catalogue
 * does not know (and no phrase synonym names) is searched as its known parts ("sommerkleid" → sommer, kleid).
 */
function wordExpansions(text: TextIndex, word: QueryWord, last: boolean, headsOnly: boolean): Expansion[][] {
  const joined = text.expand(word.token, { prefix: last, typos: true });
  let parts =
    word.parts && joined.length === 0
      ? word.parts
      : joined.some((e) => e.kind === "exact" || e.kind === "synonym" || e.kind === "compound") ||
          text.phraseSynonyms([stem(word.token, text.language)]).length > 0
        ? undefined
        : text.splitCompound(word.token);
  // A head without its first part is a weaker reading than a near spelling of the whole ("somerkleid").
  if (!parts || (parts.length === 1 && !word.parts && joined.length > 0)) return [joined];
  if (headsOnly && !word.parts) parts = parts.slice(-1);
  return parts.map((part, j) => text.expand(part, { prefix: last && j === parts.length - 1, typos: true }));
}

/**
 * A word that matches nothing at all, not even with typos, is left out when other words match; `all` when none
 * does.
 */
function withoutUnmatched(expansions: Expansion[][], all: Expansion[][]): Expansion[][] {
  const matching = expansions.filter((e) => e.length > 0);
  return matching.length > 0 ? matching : all;
}

/** One way of reading a query: the expansions of its words, and the factor its scores count with. */
interface Reading {
  expansions: Expansion[][];
  factor: number;
}

/**
 * The readings of a query: its words as typed ("robe d'été" in a catalogue without "été" is searched as robe),
 * and for words in a row the catalogue writes as one word ("sommer kleid" → sommerkleid, "t shirt" → tshirt) or
 * that have a phrase synonym ("running shoes" ↔ trainers), the query with those words replaced. A replacement
 * stands for the words it replaces: its scores count as many times, so that a product named "Sommerkleid" ranks
 * with one that says "Sommer" and "Kleid".
 */
function readQuery(text: TextIndex, query: string, headsOnly = false): Reading[] {
  const words = queryWords(query, text.language);
  const perWord = words.map((word, i) => wordExpansions(text, word, i === words.length - 1, headsOnly));
  const total = perWord.reduce((n, lists) => n + lists.length, 0);
  const replacements: { start: number; length: number; lists: Expansion[][] }[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= MAX_RUN && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      if (n > 1) {
        const joined = text.expand(run.map((w) => w.token).join(""), { prefix: false, typos: false });
        if (joined.length > 0) replacements.push({ start: i, length: n, lists: [joined] });
      }
      for (const target of text.phraseSynonyms(run.map((w) => stem(w.token, text.language)))) {
        const lists = target.map((s) => text.synonymExpansion(s));
        if (lists.every((l) => l.length > 0)) replacements.push({ start: i, length: n, lists });
      }
    }
  }
  // A word that matches nothing alone but is part of a replacement ("sommer" of Sommerkleid) is no stray word:
  // the query as typed needs it, so that only the replacement finds products.
  const covered = (i: number) => replacements.some((r) => i >= r.start && i < r.start + r.length);
  const typed = perWord.flatMap((lists, i) => (covered(i) ? lists : lists.filter((l) => l.length > 0)));
  const readings: Reading[] = [{ expansions: typed.some((l) => l.length > 0) ? typed : perWord.flat(), factor: 1 }];
  for (const { start, length, lists } of replacements.slice(0, MAX_READINGS - 1)) {
    const replaced = perWord.slice(start, start + length).reduce((count, l) => count + l.length, 0);
    const expansions = [...perWord.slice(0, start).flat(), ...lists, ...perWord.slice(start + length).flat()];
    readings.push({
      expansions: withoutUnmatched(expansions, expansions),
      factor: total / (total - replaced + lists.length),
    });
  }
  return readings;
}

/** The documents of two matches, in ascending slot order, each with its best score. */
function union(a: TextMatch, b: TextMatch, factor: number): TextMatch {
  const slots = new Int32Array(a.count + b.count);
  const scores = new Float32Array(a.count + b.count);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.count || j < b.count) {
    const x = i < a.count ? (a.slots[i] as number) : Number.MAX_SAFE_INTEGER;
    const y = j < b.count ? (b.slots[j] as number) : Number.MAX_SAFE_INTEGER;
    if (x < y) {
      slots[n] = x;
      scores[n++] = a.scores[i++] as number;
    } else if (y < x) {
      slots[n] = y;
      scores[n++] = (b.scores[j++] as number) * factor;
    } else {
      slots[n] = x;
      scores[n++] = Math.max(a.scores[i++] as number, (b.scores[j++] as number) * factor);
    }
  }
  return { slots: slots.subarray(0, n), scores: scores.subarray(0, n), count: n };
}

/**
 * Documents matching every word of the query (in any of its readings); undefined when the query has no words.
 * When nothing matches a compound the shopper typed split into its parts ("jeansrock" in a catalogue that says
 * "Rock aus Denim"), its head alone decides what is searched: skirts rather than nothing.
 */
export function matchQuery(
  text: TextIndex,
  query: string,
  capacity: number,
  live?: Uint32Array,
): TextMatch | undefined {
  const kept = text.keptMatch(query, capacity, live);
  if (kept !== undefined) return kept;
  const readings = readQuery(text, query);
  const match = matchReadings(text, readings, capacity, live);
  if (match === undefined) return match;
  if (match.count > 0) return text.keepMatch(query, capacity, live, match);
  const heads = readQuery(text, query, true);
  // Only when a compound was split: else the same readings again.
  const fewer = heads[0]?.expansions.length !== readings[0]?.expansions.length;
  return fewer ? matchReadings(text, heads, capacity, live) : match;
}

function matchReadings(
  text: TextIndex,
  readings: Reading[],
  capacity: number,
  live: Uint32Array | undefined,
): TextMatch | undefined {
  const first = readings[0] as Reading;
  if (first.expansions.length === 0) return undefined;
  const match = text.match(first.expansions, capacity, live);
  if (readings.length === 1) return match;
  // The index's answer is scratch space of its next match: the union copies it.
  let all = union(match, { slots: new Int32Array(0), scores: new Float32Array(0), count: 0 }, 1);
  for (const reading of readings.slice(1))
    all = union(all, text.match(reading.expansions, capacity, live), reading.factor);
  return all;
}

/** Candidates tried per misspelt word before giving up on it. */
const CANDIDATES_PER_WORD = 5;

/**
 * Did-you-mean: each unknown word replaced by the closest known word that, with the rest of the query, finds
 * products in the scope (a misspelt shoe is not corrected to a frequent word that only finds handbags).
 */
export function correctQuery(text: TextIndex, query: string, scope?: MatchScope): QueryCorrection | undefined {
  const wordCorrections: WordCorrection[] = [];
  const words = [...query.matchAll(/\S+/g)];
  const accepted: string[] = [];
  const unknown: { index: number; token: string }[] = [];
  for (const [i, match] of words.entries()) {
    const tokens = queryTokens(match[0], text.language);
    const token = tokens.length === 1 ? (tokens[0] as string) : undefined;
    // A word the catalogue knows (as the last word: the start of one, a synonym, or a compound of its words) is
    // not a typo.
    const known =
      token === undefined ||
      text.expand(token, { prefix: i === words.length - 1, typos: false }).length > 0 ||
      text.splitCompound(token) !== undefined;
    if (known) accepted.push(match[0]);
    else unknown.push({ index: i, token: token as string });
  }
  const replacements = new Map<number, string>();
  for (const { index, token } of unknown) {
    for (const candidate of text.corrections(token, CANDIDATES_PER_WORD)) {
      const trial = [...accepted, candidate].join(" ");
      const found = scope ? matchQuery(text, trial, scope.capacity, scope.live) : undefined;
      if (scope && (found?.count ?? 0) === 0) continue;
      replacements.set(index, candidate);
      accepted.push(candidate);
      break;
    }
  }
  if (replacements.size === 0) return undefined;
  let corrected = "";
  let last = 0;
  for (const [i, match] of words.entries()) {
    const word = match[0];
    const offset = match.index ?? 0;
    const replacement = replacements.get(i);
    corrected += query.slice(last, offset) + (replacement ?? word);
    last = offset + word.length;
    if (replacement)
      wordCorrections.push({ offset, length: word.length, originalWord: word, correctedWord: replacement });
  }
  return { correctedQuery: corrected + query.slice(last), wordCorrections };
}
