import type { Language } from "@vitrine/commerce";

/**
 * Text normalisation for the three shop languages. The same functions run over the catalogue (index time) and
 * over what shoppers type (query time), so both sides always agree: case and accents folded, ß → ss, German
 * umlauts and their spellings ä/ae → a, simple plural and stem rules, stop words dropped.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^ -~\t\n\r]/;
const GERMAN_UMLAUT_SPELLING = /([aou])e/g;

/** Lower-case, accents and ligatures folded; German also folds the umlaut spellings ae/oe/ue. */
export function foldText(text: string, language: Language): string {
  let folded = text.toLowerCase();
  if (NON_ASCII.test(folded)) {
    folded = folded
      .replace(/ß/g, "ss")
      .replace(/æ/g, "ae")
      .replace(/œ/g, "oe")
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

/**
 * Splits folded text into words. A hyphenated word also yields its joined form ("T-Shirt" → t, shirt,
 * tshirt), so "tshirt", "t-shirt" and "t shirt" all find it.
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
      out.push(folded.slice(wordStart, i));
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

/** Minimum length a stem keeps: short words are left alone. */
const MIN_STEM = 3;

function strip(token: string, suffix: string): string | undefined {
  return token.endsWith(suffix) && token.length - suffix.length >= MIN_STEM
    ? token.slice(0, token.length - suffix.length)
    : undefined;
}

const GERMAN_ENDINGS = ["ern", "en", "er", "em", "es", "e", "n"];

function stemGerman(token: string): string {
  // Plural -s (also of loan words: Sneakers, Shorts, Tops), then one inflection ending: Kleider → kleid,
  // Jacken/Jacke → jack, Röcke → rock, Blusen/Bluse → blus.
  let t = token.length >= 4 ? (strip(token, "s") ?? token) : token;
  if (t.length < 4) return t;
  for (const ending of GERMAN_ENDINGS) {
    const s = strip(t, ending);
    if (s !== undefined) {
      t = s;
      break;
    }
  }
  return t;
}

function stemFrench(token: string): string {
  // Plurals in -s and -x (manteaux → manteau), then the feminine -e (bleue → bleu, robes → robe stays robe).
  let t = token;
  if (t.length >= 4) t = strip(t, "s") ?? strip(t, "x") ?? t;
  if (t.length >= 5) t = strip(t, "e") ?? t;
  return t;
}

function stemEnglish(token: string): string {
  if (token.length < 4) return token;
  if (token.endsWith("ies") && token.length > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith("sses")) return token.slice(0, -2);
  if (/(ch|sh|x|z)es$/.test(token)) return token.slice(0, -2);
  if (token.endsWith("s") && !/(ss|us|is)$/.test(token)) return token.slice(0, -1);
  return token;
}

/** The stem of a folded token: the form the index stores and queries look up. Digits are kept as they are. */
export function stem(token: string, language: Language): string {
  if (/\d/.test(token)) return token;
  switch (language) {
    case "de":
      return stemGerman(token);
    case "fr":
      return stemFrench(token);
    default:
      return stemEnglish(token);
  }
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
