import { queryTokens, queryWords } from "./normalize.ts";
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

/**
 * The expansions of each query word. A hyphenated word is searched as one word ("t-shirt" → tshirt), or as its
 * parts when the catalogue does not know it joined ("rain-coat" → rain, coat). A word that matches nothing at
 * all, not even with typos, is left out when other words match ("robe d'été" in a catalogue without "été").
 */
function expandQuery(text: TextIndex, query: string): Expansion[][] {
  const words = queryWords(query, text.language);
  const out: Expansion[][] = [];
  words.forEach((word, i) => {
    const last = i === words.length - 1;
    const joined = text.expand(word.token, { prefix: last, typos: true });
    if (joined.length > 0 || !word.parts) {
      out.push(joined);
      return;
    }
    word.parts.forEach((part, j) => {
      out.push(text.expand(part, { prefix: last && j === (word.parts as string[]).length - 1, typos: true }));
    });
  });
  const matching = out.filter((e) => e.length > 0);
  return matching.length > 0 ? matching : out;
}

/** Documents matching every word of the query; undefined when the query has no words. */
export function matchQuery(
  text: TextIndex,
  query: string,
  capacity: number,
  live?: Uint32Array,
): TextMatch | undefined {
  const expansions = expandQuery(text, query);
  if (expansions.length === 0) return undefined;
  return text.match(expansions, capacity, live);
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
    // A word the catalogue knows (as the last word: the start of one, or a synonym) is not a typo.
    const known =
      token === undefined || text.expand(token, { prefix: i === words.length - 1, typos: false }).length > 0;
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
