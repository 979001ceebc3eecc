import type { Language } from "@vitrine/commerce";
import { allowedTypos, boundedDistance } from "../engine/edit-distance.ts";
import { foldText, isStopword, queryTokens, stem, tokenize } from "../engine/normalize.ts";
import { type Expansion, type TextField, TextIndex } from "../engine/text-index.ts";
import { HELP_CATEGORY_LABELS, type HelpDocument } from "./documents.ts";

/**
 * The help centre's document index of one language, next to the product index and built on the same engine:
 * the same tokenising, stemming, folding and typo tolerance (`TextIndex`). Two indexes: one of whole documents
 * (the classic search's results) and one of passages (the answers' sources).
 */

/** Words that carry no meaning in a shopper's question (on top of the engine's stop words). */
const QUESTION_WORDS: Record<Language, ReadonlySet<string>> = {
  de: new Set(
    "ich mich mir mein meine meinen meinem meiner du dich dir dein deine ihr euch wir uns unser unsere sie es er man was wie wo wann warum wieso weshalb welche welcher welches wer wen wem kann konnen konnte muss mussen darf durfen soll sollte will mochte gibt gibt's ist sind bin bist war wird werden wurde habe hast hat haben hatte noch schon auch nur bitte dass ob wenn als denn doch mal so da hier dort etwas einen einem noch nicht kein keine keinen lange viel viele uber nach vom beim ins bis ja nein gern gerne eigentlich jetzt heute dieser diese dieses sich bekomme bekommen bekommst kriege lassen nun kam kamen tun mache machen bedeutet bedeuten heisst geht gehen moglich nehmen nehme brauche etwas ab an".split(
      " ",
    ),
  ),
  fr: new Set(
    "je j me m moi mon ma mes tu te toi ton ta tes vous votre vos nous notre nos il elle ils elles on ce c cet cette ces qui que qu quoi quel quelle quels quelles comment combien pourquoi quand ou est sont suis es etre ai as avez avons ont peut peux pouvez puis dois doit devez faut faire fait y il-y ne pas plus encore deja aussi bien si est-ce ca cela s se sa son ses leur leurs dans chez apres avant tres prend prendre prends vais va vont recevoir recois obtenir veut veux voulez dire proposez proposer acceptez accepter coutent coute possible temps passe t devient on faire fais".split(
      " ",
    ),
  ),
  en: new Set(
    "i me my mine you your yours we our us he she it its they them their what how where when why which who whom can could do does did is are am was were be been will would should shall may might must have has had get got there here this that these those any some not no yes please still long much many about after at as if into out so than then too very just offer accept mean means happen take need want".split(
      " ",
    ),
  ),
};

/** Words shoppers use for the same thing in the help centre (each group: any word finds the others). */
const HELP_SYNONYMS: Record<Language, readonly (readonly string[])[]> = {
  de: [
    ["rücksendung", "retoure", "rückgabe", "zurückschicken", "zurücksenden", "zurückgeben"],
    ["lieferung", "versand", "zustellung", "liefern", "versenden", "verschicken"],
    ["lieferzeit", "lieferdauer"],
    ["kosten", "gebühr", "gebühren", "kostet"],
    ["paket", "sendung"],
    ["stornieren", "storno", "stornierung", "widerrufen"],
    ["kundenkonto", "konto", "account"],
    ["passwort", "kennwort"],
    ["gutschein", "aktionscode", "rabattcode", "gutscheincode"],
    ["filiale", "laden", "geschäft"],
    ["erstattung", "rückerstattung", "rückzahlung", "erstatten"],
    ["umtausch", "umtauschen", "tauschen"],
    ["waschen", "wäsche", "reinigen"],
    ["einlösen", "löse", "lösen"],
    ["kaputt", "beschädigt", "defekt"],
    ["größe", "grösse"],
  ],
  fr: [
    ["retour", "retourner", "renvoyer", "rendre"],
    ["livraison", "expédition", "envoi", "livrer", "expédier"],
    ["colis", "paquet"],
    ["annuler", "annulation"],
    ["compte", "profil"],
    ["magasin", "boutique"],
    ["remboursement", "rembourser", "remboursé"],
    ["échange", "échanger"],
    ["frais", "coût", "prix", "payant"],
    ["laver", "lavage", "nettoyer"],
    ["abîmé", "endommagé", "cassé", "défectueux"],
  ],
  en: [
    ["return", "returns", "returning"],
    ["delivery", "shipping", "deliver", "ship", "shipped"],
    ["parcel", "package"],
    ["cancel", "cancellation"],
    ["account", "profile"],
    ["store", "shop", "branch"],
    ["refund", "refunded", "reimbursed"],
    ["exchange", "swap"],
    ["voucher", "coupon", "promo"],
    ["cost", "costs", "fee", "charge", "price"],
    ["wash", "washing", "clean"],
    ["damaged", "broken", "faulty", "defective"],
  ],
};

/** Weights of a document's fields (the engine's field weights, under its field names). */
const DOC_FIELDS = {
  title: "name",
  summary: "brand",
  category: "category",
  heading: "productType",
  body: "description",
} as const;
/** Weights of a passage's fields: its heading, the text itself, then what the whole document is about. */
const PASSAGE_FIELDS = {
  heading: "name",
  docTitle: "name",
  text: "category",
  summary: "brand",
  category: "attribute",
} as const;
const MAX_FIELD_WEIGHT = 10;
/** Partial match: the share of a query's words a document must contain when no document contains them all. */
const PARTIAL_MATCH_SHARE = 0.6;

export interface Highlight {
  offset: number;
  length: number;
}

export interface DocumentHit {
  doc: number;
  score: number;
}

export interface WordCorrection {
  offset: number;
  length: number;
  originalWord: string;
  correctedWord: string;
}

export interface AnswerPassage {
  doc: number;
  passage: number;
  heading: string;
  text: string;
  score: number;
  coverage: number;
}

export interface AnswerResult {
  cannotAnswer: boolean;
  passages: AnswerPassage[];
  /** Documents cited, best first (the documents the passages come from). */
  citations: number[];
  /** Share of the question's meaning (idf-weighted words) the best passage covers. */
  coverage: number;
}

/** Tuning of the answers (see `npm run bench:answers`). */
export const ANSWER_TUNING = {
  /** The best passage must cover this share of the question's (idf-weighted) words. */
  minCoverage: 0.55,
  /** Further passages join when they score at least this share of the best one. */
  followRatio: 0.75,
  maxPassages: 3,
  maxDocuments: 2,
};

export class HelpIndex {
  readonly language: Language;
  readonly documents: readonly HelpDocument[];
  private readonly docIndex: TextIndex;
  private readonly passageIndex: TextIndex;
  /** Every passage: its document and its place in the document. */
  readonly passages: { doc: number; index: number }[] = [];
  private readonly completions: string[];
  /** Every word of the documents (folded) with how it is written and how often it occurs: for corrections. */
  private readonly vocabulary = new Map<string, { word: string; count: number }>();

  constructor(language: Language, documents: readonly HelpDocument[], synonyms: readonly (readonly string[])[] = []) {
    this.language = language;
    this.documents = documents;
    this.docIndex = new TextIndex(language);
    this.passageIndex = new TextIndex(language);
    const groups = [...HELP_SYNONYMS[language], ...synonyms].map((terms) => ({ terms: [...terms], oneWay: false }));
    this.docIndex.setSynonyms(groups);
    this.passageIndex.setSynonyms(groups);
    documents.forEach((d, slot) => {
      const category = HELP_CATEGORY_LABELS[d.category][language];
      const fields: [string, TextField][] = [
        [d.title, DOC_FIELDS.title],
        [d.summary, DOC_FIELDS.summary],
        [category, DOC_FIELDS.category],
      ];
      for (const p of d.passages) {
        if (p.heading !== d.title) fields.push([p.heading, DOC_FIELDS.heading]);
        fields.push([p.text, DOC_FIELDS.body]);
      }
      this.docIndex.addDocument(slot, fields);
    });
    documents.forEach((d, doc) => {
      const category = HELP_CATEGORY_LABELS[d.category][language];
      d.passages.forEach((p, index) => {
        const slot = this.passages.length;
        this.passages.push({ doc, index });
        this.passageIndex.addDocument(slot, [
          [p.heading, PASSAGE_FIELDS.heading],
          [d.title, PASSAGE_FIELDS.docTitle],
          [p.text, PASSAGE_FIELDS.text],
          [d.summary, PASSAGE_FIELDS.summary],
          [category, PASSAGE_FIELDS.category],
        ]);
      });
    });
    this.docIndex.finish();
    this.passageIndex.finish();
    for (const d of documents) {
      for (const text of [d.title, d.summary, ...d.passages.flatMap((p) => [p.heading, p.text])]) {
        for (const m of text.matchAll(/\p{L}+/gu)) {
          const folded = foldText(m[0], language);
          const known = this.vocabulary.get(folded);
          if (known) known.count++;
          else this.vocabulary.set(folded, { word: m[0].toLowerCase(), count: 1 });
        }
      }
    }
    const seen = new Set<string>();
    this.completions = [];
    for (const d of documents) {
      for (const text of [d.title, ...d.passages.map((p) => p.heading)]) {
        const phrase = text.replace(/[?!.:]+$/, "").trim();
        const key = phrase.toLowerCase();
        if (!seen.has(key) && phrase.length <= 80) {
          seen.add(key);
          this.completions.push(phrase);
        }
      }
    }
  }

  get size(): number {
    return this.documents.length;
  }

  /** A word of the language the index knows exactly (its stem or a synonym's). */
  private known(index: TextIndex, word: string): boolean {
    return index.expand(word, { prefix: false, typos: false }).length > 0;
  }

  /**
   * The query's words: the engine's tokens; a word the index does not know is split into two it knows when it
   * is a compound ("Lieferzeit" → liefer + zeit, "Versandkosten" → versand + kosten).
   */
  words(query: string, index: TextIndex = this.docIndex, dropQuestionWords = false): string[] {
    let tokens = queryTokens(query, this.language);
    if (dropQuestionWords) {
      const meaningful = tokens.filter((t) => !QUESTION_WORDS[this.language].has(t));
      tokens = meaningful;
    }
    const out: string[] = [];
    for (const token of tokens) {
      if (token.length >= 7 && !/\d/.test(token) && !this.known(index, token)) {
        const split = this.decompound(index, token);
        if (split) {
          out.push(...split);
          continue;
        }
      }
      out.push(token);
    }
    return out;
  }

  private decompound(index: TextIndex, token: string): string[] | undefined {
    for (let i = token.length - 3; i >= 3; i--) {
      const head = token.slice(0, i);
      const tail = token.slice(i);
      if (!this.known(index, tail)) continue;
      if (this.known(index, head)) return [head, tail];
      // German joins with -s- or -e- (Versandskosten, Rücksendeetikett).
      const trimmed = head.slice(0, -1);
      if ((head.endsWith("s") || head.endsWith("e")) && trimmed.length >= 3 && this.known(index, trimmed))
        return [trimmed, tail];
    }
    return undefined;
  }

  private expansions(index: TextIndex, words: readonly string[], prefixLast: boolean): Expansion[][] {
    return words.map((word, i) => index.expand(word, { prefix: prefixLast && i === words.length - 1, typos: true }));
  }

  /**
   * Documents matching every word of the query (typos and prefixes as the product search allows), best first.
   * A question finds nothing that way ("How do I redeem a gift card?"): then its question words are dropped,
   * and if that still finds nothing, a document matching 60 % of the words counts (partial match, from three
   * words on).
   */
  search(query: string): DocumentHit[] {
    const words = this.words(query);
    if (words.length === 0) return this.documents.map((_, doc) => ({ doc, score: 0 }));
    let hits = this.matchAll(words);
    if (hits.length > 0) return hits;
    const meaningful = words.filter((w) => !QUESTION_WORDS[this.language].has(w));
    if (meaningful.length > 0 && meaningful.length < words.length) {
      hits = this.matchAll(meaningful);
      if (hits.length > 0) return hits;
    }
    const partial = meaningful.length > 0 ? meaningful : words;
    if (partial.length < 3) return [];
    const needed = Math.ceil(partial.length * PARTIAL_MATCH_SHARE);
    const found = new Map<number, { words: number; score: number }>();
    partial.forEach((word, i) => {
      const expansions = this.docIndex.expand(word, { prefix: i === partial.length - 1, typos: true });
      const match = this.docIndex.match([expansions], this.documents.length);
      for (let k = 0; k < match.count; k++) {
        const doc = match.slots[k] as number;
        const entry = found.get(doc) ?? { words: 0, score: 0 };
        entry.words++;
        entry.score += match.scores[k] as number;
        found.set(doc, entry);
      }
    });
    for (const [doc, entry] of found) if (entry.words >= needed) hits.push({ doc, score: entry.score });
    hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return hits;
  }

  private matchAll(words: readonly string[]): DocumentHit[] {
    const match = this.docIndex.match(this.expansions(this.docIndex, words, true), this.documents.length);
    const hits: DocumentHit[] = [];
    for (let k = 0; k < match.count; k++)
      hits.push({ doc: match.slots[k] as number, score: match.scores[k] as number });
    hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return hits;
  }

  /** Documents containing a word exactly (after folding and stemming): query syntax's free words. */
  containing(word: string): Set<number> {
    const out = new Set<number>();
    for (const w of this.words(word)) {
      const expansions = this.docIndex.expand(w, { prefix: false, typos: false });
      const match = this.docIndex.match([expansions], this.documents.length);
      for (let k = 0; k < match.count; k++) out.add(match.slots[k] as number);
    }
    return out;
  }

  /**
   * A correction of a query that finds nothing: each word the index does not know replaced by the closest
   * word it does (the most frequent within the typo budget), when the corrected query finds something.
   */
  correction(query: string): { correctedQuery: string; wordCorrections: WordCorrection[] } | undefined {
    const corrections: WordCorrection[] = [];
    let corrected = "";
    let last = 0;
    const wordPattern = /[\p{L}\p{N}]+/gu;
    for (const m of query.matchAll(wordPattern)) {
      const original = m[0];
      const folded = foldText(original, this.language);
      if (folded.length < 4 || /\d/.test(folded) || isStopword(folded, this.language)) continue;
      const expansions = this.docIndex.expand(folded, { prefix: false, typos: false });
      if (expansions.length > 0) continue;
      // One edit more than the search itself allows (which found nothing): the closest, most frequent word.
      const budget = allowedTypos(folded.length) + 1;
      let best: { word: string; distance: number; count: number } | undefined;
      for (const [known, { word, count }] of this.vocabulary) {
        if (Math.abs(known.length - folded.length) > budget) continue;
        const distance = boundedDistance(folded, known, budget);
        if (distance > budget || distance === 0) continue;
        if (!best || distance < best.distance || (distance === best.distance && count > best.count))
          best = { word, distance, count };
      }
      if (!best) continue;
      const offset = m.index ?? 0;
      corrected += query.slice(last, offset) + best.word;
      last = offset + original.length;
      corrections.push({ offset, length: original.length, originalWord: original, correctedWord: best.word });
    }
    if (corrections.length === 0) return undefined;
    corrected += query.slice(last);
    if (this.search(corrected).length === 0) return undefined;
    return { correctedQuery: corrected, wordCorrections: corrections };
  }

  /** Completions of what a shopper has typed: titles and questions of the help articles whose words it starts. */
  suggest(query: string, count: number): { expression: string; score: number; highlighted: string }[] {
    const typed = tokenize(query, this.language, false);
    if (typed.length === 0) return [];
    const out: { expression: string; score: number; highlighted: string }[] = [];
    for (const phrase of this.completions) {
      const words = [...phrase.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
        text: m[0],
        folded: foldText(m[0], this.language),
        index: m.index ?? 0,
      }));
      const matched = new Map<number, number>();
      let ok = true;
      typed.forEach((t, i) => {
        if (!ok) return;
        const last = i === typed.length - 1;
        const at = words.findIndex(
          (w, k) =>
            !matched.has(k) &&
            (last
              ? w.folded.startsWith(t)
              : w.folded === t || stem(w.folded, this.language) === stem(t, this.language)),
        );
        if (at < 0) ok = false;
        else matched.set(at, last ? t.length : (words[at] as { text: string }).text.length);
      });
      if (!ok) continue;
      // Highlighted as the protocol spells it: typed parts in {braces}, the rest in [brackets].
      let highlighted = "";
      let cursor = 0;
      const marks = [...matched.entries()]
        .map(([k, len]) => ({
          start: (words[k] as { index: number }).index,
          len: Math.min(len, (words[k] as { text: string }).text.length),
        }))
        .sort((a, b) => a.start - b.start);
      for (const { start, len } of marks) {
        if (start > cursor) highlighted += `[${phrase.slice(cursor, start)}]`;
        highlighted += `{${phrase.slice(start, start + len)}}`;
        cursor = start + len;
      }
      if (cursor < phrase.length) highlighted += `[${phrase.slice(cursor)}]`;
      const startsWith = marks[0]?.start === 0 ? 1 : 0;
      out.push({ expression: phrase.toLowerCase(), score: 1000 + startsWith * 500 - phrase.length, highlighted });
    }
    out.sort((a, b) => b.score - a.score || a.expression.localeCompare(b.expression));
    return out.slice(0, count);
  }

  /** Where the query's words (as the index matches them) occur in a text, for highlighting. */
  highlights(text: string, query: string): Highlight[] {
    const stems = new Set<string>();
    const words = this.words(query);
    for (const list of this.expansions(this.docIndex, words, true)) {
      for (const e of list) stems.add(stem(e.word, this.language));
    }
    if (stems.size === 0) return [];
    const out: Highlight[] = [];
    for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const folded = tokenize(m[0], this.language, false)[0];
      if (folded && stems.has(stem(folded, this.language))) out.push({ offset: m.index ?? 0, length: m[0].length });
    }
    return out;
  }

  /** The passage of a document that best fits the query (its first one when none fits better). */
  bestPassage(doc: number, query: string): number {
    const d = this.documents[doc] as HelpDocument;
    const words = this.words(query, this.passageIndex);
    if (words.length === 0) return 0;
    let best = 0;
    let bestScore = 0;
    const scores = this.passageScores(words);
    for (const [slot, s] of scores) {
      const p = this.passages[slot] as { doc: number; index: number };
      if (p.doc === doc && s.score > bestScore) {
        bestScore = s.score;
        best = p.index;
      }
    }
    return Math.min(best, Math.max(0, d.passages.length - 1));
  }

  /**
   * Scores of the passages matching any of the words: per word its inverse document frequency times how well
   * it matched (field weight and expansion quality); coverage is the matched share of the words' idf.
   */
  private passageScores(words: readonly string[]): Map<number, { score: number; coverage: number }> {
    const n = this.passages.length;
    const out = new Map<number, { score: number; coverage: number }>();
    if (n === 0 || words.length === 0) return out;
    const unique = [...new Set(words)];
    let totalIdf = 0;
    const perWord: { idf: number; slots: Int32Array; scores: Float32Array }[] = [];
    for (const word of unique) {
      const expansions = this.passageIndex.expand(word, { prefix: false, typos: word.length >= 5 });
      const match = this.passageIndex.match([expansions], n);
      const df = match.count;
      const idf = Math.log(1 + n / Math.max(df, 0.5));
      totalIdf += idf;
      perWord.push({ idf, slots: match.slots.slice(0, match.count), scores: match.scores.slice(0, match.count) });
    }
    for (const { idf, slots, scores } of perWord) {
      for (let k = 0; k < slots.length; k++) {
        const slot = slots[k] as number;
        const entry = out.get(slot) ?? { score: 0, coverage: 0 };
        entry.score += idf * ((scores[k] as number) / MAX_FIELD_WEIGHT);
        entry.coverage += idf;
        out.set(slot, entry);
      }
    }
    for (const entry of out.values()) entry.coverage /= totalIdf;
    return out;
  }

  /**
   * An extractive answer: the passages that best answer the question (the best one, then those close to it,
   * from at most two documents), or cannotAnswer when no passage covers enough of the question.
   */
  answer(question: string, allowed?: ReadonlySet<number>): AnswerResult {
    const words = this.words(question, this.passageIndex, true);
    const none: AnswerResult = { cannotAnswer: true, passages: [], citations: [], coverage: 0 };
    if (words.length === 0) return none;
    const scores = [...this.passageScores(words).entries()]
      .filter(([slot]) => !allowed || allowed.has((this.passages[slot] as { doc: number }).doc))
      .map(([slot, s]) => ({ slot, ...s, rank: s.score * (0.5 + s.coverage) }))
      .sort((a, b) => b.rank - a.rank || a.slot - b.slot);
    const best = scores[0];
    if (!best || best.coverage < ANSWER_TUNING.minCoverage) return { ...none, coverage: best?.coverage ?? 0 };
    const chosen: typeof scores = [best];
    const docs = [(this.passages[best.slot] as { doc: number }).doc];
    for (const candidate of scores.slice(1)) {
      if (chosen.length >= ANSWER_TUNING.maxPassages) break;
      if (candidate.rank < best.rank * ANSWER_TUNING.followRatio) break;
      if (candidate.coverage < ANSWER_TUNING.minCoverage) continue;
      const doc = (this.passages[candidate.slot] as { doc: number }).doc;
      if (!docs.includes(doc)) {
        if (docs.length >= ANSWER_TUNING.maxDocuments) continue;
        docs.push(doc);
      }
      chosen.push(candidate);
    }
    const passages = chosen.map((c) => {
      const { doc, index } = this.passages[c.slot] as { doc: number; index: number };
      const p = (this.documents[doc] as HelpDocument).passages[index] as { heading: string; text: string };
      return { doc, passage: index, heading: p.heading, text: p.text, score: c.score, coverage: c.coverage };
    });
    return { cannotAnswer: false, passages, citations: docs, coverage: best.coverage };
  }
}
