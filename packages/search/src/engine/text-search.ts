import { queryTokens } from "./normalize.ts";
import type { TextIndex, TextMatch } from "./text-index.ts";

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

/** Documents matching every word of the query; undefined when the query has no words. */
export function matchQuery(text: TextIndex, query: string, capacity: number, live?: Uint32Array): TextMatch | undefined {
  const tokens = queryTokens(query, text.language);
  if (tokens.length === 0) return undefined;
  const expansions = tokens.map((token, i) => text.expand(token, { prefix: i === tokens.length - 1, typos: true }));
  return text.match(expansions, capacity, live);
}

/** Did-you-mean: each unknown word replaced by the closest known word. */
export function correctQuery(text: TextIndex, query: string): QueryCorrection | undefined {
  const wordCorrections: WordCorrection[] = [];
  let corrected = "";
  let last = 0;
  const words = [...query.matchAll(/\S+/g)];
  for (const [i, match] of words.entries()) {
    const word = match[0];
    const offset = match.index ?? 0;
    const tokens = queryTokens(word, text.language);
    const token = tokens.length === 1 ? (tokens[0] as string) : undefined;
    // A word the catalogue knows (as the last word: the start of one, or a synonym) is not a typo.
    const matches =
      token !== undefined && text.expand(token, { prefix: i === words.length - 1, typos: false }).length > 0;
    const replacement = token !== undefined && !matches ? text.correction(token) : undefined;
    corrected += query.slice(last, offset) + (replacement ?? word);
    last = offset + word.length;
    if (replacement) wordCorrections.push({ offset, length: word.length, originalWord: word, correctedWord: replacement });
  }
  if (wordCorrections.length === 0) return undefined;
  return { correctedQuery: corrected + query.slice(last), wordCorrections };
}
