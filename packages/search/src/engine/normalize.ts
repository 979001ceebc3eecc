import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as frenchStemmer } from "@orama/stemmers/french";
import { stemmer as germanStemmer } from "@orama/stemmers/german";
import type { Language } from "@vitrine/commerce";

/**
 * Text normalisation for the three shop languages. The same functions run over the catalogue (index time) and
 * over what shoppers type (query time), so both sides always agree: case and accents folded, ß → ss, German
 * umlauts and their spellings ä/ae → a, apostrophes (possessives, French elision) and hyphens resolved, Snowball
 * stems, stop words dropped.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^ -~\t\n\r]/;
/** Typographic apostrophes and accents typed as apostrophes. */
const APOSTROPHES = /[\u2018\u2019\u02bc\u00b4\u0060]/g;
const GERMAN_UMLAUT_SPELLING = /([aou])e/g;

/** Lower-case, accents and ligatures folded; German also folds the umlaut spellings ae/oe/ue. */
export function foldText(text: string, language: Language): string {
  let folded = text.toLowerCase();
  if (NON_ASCII.test(folded)) {
    folded = folded
      .replace(/ß/g, "ss")
      .replace(/æ/g, "ae")
      .replace(/œ/g, "oe")
      .replace(APOSTROPHES, "'")
      .normalize("NFKD")
      .replace(COMBINING_MARKS, "");
  }
  // "Mäntel", "Maentel" and "Mantel" must meet: after accent folding ä is a, and German spells ä as ae.
  if (language === "de") folded = folded.replace(GERMAN_UMLAUT_SPELLING, "$1");
  return folded;
}

const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
/** Characters that end a chunk: within a chunk, other separators (hyphen, apostrophe, dot) only split words. */
const isChunkEnd = (c: number) =>
  c === 32 ||
  c === 9 ||
  c === 10 ||
  c === 13 ||
  c === 47 ||
  c === 44 ||
  c === 59 ||
  c === 58 ||
  c === 40 ||
  c === 41 ||
  c === 38 ||
  c === 43 ||
  c === 124;

/** French elided articles and pronouns before an apostrophe: l'écharpe, d'été, qu'il, jusqu'au. */
const ELISIONS = new Set(["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu"]);
const APOSTROPHE = 39;

/**
 * Splits folded text into words. Apostrophes drop what they mark: the English possessive ("men's" → men,
 * "kids'" → kids) and French elision ("l'écharpe" → echarpe, "d'été" → ete). A hyphenated word also yields its
 * joined form ("T-Shirt" → t, shirt, tshirt), so "tshirt", "t-shirt" and "t shirt" all find it.
 */
export function tokenize(text: string, language: Language, joinHyphenated = true): string[] {
  const folded = foldText(text, language);
  const out: string[] = [];
  let wordStart = -1;
  let chunkFirst = 0;
  let hyphen = false;
  const endChunk = () => {
    if (joinHyphenated && hyphen && out.length - chunkFirst > 1) out.push(out.slice(chunkFirst).join(""));
    chunkFirst = out.length;
    hyphen = false;
  };
  for (let i = 0; i <= folded.length; i++) {
    const c = i < folded.length ? folded.charCodeAt(i) : 32;
    if (isWordChar(c)) {
      if (wordStart < 0) wordStart = i;
      continue;
    }
    if (wordStart >= 0) {
      const word = folded.slice(wordStart, i);
      const afterApostrophe = wordStart > 0 && folded.charCodeAt(wordStart - 1) === APOSTROPHE;
      const elided = c === APOSTROPHE && i + 1 < folded.length && isWordChar(folded.charCodeAt(i + 1));
      // "men's": the s of the possessive is no word; "l'": the elided article is none either.
      if (!(afterApostrophe && word === "s") && !(elided && ELISIONS.has(word))) out.push(word);
      wordStart = -1;
    }
    if (c === 45) hyphen = true;
    else if (isChunkEnd(c)) endChunk();
  }
  return out;
}

const STOPWORDS: Record<Language, ReadonlySet<string>> = {
  de: new Set(
    "und oder aus mit fur der die das den dem des ein eine einen einem einer im in von zu zum zur am an auf bei".split(
      " ",
    ),
  ),
  fr: new Set("et ou en de du des le la les un une a au aux pour avec d l par sur".split(" ")),
  en: new Set("and or with the a an of for in on to by from".split(" ")),
};

export function isStopword(token: string, language: Language): boolean {
  return STOPWORDS[language].has(token);
}

/**
 * Snowball stemmers (German and French Snowball, English Porter, from @orama/stemmers), run on folded words. A
 * few fashion words are kept whole where the stemmer would merge them with an everyday word: "leggings" is not
 * "leg", "shorts" not "short" (sleeves), "tights" not "tight" (fit).
 */
const STEMMERS: Record<Language, (word: string) => string> = {
  de: germanStemmer,
  fr: frenchStemmer,
  en: englishStemmer,
};

const STEM_EXCEPTIONS: Record<Language, ReadonlyMap<string, string>> = {
  de: new Map([
    ["shorts", "shorts"],
    ["leggings", "legging"],
    ["sneakers", "sneaker"],
    ["sneaker", "sneaker"],
  ]),
  fr: new Map([["leggings", "legging"]]),
  en: new Map([
    ["leggings", "legging"],
    ["legging", "legging"],
    ["shorts", "shorts"],
    ["tights", "tights"],
    ["jeans", "jeans"],
    ["flats", "flats"],
  ]),
};

const MIN_STEM_LENGTH = 3;

/** The stem of a folded token: the form the index stores and queries look up. Digits are kept as they are. */
export function stem(token: string, language: Language): string {
  if (token.length < MIN_STEM_LENGTH || /\d/.test(token)) return token;
  const exception = STEM_EXCEPTIONS[language].get(token);
  if (exception !== undefined) return exception;
  return STEMMERS[language](token);
}

/** A word of a query: a hyphenated word is one word ("t-shirt" → tshirt) that can fall back to its parts. */
export interface QueryWord {
  token: string;
  /** The parts of a hyphenated word ("rain-coat" → rain, coat), searched when the joined form is unknown. */
  parts?: string[];
}

/** A query as words, hyphenated words joined: folded, stop words removed (unless nothing else is left). */
export function queryWords(query: string, language: Language): QueryWord[] {
  const words: QueryWord[] = [];
  for (const chunk of query.split(/[\s/,;:()&+|]+/)) {
    const tokens = tokenize(chunk, language, false);
    if (tokens.length > 1 && chunk.includes("-")) words.push({ token: tokens.join(""), parts: tokens });
    else for (const token of tokens) words.push({ token });
  }
  const meaningful = words.filter((w) => !isStopword(w.token, language));
  return meaningful.length > 0 ? meaningful : words;
}

/** A query as words: folded, stop words removed (unless nothing else is left). */
export function queryTokens(query: string, language: Language): string[] {
  const tokens = tokenize(query, language, false);
  const meaningful = tokens.filter((t) => !isStopword(t, language));
  return meaningful.length > 0 ? meaningful : tokens;
}

/** The normalised form of a whole query, used to match learned queries and merchandising rules. */
export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, " ");
}

const collators = new Map<string, Intl.Collator>();

/** Compares texts as a shopper of the language sorts them (a cached collator: much faster than localeCompare). */
export function compareText(a: string, b: string, language: Language): number {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language);
    collators.set(language, collator);
  }
  return collator.compare(a, b);
}
