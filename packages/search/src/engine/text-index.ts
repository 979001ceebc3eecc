import type { Language } from "@vitrine/commerce";
import { grow } from "./arrays.ts";
import { allowedTypos, boundedDistance } from "./edit-distance.ts";
import { isStopword, stem, tokenize } from "./normalize.ts";
import { DEFAULT_SYNONYMS, type SynonymGroup } from "./synonyms.ts";

/**
 * Weight of a word by the field it appears in, in quarters (a document's weight of a word is kept in a byte). A
 * word counts once per field, and the fields it appears in add up: a product whose type and name say "dress"
 * outranks one whose name says it, which outranks one whose description mentions it.
 */
const FIELD_WEIGHTS = {
  name: 40,
  productType: 40,
  brand: 32,
  colour: 24,
  category: 24,
  material: 16,
  attribute: 12,
  shortDescription: 8,
  description: 4,
} as const;
/** Scores are field weights in these units (the name counts 10, a description 1). */
const WEIGHT_SCALE = 4;
/** Bonus when a product type or category is exactly the word ("Shirt" for shirt, not "Polo shirt"). */
const WHOLE_FIELD_BONUS = 20;
const FIELD_BITS: Record<TextField, number> = {
  name: 1,
  productType: 2,
  brand: 4,
  colour: 8,
  category: 16,
  material: 32,
  attribute: 64,
  shortDescription: 128,
  description: 256,
};
const WHOLE_FIELD_BIT = 512;
/** Fields whose words are the catalogue's vocabulary: typo corrections prefer them. */
const VOCABULARY_FIELDS = FIELD_BITS.productType | FIELD_BITS.brand | FIELD_BITS.colour | FIELD_BITS.category;

export type TextField = keyof typeof FIELD_WEIGHTS;
/** How often a text comes again across products: decides whether its words are cached. */
export type TextRepeat = "vocabulary" | "often" | "rarely";

/**
 * How well an expansion of a query word matches: exact (or synonym) beats prefix beats typo. Whole tenths: a union
 * of expansions keeps its scores as integers (see `termPostings`).
 */
const QUALITY_EXACT = 1;
const QUALITY_SYNONYM = 0.9;
const QUALITY_PREFIX = 0.8;
/** When the typed word is complete already, longer words it starts are weaker evidence. */
const QUALITY_PREFIX_OF_KNOWN_WORD = 0.5;
const QUALITY_ONE_TYPO = 0.6;
/**
 * A German compound whose last part (its head) is the word: "Sommerkleid" for kleid. The head says what the
 * thing is, so it matches, but below the word itself and a prefix: a dress outranks a summer dress for "kleid".
 */
const QUALITY_COMPOUND = 0.6;
/** Languages that write compounds as one word (see `compoundsEndingWith`). */
const COMPOUNDING: ReadonlySet<Language> = new Set(["de"]);
/** Shortest head and shortest modifier of a compound: "Frock" holds no "rock", "Barock" neither. */
const MIN_HEAD = 3;
const MIN_MODIFIER = 3;
/**
 * A word the catalogue does not know on its own, of at least this many letters (as a stem), finds the compounds it
 * ends whatever their first part: "brille" finds "Sonnenbrille" in a catalogue that says no other word of sun.
 */
const MIN_UNKNOWN_HEAD = 5;
/** A modifier unknown on its own ("stepp") counts when it combines with this many heads (Steppjacke, Steppmantel). */
const MIN_MODIFIER_HEADS = 2;
const MIN_SHARED_MODIFIER = 4;
/** A part of a compound must be a vocabulary word or be found in this many products (no one-off words). */
const MIN_PART_DOCS = 2;
/** Linking morphemes between the parts of a German compound: Hosenbein, Arbeitshose, Sonnenbrille. */
const LINKING = ["es", "en", "s", "n", "e"];
/** Compounds ending with one word looked at, at most (a very short head could end thousands of words). */
const MAX_COMPOUND_SCAN = 2000;
const QUALITY_TWO_TYPOS = 0.4;
/** A known word in at most this many products may be a misspelling in the catalogue (see `likelyTypo`). */
const RARE_WORD_DOCS = 20;
/** Did-you-mean candidates kept per word. */
const MAX_CORRECTIONS = 8;
/** A one-letter prefix would expand to half the vocabulary: prefixes expand to the most frequent words only. */
const MAX_PREFIX_EXPANSIONS = 40;
const MAX_PREFIX_SCAN = 4000;
const EXPANSION_CACHE_SIZE = 4000;
/**
 * Merged posting lists of expanded query words (see `TermPostings`) kept between queries: at most this many
 * lists, and at most this many documents in all (8 bytes each: 12 MB per language).
 */
const TERM_CACHE_ENTRIES = 512;
const TERM_CACHE_DOCS = 1_500_000;
/**
 * Answers of whole queries kept (see `keptMatch`): those of at least KEPT_MATCH_MIN_DOCS documents (smaller ones
 * are merged from cached lists in well under a millisecond), at most KEPT_MATCHES of them (the search box's
 * requests of a keystroke come together) in arrays with room for KEPT_MATCH_DOCS documents in all (8 bytes each:
 * 32 MB per language).
 */
const KEPT_MATCH_MIN_DOCS = 20_000;
const KEPT_MATCHES = 4;
const KEPT_MATCH_DOCS = 4_000_000;
/** Scope numbers given so far (see `TextIndex.matchKey`). */
let scopeCount = 0;
/** The arrays a kept answer is written to (see `TextIndex.keepMatch`), with room for more than it. */
interface MatchBuffer {
  slots: Int32Array;
  scores: Float32Array;
}
/** Texts up to this length repeat across products (colours, categories, names, sentences): tokenised once. */
const SHORT_TEXT = 160;

/** Growable posting list: documents (ascending slot numbers) with the best field weight of the word in each. */
class Postings {
  docs: Int32Array;
  weights: Uint8Array;
  length = 0;

  constructor(capacity = 4) {
    this.docs = new Int32Array(capacity);
    this.weights = new Uint8Array(capacity);
  }

  push(doc: number, weight: number): void {
    const last = this.length - 1;
    if (last >= 0 && this.docs[last] === doc) {
      if (weight > (this.weights[last] as number)) this.weights[last] = weight;
      return;
    }
    if (this.length === this.docs.length) {
      const docs = new Int32Array(this.docs.length * 2);
      docs.set(this.docs);
      this.docs = docs;
      const weights = new Uint8Array(this.weights.length * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.docs[this.length] = doc;
    this.weights[this.length] = weight;
    this.length++;
  }

  /** Gives back unused room after a bulk build, keeping a little for the changes that follow. */
  trim(): void {
    const keep = this.length + Math.max(4, this.length >> 5);
    if (this.docs.length <= keep) return;
    this.docs = this.docs.slice(0, keep);
    this.weights = this.weights.slice(0, keep);
  }

  /** Index of `doc` or -1 (binary search: slots are ascending). */
  indexOf(doc: number): number {
    let lo = 0;
    let hi = this.length - 1;
    const docs = this.docs;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = docs[mid] as number;
      if (v === doc) return mid;
      if (v < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

export interface Expansion {
  stemId: number;
  quality: number;
  /** The vocabulary word the expansion came from (for corrections and highlights). */
  word: string;
  kind: "exact" | "synonym" | "prefix" | "typo" | "compound";
}

/**
 * One query word with all its expansions merged into one posting list: the documents containing any expansion,
 * ascending, each with the best `weight × quality` over the expansions (as a float32, as the scores are kept).
 */
interface TermPostings {
  docs: Int32Array;
  scores: Float32Array;
  /** Sum of the expansions' document frequencies: decides which word the match starts with. */
  cost: number;
}

/** The stems of a text's words, and the stem of the whole text when it is one word (or -1). */
interface StemsOfText {
  stems: readonly number[];
  whole: number;
}

export interface TextMatch {
  /** Matching slots (every query word found) and their scores, in ascending slot order. */
  slots: Int32Array;
  scores: Float32Array;
  count: number;
}

/**
 * The inverted index of one language: every word of the catalogue (folded surface form) points to its stem, and
 * each stem has a posting list. Exact words look up the stem; the last query word also matches as a prefix of
 * the surface forms; typos are matched against the surface forms with a bounded edit distance.
 */
export class TextIndex {
  readonly language: Language;
  private readonly stemIds = new Map<string, number>();
  private readonly postings: Postings[] = [];
  private readonly surfaceIds = new Map<string, number>();
  private readonly surfaceText: string[] = [];
  private readonly surfaceStem: number[] = [];
  private sortedSurfaces: number[] = [];
  private readonly surfacesByLength: number[][] = [];
  private sorted = true;
  private synonyms = new Map<string, string[]>();
  /** Synonyms with several words on either side, by the source's stems joined with spaces: the targets' stems. */
  private phrases = new Map<string, string[][]>();
  private readonly stemText: string[] = [];
  /**
   * In languages that write compounds as one word: each stem's text reversed, and the stem ids sorted by it
   * (words ending alike side by side), brought up to date by `finish` or the next query that needs them.
   */
  private stemsBySuffix: number[] = [];
  private readonly reversedStems: string[] = [];
  /** Whether a word can be a part of a compound, by word (dropped with the expansions). */
  private readonly partCache = new Map<string, readonly string[] | null>();
  /** Per stem: 2 when it is a word of a product type, 1 of a colour, brand or category, else 0. */
  private stemVocabulary = new Uint8Array(1024);
  /** Per stem: the fields of the document being added it was seen in (see FIELD_BITS). */
  private stemFields = new Uint16Array(1024);
  private readonly expansionCache = new Map<string, Expansion[]>();
  /** Did-you-mean candidates and likely-typo answers by word, dropped with the expansions. */
  private readonly correctionCache = new Map<string, string[]>();
  private readonly likelyTypoCache = new Map<string, boolean>();
  private readonly stemCache = new Map<string, StemsOfText>();
  private readonly vocabularyCache = new Map<string, StemsOfText>();
  /**
   * Merged posting lists by expansion list (the arrays `expand` caches, so the same word finds its list again),
   * least recently used first. Dropped whenever a posting list or the expansions change.
   */
  private readonly termCache = new Map<readonly Expansion[], TermPostings>();
  private termCacheDocs = 0;
  /**
   * Large answers of whole queries (see `keptMatch`), least recently used first, by the scope's number, the
   * capacity and the query; dropped with the merged lists.
   */
  private readonly keptMatches = new Map<string, { match: TextMatch; buffer: MatchBuffer }>();
  /** Documents the kept answers' arrays and the spare ones have room for, in all. */
  private keptMatchRoom = 0;
  /** Arrays of answers no longer kept, for the next ones. */
  private readonly spareMatchBuffers: MatchBuffer[] = [];
  /** A number per scope bitset (a store's live slots), for the keys of `keptMatches`. */
  private readonly scopeIds = new WeakMap<Uint32Array, number>();
  /** How often `keptMatch` answered. */
  keptMatchHits = 0;
  /** Per stem: the slot (+1) and best weight of the document being added. */
  private stemStamp = new Int32Array(1024);
  private stemWeight = new Uint8Array(1024);
  private readonly touched: number[] = [];

  /** Scratch space of a union (see `termPostings`), grown with the number of slots: zeros between unions. */
  private best = new Uint16Array(0);

  /** Documents the term cache holds in all; a merged list of more than a quarter of them is not kept. */
  private readonly termCacheLimit: number;

  /** `termCacheDocs`: see TERM_CACHE_DOCS (tests give a small one to reach the uncached path). */
  constructor(language: Language, options: { termCacheDocs?: number } = {}) {
    this.language = language;
    this.termCacheLimit = options.termCacheDocs ?? TERM_CACHE_DOCS;
    this.setSynonyms([]);
  }

  get vocabularySize(): number {
    return this.surfaceText.length;
  }

  /** Folded, stop-word-free words of a text. */
  words(text: string): string[] {
    return tokenize(text, this.language).filter((t) => !isStopword(t, this.language));
  }

  /**
   * Stem ids of a text's words. Texts that repeat are cached: vocabulary texts (colours, categories, brands,
   * materials) in a small table that always hits; other short texts (names of colour siblings, boilerplate
   * sentences) in a bounded one; the rest is tokenised each time.
   */
  private stemsOf(text: string, repeats: TextRepeat): StemsOfText {
    // Longer texts are never cached: not even looked up (hashing them costs as much as a miss).
    const cache =
      text.length > SHORT_TEXT
        ? undefined
        : repeats === "vocabulary"
          ? this.vocabularyCache
          : repeats === "often"
            ? this.stemCache
            : undefined;
    if (cache) {
      const cached = cache.get(text);
      if (cached) return cached;
    }
    const words = this.words(text);
    const stems = words.map((word) => this.stemOfSurface(word));
    // The whole text as one word: a single word, or a hyphenated one ("T-Shirt": t, shirt and its joined form).
    const last = words[words.length - 1];
    const whole =
      stems.length === 1 ||
      (stems.length === 3 && last !== undefined && text.includes("-") && last === words.slice(0, -1).join(""))
        ? (stems[stems.length - 1] as number)
        : -1;
    const entry = { stems, whole };
    if (cache) {
      if (cache.size >= (repeats === "vocabulary" ? 20_000 : 50_000)) cache.clear();
      cache.set(text, entry);
    }
    return entry;
  }

  /** Adds a document; slots must be added in ascending order (a changed product gets a new slot). */
  addDocument(slot: number, fields: ReadonlyArray<readonly [text: string, field: TextField]>): void {
    this.beginDocument(slot);
    for (const [text, field] of fields) this.addText(text, field, "often");
    this.endDocument();
  }

  private currentSlot = -1;
  /**
   * The texts of the document added last, by their position in it, with their stems: colour siblings are added
   * one after another and repeat most of their texts (name, description, brand, categories) in the same order, so
   * a text equal to the previous document's at its position takes that one's stems without hashing it for the
   * caches (see `stemsOf`). The stems of a text never change once known.
   */
  private readonly previousTexts: string[] = [];
  private readonly previousStems: StemsOfText[] = [];
  /** Position of the next text in the current document. */
  private textAt = 0;

  /** Starts a document; `addText` its fields, then `endDocument` (no arrays of fields to allocate). */
  beginDocument(slot: number): void {
    this.currentSlot = slot;
    this.touched.length = 0;
    this.textAt = 0;
  }

  /** The stems of the current document's next text: the previous document's at that position when it is the same. */
  private stemsAt(text: string, repeats: TextRepeat): StemsOfText {
    const at = this.textAt++;
    if (this.previousTexts[at] === text) return this.previousStems[at] as StemsOfText;
    const entry = this.stemsOf(text, repeats);
    this.previousTexts[at] = text;
    this.previousStems[at] = entry;
    return entry;
  }

  /** Adds a field's text to the current document; `repeats` says how often the same text comes again. */
  addText(text: string, field: TextField, repeats: TextRepeat = "often"): void {
    if (!text) return;
    const weight = FIELD_WEIGHTS[field];
    const bit = FIELD_BITS[field];
    const stamp = this.currentSlot + 1;
    const { stems, whole } = this.stemsAt(text, repeats);
    // Indexed loops: the build runs these for every word of every text, and an iterator is an allocation in code
    // that is not (yet) fully optimised.
    for (let i = 0; i < stems.length; i++) {
      const stemId = stems[i] as number;
      if (this.stemStamp[stemId] !== stamp) {
        this.stemStamp[stemId] = stamp;
        this.stemWeight[stemId] = weight;
        this.stemFields[stemId] = bit;
        this.touched.push(stemId);
      } else if (((this.stemFields[stemId] as number) & bit) === 0) {
        this.stemFields[stemId] = (this.stemFields[stemId] as number) | bit;
        this.stemWeight[stemId] = Math.min(255, (this.stemWeight[stemId] as number) + weight);
      }
    }
    if (whole >= 0 && (field === "productType" || field === "category")) {
      if (((this.stemFields[whole] as number) & WHOLE_FIELD_BIT) === 0) {
        this.stemFields[whole] = (this.stemFields[whole] as number) | WHOLE_FIELD_BIT;
        this.stemWeight[whole] = Math.min(255, (this.stemWeight[whole] as number) + WHOLE_FIELD_BONUS);
      }
    }
  }

  endDocument(): void {
    if (this.termCache.size > 0 || this.keptMatches.size > 0) this.clearTermCache();
    // Frequencies and vocabulary change: so may the corrections and likely typos.
    if (this.correctionCache.size > 0) this.correctionCache.clear();
    if (this.likelyTypoCache.size > 0) this.likelyTypoCache.clear();
    // Which words are parts of compounds depends on their frequency: so do the compound expansions.
    if (this.partCache.size > 0) this.clearExpansions();
    const slot = this.currentSlot;
    const touched = this.touched;
    for (let i = 0; i < touched.length; i++) {
      const stemId = touched[i] as number;
      (this.postings[stemId] as Postings).push(slot, this.stemWeight[stemId] as number);
      const fields = this.stemFields[stemId] as number;
      const level = (fields & FIELD_BITS.productType) !== 0 ? 2 : (fields & VOCABULARY_FIELDS) !== 0 ? 1 : 0;
      if (level > (this.stemVocabulary[stemId] as number)) this.stemVocabulary[stemId] = level;
    }
    this.touched.length = 0;
  }

  private stemOfSurface(word: string): number {
    const known = this.surfaceIds.get(word);
    if (known !== undefined) return this.surfaceStem[known] as number;
    const stemText = stem(word, this.language);
    let stemId = this.stemIds.get(stemText);
    if (stemId === undefined) {
      stemId = this.postings.length;
      this.stemIds.set(stemText, stemId);
      this.stemText.push(stemText);
      if (COMPOUNDING.has(this.language)) this.reversedStems.push([...stemText].reverse().join(""));
      this.postings.push(new Postings());
      if (stemId >= this.stemStamp.length) {
        this.stemStamp = grow(this.stemStamp, stemId + 1, Int32Array);
        this.stemWeight = grow(this.stemWeight, stemId + 1, Uint8Array);
        this.stemFields = grow(this.stemFields, stemId + 1, Uint16Array);
        this.stemVocabulary = grow(this.stemVocabulary, stemId + 1, Uint8Array);
      }
    }
    const surfaceId = this.surfaceText.length;
    this.surfaceIds.set(word, surfaceId);
    this.surfaceText.push(word);
    this.surfaceStem.push(stemId);
    // Words with digits (sizes, references, ids) are matched exactly, never as typos.
    if (!/\d/.test(word)) {
      const byLength = this.surfacesByLength[word.length] ?? [];
      byLength.push(surfaceId);
      this.surfacesByLength[word.length] = byLength;
    }
    this.sortedSurfaces.push(surfaceId);
    this.sorted = false;
    if (this.expansionCache.size + this.correctionCache.size + this.likelyTypoCache.size > 0) this.clearExpansions();
    if (this.termCache.size > 0 || this.keptMatches.size > 0) this.clearTermCache();
    return stemId;
  }

  /** Ends a bulk build: sorts the vocabulary and trims the posting lists to their size. */
  finish(): void {
    for (const p of this.postings) p.trim();
    this.ensureSorted();
    if (COMPOUNDING.has(this.language)) this.ensureSuffixOrder();
    this.stemCache.clear();
    this.vocabularyCache.clear();
    this.previousTexts.length = 0;
    this.previousStems.length = 0;
  }

  private ensureSorted(): void {
    if (this.sorted) return;
    const text = this.surfaceText;
    this.sortedSurfaces.sort((a, b) => {
      const x = text[a] as string;
      const y = text[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    this.sorted = true;
  }

  /**
   * Synonym groups of this language on top of the default fashion set (see synonyms.ts): each term finds the
   * others (one-way groups only from the first). A hyphenated term counts as its joined form ("t-shirt" →
   * tshirt, as the index keeps it); a term of several words ("running shoes") is a phrase: its words in a row.
   */
  setSynonyms(groups: ReadonlyArray<SynonymGroup>): void {
    const words = new Map<string, string[]>();
    const phrases = new Map<string, string[][]>();
    for (const group of [...DEFAULT_SYNONYMS[this.language], ...groups]) {
      const terms = group.terms.map((t) => this.termStems(t)).filter((t) => t.length > 0);
      const sources = group.oneWay ? terms.slice(0, 1) : terms;
      for (const source of sources) {
        const key = source.join(" ");
        for (const target of terms) {
          const targetKey = target.join(" ");
          if (targetKey === key) continue;
          if (source.length === 1 && target.length === 1) {
            const targets = words.get(key) ?? [];
            if (!targets.includes(targetKey)) targets.push(targetKey);
            words.set(key, targets);
          } else {
            const targets = phrases.get(key) ?? [];
            if (!targets.some((t) => t.join(" ") === targetKey)) targets.push(target);
            phrases.set(key, targets);
          }
        }
      }
    }
    this.synonyms = words;
    this.phrases = phrases;
    this.clearExpansions();
    this.clearTermCache();
  }

  /** The stems of a synonym term's words, a hyphenated word joined, stop words dropped (unless all are). */
  private termStems(term: string): string[] {
    const words = term
      .split(/\s+/)
      .map((chunk) => tokenize(chunk, this.language, false).join(""))
      .filter((w) => w !== "");
    const meaningful = words.filter((w) => !isStopword(w, this.language));
    return (meaningful.length > 0 ? meaningful : words).map((w) => stem(w, this.language));
  }

  /**
   * Synonyms of words in a row that involve a phrase: the stems of each target, for the query words' stems
   * ("running shoes" → [[trainer]], "trainers" → [[running, shoe]]).
   */
  phraseSynonyms(stems: readonly string[]): readonly string[][] {
    return this.phrases.get(stems.join(" ")) ?? [];
  }

  /** The expansion of a stem found as a synonym, or none when the catalogue lacks it. */
  synonymExpansion(stemText: string): Expansion[] {
    const key = `s${stemText}`;
    const cached = this.expansionCache.get(key);
    if (cached) return cached;
    const id = this.stemIds.get(stemText);
    const out: Expansion[] =
      id === undefined ? [] : [{ stemId: id, quality: QUALITY_SYNONYM, word: stemText, kind: "synonym" }];
    this.expansionCache.set(key, out);
    return out;
  }

  /** Brings `stemsBySuffix` up to date: new stems inserted one by one when few, else all sorted again. */
  private ensureSuffixOrder(): void {
    const reversed = this.reversedStems;
    const sorted = this.stemsBySuffix;
    if (sorted.length === reversed.length) return;
    if (reversed.length - sorted.length > 64) {
      this.stemsBySuffix = reversed.map((_, i) => i);
      this.stemsBySuffix.sort((a, b) => {
        const x = reversed[a] as string;
        const y = reversed[b] as string;
        return x < y ? -1 : x > y ? 1 : 0;
      });
      return;
    }
    for (let id = sorted.length; id < reversed.length; id++) {
      const text = reversed[id] as string;
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((reversed[sorted[mid] as number] as string) < text) lo = mid + 1;
        else hi = mid;
      }
      sorted.splice(lo, 0, id);
    }
  }

  /**
   * Stems of compounds ending with a stem, whose first part is a modifier (see `modifierParts`): for kleid
   * "sommerkleid", "abendkleid"; not "leid" for eid. Only in languages that write compounds as one word. A head
   * the catalogue does not know (`unknownHead`, see MIN_UNKNOWN_HEAD) takes any first part.
   */
  private compoundsEndingWith(stemText: string, unknownHead = false): number[] {
    if (!COMPOUNDING.has(this.language) || stemText.length < MIN_HEAD || /\d/.test(stemText)) return [];
    this.ensureSuffixOrder();
    const sorted = this.stemsBySuffix;
    const suffix = [...stemText].reverse().join("");
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.reversedStems[sorted[mid] as number] as string) < suffix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < sorted.length && i - lo < MAX_COMPOUND_SCAN; i++) {
      const id = sorted[i] as number;
      if (!(this.reversedStems[id] as string).startsWith(suffix)) break;
      const modifier = (this.stemText[id] as string).slice(0, -stemText.length);
      if (modifier.length < MIN_MODIFIER) continue;
      if ((unknownHead && stemText.length >= MIN_UNKNOWN_HEAD) || this.modifierParts(modifier) !== undefined) {
        out.push(id);
      }
    }
    return out;
  }

  /**
   * A known word that can be a part of a compound, as the index knows it (a linking morpheme dropped: "sonnen" →
   * sonne), or undefined: a word of a product type, colour, brand or category, or found in `minDocs` products.
   */
  private knownPart(word: string, minDocs = MIN_PART_DOCS): string | undefined {
    for (const form of [word, ...LINKING.filter((l) => word.endsWith(l)).map((l) => word.slice(0, -l.length))]) {
      if (form.length < MIN_MODIFIER) continue;
      const id = this.stemIds.get(stem(form, this.language));
      if (id === undefined) continue;
      if ((this.stemVocabulary[id] as number) > 0 || this.documentFrequency(id) >= minDocs) return form;
    }
    return undefined;
  }

  /**
   * The first part of a compound as known words ("sommer"; "damensommer" → damen, sommer; see `knownPart`), or
   * undefined. A part
   * unknown on its own counts when it begins compounds with `MIN_MODIFIER_HEADS` different known heads ("stepp"
   * of Steppjacke and Steppmantel).
   */
  modifierParts(modifier: string, minDocs = MIN_PART_DOCS, depth = 0): readonly string[] | undefined {
    // Only whole answers are kept: a nested call may stop short at the depth limit.
    const key = `${minDocs}${modifier}`;
    const cached = depth === 0 ? this.partCache.get(key) : undefined;
    if (cached !== undefined) return cached ?? undefined;
    let parts: readonly string[] | undefined;
    const known = this.knownPart(modifier, minDocs);
    if (known !== undefined) parts = [known];
    else if (depth < 2) {
      for (let i = MIN_MODIFIER; i <= modifier.length - MIN_MODIFIER && parts === undefined; i++) {
        const last = this.knownPart(modifier.slice(i), minDocs);
        const first = last === undefined ? undefined : this.modifierParts(modifier.slice(0, i), minDocs, depth + 1);
        if (last !== undefined && first !== undefined) parts = [...first, last];
      }
    }
    if (parts === undefined && modifier.length >= MIN_SHARED_MODIFIER && this.sharedModifier(modifier)) {
      parts = [modifier];
    }
    if (depth === 0) this.partCache.set(key, parts ?? null);
    return parts;
  }

  /** True when words starting with `modifier` go on with `MIN_MODIFIER_HEADS` different known words. */
  private sharedModifier(modifier: string): boolean {
    const heads = new Set<number>();
    for (const surfaceId of this.prefixSurfaces(modifier, MAX_COMPOUND_SCAN)) {
      const rest = (this.surfaceText[surfaceId] as string).slice(modifier.length);
      const head = rest.length >= MIN_HEAD + 1 ? this.knownPart(rest) : undefined;
      if (head === undefined) continue;
      heads.add(this.stemIds.get(stem(head, this.language)) as number);
      if (heads.size >= MIN_MODIFIER_HEADS) return true;
    }
    return false;
  }

  /**
   * A compound the shopper typed, as its parts that are words of the catalogue (in any product: the shopper chose
   * them), longest head first ("sommerkleid" → sommer, kleid); or undefined when it is no compound of known words. A first part the catalogue does not know is left out when
   * the head is a word of its vocabulary (a product type, colour, brand or category): "abendkleid" → kleid.
   */
  splitCompound(token: string): string[] | undefined {
    if (!COMPOUNDING.has(this.language) || /\d/.test(token)) return undefined;
    let headOnly: string | undefined;
    for (let i = MIN_MODIFIER; i <= token.length - MIN_HEAD; i++) {
      const head = this.knownPart(token.slice(i), 1);
      if (head === undefined) continue;
      const modifier = this.modifierParts(token.slice(0, i), 1);
      if (modifier !== undefined) return [...modifier, head];
      if (headOnly === undefined && head.length >= MIN_HEAD + 1 && this.isVocabulary(head)) headOnly = head;
    }
    return headOnly === undefined ? undefined : [headOnly];
  }

  private clearExpansions(): void {
    this.expansionCache.clear();
    this.partCache.clear();
    this.correctionCache.clear();
    this.likelyTypoCache.clear();
  }

  private clearTermCache(): void {
    this.termCache.clear();
    this.termCacheDocs = 0;
    // Their arrays stay, for the answers after the change.
    for (const kept of this.keptMatches.values()) this.spareMatchBuffers.push(kept.buffer);
    this.keptMatches.clear();
  }

  private matchKey(query: string, capacity: number, live: Uint32Array | undefined): string {
    let scope = 0;
    if (live !== undefined) {
      scope = this.scopeIds.get(live) ?? 0;
      if (scope === 0) {
        scope = ++scopeCount;
        this.scopeIds.set(live, scope);
      }
    }
    return `${scope}|${capacity}|${query}`;
  }

  /**
   * The answer of a query kept by `keepMatch` for the same scope, if the index has not changed since. The search
   * box asks for a word's products and its categories and brands at once, and the results page for the same
   * words next: a short prefix's answer (hundreds of thousands of documents) is merged once for them. The arrays
   * are shared, and reused for a later answer: read them only, before the next query is matched (as the index's
   * own answers, which are its scratch space).
   */
  keptMatch(query: string, capacity: number, live: Uint32Array | undefined): TextMatch | undefined {
    const key = this.matchKey(query, capacity, live);
    const kept = this.keptMatches.get(key);
    if (kept === undefined) return undefined;
    this.keptMatches.delete(key);
    this.keptMatches.set(key, kept);
    this.keptMatchHits++;
    return kept.match;
  }

  /**
   * Keeps a copy of a query's answer when it is large enough to be worth it (see `keptMatch`); returns the copy,
   * or the answer itself.
   */
  keepMatch(query: string, capacity: number, live: Uint32Array | undefined, match: TextMatch): TextMatch {
    if (match.count < KEPT_MATCH_MIN_DOCS) return match;
    // Arrays are reused (a spare one, else the oldest answer's): a kept answer is megabytes, and new arrays each
    // keystroke or catalogue change would be garbage for the major collections. Each has room for every slot, up
    // to a share of KEPT_MATCH_DOCS, so that any later answer fits.
    if (this.keptMatches.size >= KEPT_MATCHES) {
      const [oldest, dropped] = this.keptMatches.entries().next().value as [string, { buffer: MatchBuffer }];
      this.keptMatches.delete(oldest);
      this.spareMatchBuffers.push(dropped.buffer);
    }
    let at = this.spareMatchBuffers.findIndex((b) => b.slots.length >= match.count);
    if (at < 0) {
      const room = Math.max(match.count, Math.min(capacity, Math.floor(KEPT_MATCH_DOCS / KEPT_MATCHES)));
      // Room for a new one: spare arrays too small go first.
      while (this.keptMatchRoom + room > KEPT_MATCH_DOCS && this.spareMatchBuffers.length > 0) {
        this.keptMatchRoom -= (this.spareMatchBuffers.pop() as MatchBuffer).slots.length;
      }
      if (this.keptMatchRoom + room > KEPT_MATCH_DOCS) return match;
      this.spareMatchBuffers.push({ slots: new Int32Array(room), scores: new Float32Array(room) });
      this.keptMatchRoom += room;
      at = this.spareMatchBuffers.length - 1;
    }
    const [buffer] = this.spareMatchBuffers.splice(at, 1) as [MatchBuffer];
    buffer.slots.set(match.slots.subarray(0, match.count));
    buffer.scores.set(match.scores.subarray(0, match.count));
    const kept: TextMatch = {
      slots: buffer.slots.subarray(0, match.count),
      scores: buffer.scores.subarray(0, match.count),
      count: match.count,
    };
    this.keptMatches.set(this.matchKey(query, capacity, live), { match: kept, buffer });
    return kept;
  }

  documentFrequency(stemId: number): number {
    return this.postings[stemId]?.length ?? 0;
  }

  /**
   * What a query word can match: its stem, synonyms, as the last word prefixes, and, for a word the catalogue
   * does not know, words within the typo budget.
   */
  expand(token: string, options: { prefix: boolean; typos: boolean }): Expansion[] {
    const key = `${options.prefix ? "p" : "-"}${options.typos ? "t" : "-"}${token}`;
    const cached = this.expansionCache.get(key);
    if (cached) return cached;
    const out: Expansion[] = [];
    const seen = new Set<number>();
    const add = (stemId: number, quality: number, word: string, kind: Expansion["kind"]) => {
      if (seen.has(stemId)) {
        const existing = out.find((e) => e.stemId === stemId);
        if (existing && existing.quality < quality) {
          existing.quality = quality;
          existing.kind = kind;
          existing.word = word;
        }
        return;
      }
      seen.add(stemId);
      out.push({ stemId, quality, word, kind });
    };
    const stemText = stem(token, this.language);
    const exact = this.stemIds.get(stemText);
    if (exact !== undefined) add(exact, QUALITY_EXACT, token, "exact");
    for (const synonym of this.synonyms.get(stemText) ?? []) {
      const id = this.stemIds.get(synonym);
      if (id !== undefined) add(id, QUALITY_SYNONYM, synonym, "synonym");
    }
    for (const id of this.compoundsEndingWith(stemText, exact === undefined)) {
      add(id, QUALITY_COMPOUND, this.stemText[id] as string, "compound");
    }
    if (options.prefix) {
      const quality = exact !== undefined ? QUALITY_PREFIX_OF_KNOWN_WORD : QUALITY_PREFIX;
      for (const surfaceId of this.prefixSurfaces(token)) {
        add(this.surfaceStem[surfaceId] as number, quality, this.surfaceText[surfaceId] as string, "prefix");
      }
    }
    // A word the catalogue knows is no typo: its near spellings ("black": blank, "boots": boats) are other words.
    // Unless it is a rare misspelling the catalogue itself contains ("dresss" in a name; see `likelyTypo`).
    if (options.typos && (exact === undefined || this.likelyTypo(token))) {
      const budget = allowedTypos(token.length);
      if (budget > 0) {
        for (const { surfaceId, distance } of this.similarSurfaces(token, budget)) {
          add(
            this.surfaceStem[surfaceId] as number,
            distance === 1 ? QUALITY_ONE_TYPO : QUALITY_TWO_TYPOS,
            this.surfaceText[surfaceId] as string,
            "typo",
          );
        }
      }
    }
    if (this.expansionCache.size >= EXPANSION_CACHE_SIZE) {
      this.clearExpansions();
      this.clearTermCache();
    }
    this.expansionCache.set(key, out);
    return out;
  }

  /** Surface words starting with `prefix`, the most frequent first. */
  prefixSurfaces(prefix: string, limit = MAX_PREFIX_EXPANSIONS): number[] {
    if (prefix === "") return [];
    this.ensureSorted();
    const sorted = this.sortedSurfaces;
    const text = this.surfaceText;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((text[sorted[mid] as number] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < sorted.length && found.length < MAX_PREFIX_SCAN; i++) {
      const id = sorted[i] as number;
      if (!(text[id] as string).startsWith(prefix)) break;
      found.push(id);
    }
    if (found.length > limit) {
      found.sort((a, b) => this.surfaceFrequency(b) - this.surfaceFrequency(a));
      found.length = limit;
    }
    return found;
  }

  private surfaceFrequency(surfaceId: number): number {
    return this.documentFrequency(this.surfaceStem[surfaceId] as number);
  }

  /** Surface words within `budget` edits of `token` (not the token itself). */
  similarSurfaces(token: string, budget: number): { surfaceId: number; distance: number }[] {
    const out: { surfaceId: number; distance: number }[] = [];
    const len = token.length;
    for (let l = Math.max(1, len - budget); l <= len + budget; l++) {
      const bucket = this.surfacesByLength[l];
      if (!bucket) continue;
      for (const surfaceId of bucket) {
        const word = this.surfaceText[surfaceId] as string;
        if (word === token) continue;
        const d = boundedDistance(token, word, budget);
        if (d <= budget) out.push({ surfaceId, distance: d });
      }
    }
    return out;
  }

  /** True when the word (or its stem) is in the vocabulary. */
  knows(token: string): boolean {
    return this.surfaceIds.has(token) || this.stemIds.has(stem(token, this.language));
  }

  /**
   * True for a word the catalogue contains that is most likely misspelt there: a rare word (in at most
   * `RARE_WORD_DOCS` products) that is no product type, colour, brand or category, within the typo budget of a
   * vocabulary word found in ten times as many products ("dresss" next to dress, "sandels" next to sandals).
   * Such a word also matches as a typo, so the products it means rank by their fields.
   */
  likelyTypo(token: string): boolean {
    const cached = this.likelyTypoCache.get(token);
    if (cached !== undefined) return cached;
    const answer = this.computeLikelyTypo(token);
    if (this.likelyTypoCache.size >= EXPANSION_CACHE_SIZE) this.likelyTypoCache.clear();
    this.likelyTypoCache.set(token, answer);
    return answer;
  }

  private computeLikelyTypo(token: string): boolean {
    const stemId = this.stemIds.get(stem(token, this.language));
    if (stemId === undefined || (this.stemVocabulary[stemId] as number) > 0) return false;
    const frequency = this.documentFrequency(stemId);
    const budget = allowedTypos(token.length);
    if (frequency > RARE_WORD_DOCS || budget === 0 || /\d/.test(token)) return false;
    for (const { surfaceId } of this.similarSurfaces(token, budget)) {
      const other = this.surfaceStem[surfaceId] as number;
      if (
        other !== stemId &&
        (this.stemVocabulary[other] as number) > 0 &&
        this.documentFrequency(other) >= frequency * 10
      ) {
        return true;
      }
    }
    return false;
  }

  /** True when the stem of a word is one of a product type, colour, brand or category. */
  isVocabulary(token: string): boolean {
    const id = this.stemIds.get(stem(token, this.language));
    return id !== undefined && (this.stemVocabulary[id] as number) > 0;
  }

  /**
   * Known words close to a word the catalogue does not contain (did-you-mean candidates), best first: fewest
   * edits, then words of the catalogue's vocabulary (product types first, then colours, brands, categories), then the most
   * frequent. Short words get one edit, from 7 letters vocabulary words two, from 8 letters any word two.
   */
  corrections(token: string, limit = 5): string[] {
    let all = this.correctionCache.get(token);
    if (all === undefined) {
      all = this.computeCorrections(token);
      if (this.correctionCache.size >= EXPANSION_CACHE_SIZE) this.correctionCache.clear();
      this.correctionCache.set(token, all);
    }
    return all.slice(0, limit);
  }

  /** Up to `MAX_CORRECTIONS` candidates, best first. */
  private computeCorrections(token: string): string[] {
    const limit = MAX_CORRECTIONS;
    if (this.knows(token) || token.length < 4 || /\d/.test(token)) return [];
    const budget = token.length >= 7 ? 2 : 1;
    const candidates: { word: string; stemId: number; distance: number; vocabulary: number; frequency: number }[] = [];
    for (const candidate of this.similarSurfaces(token, budget)) {
      const stemId = this.surfaceStem[candidate.surfaceId] as number;
      const vocabulary = this.stemVocabulary[stemId] as number;
      if (candidate.distance === 2 && token.length < 8 && vocabulary === 0) continue;
      candidates.push({
        word: this.surfaceText[candidate.surfaceId] as string,
        stemId,
        distance: candidate.distance,
        vocabulary,
        frequency: this.documentFrequency(stemId),
      });
    }
    candidates.sort(
      (a, b) =>
        a.distance - b.distance ||
        b.vocabulary - a.vocabulary ||
        b.frequency - a.frequency ||
        (a.word < b.word ? -1 : 1),
    );
    // One candidate per stem: its closest spelling.
    const seen = new Set<number>();
    const unique = candidates.filter((c) => !seen.has(c.stemId) && seen.add(c.stemId));
    return unique.slice(0, limit).map((c) => c.word);
  }

  /** The best did-you-mean candidate for a word the catalogue does not contain (see `corrections`). */
  correction(token: string): string | undefined {
    return this.corrections(token, 1)[0];
  }

  private ensureScratch(capacity: number): void {
    if (this.best.length >= capacity) return;
    this.best = new Uint16Array(Math.max(capacity, this.best.length * 2, 1024));
  }

  /**
   * The merged posting list of one query word's expansions, from the cache or built (and cached) now. Built by
   * marking every document of every expansion with its best score, then sorting the documents.
   */
  private termPostings(expansions: readonly Expansion[], capacity: number, scratchAt: number): TermPostings {
    const cached = this.termCache.get(expansions);
    if (cached) {
      // Most recently used last: the cache drops from the front.
      this.termCache.delete(expansions);
      this.termCache.set(expansions, cached);
      return cached;
    }
    const cost = this.expansionsCost(expansions);
    let term: TermPostings;
    const only = expansions.length === 1 ? (expansions[0] as Expansion) : undefined;
    if (only) {
      // One expansion: its posting list as it is (documents are ascending), scores times its quality. The view
      // stays valid: the cache is dropped before a posting list changes.
      const p = this.postings[only.stemId] as Postings;
      // A list too large for the cache scores into scratch space, as a large union does (see below).
      const scores =
        p.length <= this.termCacheLimit / 4 ? new Float32Array(p.length) : this.unionOutput(scratchAt, p.length).scores;
      const factor = only.quality / WEIGHT_SCALE;
      for (let k = 0; k < p.length; k++) scores[k] = (p.weights[k] as number) * factor;
      term = { docs: p.docs.subarray(0, p.length), scores, cost };
    } else {
      this.ensureScratch(capacity);
      if (this.unionScratch.length < cost)
        this.unionScratch = new Int32Array(Math.max(cost, this.unionScratch.length * 2));
      // Each document's best `weight × quality` as an integer (quality in tenths, plus one: 0 is "not found"),
      // in a 2-byte array that is all zeros between unions: a quarter of the memory of 4-byte marks and float
      // scores, which is what a short prefix's union of millions of postings costs.
      const best = this.best;
      const found = this.unionScratch;
      let count = 0;
      let min = capacity;
      let max = -1;
      for (const e of expansions) {
        const p = this.postings[e.stemId] as Postings;
        const pDocs = p.docs;
        const weights = p.weights;
        const tenths = Math.round(e.quality * 10);
        for (let k = 0; k < p.length; k++) {
          const doc = pDocs[k] as number;
          const w = (weights[k] as number) * tenths + 1;
          const was = best[doc] as number;
          if (was === 0) {
            best[doc] = w;
            found[count++] = doc;
            if (doc < min) min = doc;
            if (doc > max) max = doc;
          } else if (w > was) best[doc] = w;
        }
      }
      // A union too large for the cache (a short prefix's) lives until the end of this match only: it is written
      // to scratch space rather than to new arrays of up to a million entries each time.
      const { docs, scores } =
        count <= this.termCacheLimit / 4
          ? { docs: new Int32Array(count), scores: new Float32Array(count) }
          : this.unionOutput(scratchAt, count);
      // The score as the single-expansion path computes it: weight × quality / WEIGHT_SCALE, kept as a float32
      // (quality in tenths gives the same float32 for every weight and quality there is).
      const scale = 10 * WEIGHT_SCALE;
      if (count * 16 >= max - min + 1) {
        // Dense (short prefixes match much of the catalogue): sweeping the range is cheaper than sorting.
        let n = 0;
        for (let doc = min; doc <= max; doc++) {
          const v = best[doc] as number;
          if (v !== 0) {
            best[doc] = 0;
            docs[n] = doc;
            scores[n++] = (v - 1) / scale;
          }
        }
      } else {
        docs.set(found.subarray(0, count));
        docs.sort();
        for (let k = 0; k < count; k++) {
          const doc = docs[k] as number;
          scores[k] = ((best[doc] as number) - 1) / scale;
          best[doc] = 0;
        }
      }
      term = { docs, scores, cost };
    }
    if (term.docs.length <= this.termCacheLimit / 4) {
      while (
        this.termCache.size > 0 &&
        (this.termCache.size >= TERM_CACHE_ENTRIES || this.termCacheDocs + term.docs.length > this.termCacheLimit)
      ) {
        const [oldest, dropped] = this.termCache.entries().next().value as [readonly Expansion[], TermPostings];
        this.termCache.delete(oldest);
        this.termCacheDocs -= dropped.docs.length;
      }
      this.termCache.set(expansions, term);
      this.termCacheDocs += term.docs.length;
    }
    return term;
  }

  /** Scratch space of the unions too large for the cache, one per word of a match (see `termPostings`). */
  private readonly unionOutputs: { docs: Int32Array; scores: Float32Array }[] = [];

  private unionOutput(at: number, count: number): { docs: Int32Array; scores: Float32Array } {
    let output = this.unionOutputs[at];
    if (!output || output.docs.length < count) {
      const size = Math.max(count, (output?.docs.length ?? 0) * 2);
      output = { docs: new Int32Array(size), scores: new Float32Array(size) };
      this.unionOutputs[at] = output;
    }
    return { docs: output.docs.subarray(0, count), scores: output.scores.subarray(0, count) };
  }

  private unionScratch = new Int32Array(1024);
  private candidates = new Int32Array(1024);
  private candidateScores = new Float32Array(1024);
  /** Per candidate: its best `weight × quality` (as `termPostings` marks it) in the word being probed. */
  private candidateBest = new Uint16Array(1024);

  /**
   * Documents containing every query word (each through any of its expansions), scored by the sum over the
   * words of the best field weight times the expansion quality. `live` is a bitset of the slots that count (a
   * store's slots, bit `slot & 31` of word `slot >>> 5`); without it every slot counts. Each word's expansions are merged into one sorted
   * posting list (cached between queries), so the words intersect by merging sorted lists. The answer's arrays
   * are scratch space of this index: valid until its next `match`.
   */
  match(expansions: readonly (readonly Expansion[])[], capacity: number, live?: Uint32Array): TextMatch {
    if (expansions.length === 0 || expansions.some((e) => e.length === 0)) {
      return { slots: new Int32Array(0), scores: new Float32Array(0), count: 0 };
    }
    // Rarest word first: the candidate set only shrinks. (The sort is stable: equal costs keep query order.)
    const words = expansions
      .map((list, at) => ({ list, at, cost: this.termCache.get(list)?.cost ?? this.expansionsCost(list) }))
      .sort((a, b) => a.cost - b.cost);

    const rarest = words[0] as (typeof words)[number];
    const first = this.termPostings(rarest.list, capacity, rarest.at);
    if (this.candidates.length < first.docs.length) {
      const size = Math.max(first.docs.length, this.candidates.length * 2);
      this.candidates = new Int32Array(size);
      this.candidateScores = new Float32Array(size);
      this.candidateBest = new Uint16Array(size);
    }
    const candidates = this.candidates;
    const scores = this.candidateScores;
    let count = 0;
    {
      const docs = first.docs;
      const firstScores = first.scores;
      for (let k = 0; k < docs.length; k++) {
        const doc = docs[k] as number;
        // A slot past the end of the bitset reads undefined, which counts as absent.
        if (live !== undefined && ((live[doc >>> 5] as number) & (1 << (doc & 31))) === 0) continue;
        candidates[count] = doc;
        scores[count++] = firstScores[k] as number;
      }
    }
    for (let round = 1; round < words.length && count > 0; round++) {
      const word = words[round] as (typeof words)[number];
      if (textProbes.enabled && this.probesCheaper(word.list, word.cost, count)) {
        textProbes.used++;
        count = this.probeExpansions(word.list, count);
        continue;
      }
      const term = this.termPostings(word.list, capacity, word.at);
      const docs = term.docs;
      const termScores = term.scores;
      const length = docs.length;
      let kept = 0;
      let k = 0;
      for (let c = 0; c < count && k < length; c++) {
        const doc = candidates[c] as number;
        k = seek(docs, length, k, doc);
        if (k < length && docs[k] === doc) {
          candidates[kept] = doc;
          // Float32 storage rounds the sum the same way for every query.
          scores[kept++] = (scores[c] as number) + (termScores[k] as number);
        }
      }
      count = kept;
    }
    return { slots: candidates.subarray(0, count), scores: scores.subarray(0, count), count };
  }

  /** The sum of the expansions' document frequencies (a merged list's `cost`). */
  private expansionsCost(expansions: readonly Expansion[]): number {
    let cost = 0;
    for (const e of expansions) cost += this.documentFrequency(e.stemId);
    return cost;
  }

  /**
   * Whether the candidates left are better looked up in each expansion's posting list than in the word's merged
   * list, built now: a word of many expansions (a prefix, typos, compounds) whose merged list is not kept yet and
   * is far longer than the candidates ("Shorts Baumwolle": a few thousand shorts, the union of every word of
   * cotton). A lookup gallops from the previous one: about log2 of the gap per candidate and expansion.
   */
  private probesCheaper(expansions: readonly Expansion[], cost: number, count: number): boolean {
    if (expansions.length < 2 || this.termCache.has(expansions)) return false;
    let probes = 0;
    for (const e of expansions) probes += count * (2 + Math.log2(1 + this.documentFrequency(e.stemId) / count));
    // Building the merged list writes and sorts every posting: a few times a lookup step each.
    return probes < cost * PROBE_ADVANTAGE;
  }

  /**
   * Keeps the candidates found in any of the expansions' posting lists, adding the best `weight × quality` over
   * them, computed as `termPostings` merges it (the same float32 score); returns how many are kept.
   */
  private probeExpansions(expansions: readonly Expansion[], count: number): number {
    const candidates = this.candidates;
    const scores = this.candidateScores;
    const best = this.candidateBest;
    best.fill(0, 0, count);
    for (const e of expansions) {
      const p = this.postings[e.stemId] as Postings;
      const docs = p.docs;
      const weights = p.weights;
      const length = p.length;
      const tenths = Math.round(e.quality * 10);
      let k = 0;
      for (let c = 0; c < count && k < length; c++) {
        const doc = candidates[c] as number;
        k = seek(docs, length, k, doc);
        if (k < length && docs[k] === doc) {
          const w = (weights[k] as number) * tenths + 1;
          if (w > (best[c] as number)) best[c] = w;
        }
      }
    }
    const scale = 10 * WEIGHT_SCALE;
    let kept = 0;
    for (let c = 0; c < count; c++) {
      const w = best[c] as number;
      if (w === 0) continue;
      candidates[kept] = candidates[c] as number;
      scores[kept++] = (scores[c] as number) + Math.fround((w - 1) / scale);
    }
    return kept;
  }
}

/**
 * The first position from `k` whose document is at least `doc` (or `length`), in an ascending posting list:
 * galloping, step 1, 2, 4… ahead until past it, then a binary search of that stretch. Cheap both for few
 * candidates in a long list and for lists of similar length.
 */
function seek(docs: Int32Array, length: number, k: number, doc: number): number {
  if (k >= length || (docs[k] as number) >= doc) return k;
  let step = 1;
  let lo = k + 1;
  let hi = k + step;
  while (hi < length && (docs[hi] as number) < doc) {
    lo = hi + 1;
    step *= 2;
    hi = k + step;
  }
  if (hi >= length) hi = length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if ((docs[mid] as number) < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * How much cheaper than the merged list the lookups of `probesCheaper` must be estimated (a lookup step costs
 * about as much as writing and sorting one posting of a merge).
 */
const PROBE_ADVANTAGE = 2;

/**
 * Whether `match` may look a word's candidates up in each expansion's list rather than build its merged list
 * (`used` counts the words it did). Off: every word is merged (tests compare both).
 */
export const textProbes = { enabled: true, used: 0 };
