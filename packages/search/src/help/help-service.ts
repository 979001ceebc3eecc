import { createHash, randomUUID } from "node:crypto";
import {
  type Clock,
  type Db,
  type Language,
  listContentEntries,
  type Shop,
  type StoreCode,
  shopByCode,
  systemClock,
} from "@vitrine/commerce";
import { z } from "zod";
import { SearchApiError, SearchValidationError } from "../api/errors.ts";
import { loadMerchandising, Merchandising } from "../merchandising/rules.ts";
import { HELP_CATEGORY_LABELS, type HelpDocument, helpDocuments } from "./documents.ts";
import { type Expression, freeWords, parseExpression } from "./expression.ts";
import { type AnswerResult, HelpIndex } from "./help-index.ts";

/**
 * The help centre's search service: the help documents of each language indexed in memory (read again when the
 * event feed says the content or the merchandising rules changed: `changed()`, called by the search service's feed
 * follower, see `helpConcerns`), answering the classic Search API v2 (search, query suggest,
 * facet search, plan, fields) and generating extractive answers.
 */

export const HELP_RESULT_WINDOW = 5000;
export const HELP_DEFAULT_PAGE_SIZE = 10;
export const HELP_MAX_PAGE_SIZE = 1000;
export const HELP_DEFAULT_FACET_VALUES = 8;
export const HELP_FACET_SEARCH_VALUES = 10;
export const HELP_QUERY_SUGGEST_COUNT = 5;
/** The one answer configuration of the help centre (`…/answer/v1/configs/{id}/generate`). */
export const HELP_ANSWER_CONFIG_ID = "help-centre";
export const HELP_SOURCE = "Vitrine help centre";
const DEFAULT_EXCERPT_LENGTH = 200;

/** Fields of a help document, as results carry them in `raw` and expressions and facets use them. */
export const HELP_FIELDS = [
  "title",
  "uri",
  "clickuri",
  "permanentid",
  "urihash",
  "language",
  "hc_category",
  "hc_categoryid",
  "hc_type",
  "source",
  "filetype",
  "objecttype",
  "date",
  "slug",
] as const;
const FACETABLE = new Set(["hc_category", "hc_categoryid", "hc_type", "language", "source", "filetype", "objecttype"]);

const issue = (field: string, message: string) => new SearchValidationError([{ field, message }]);

// --- request schemas (unknown fields are accepted: the protocol's clients send many) ----------------------

const text = (max: number) => z.string().max(max);
const facetRequestSchema = z.looseObject({
  facetId: text(200).min(1),
  field: text(200).min(1),
  type: z.enum(["specific", "hierarchical", "numericalRange", "dateRange"]).default("specific"),
  currentValues: z
    .array(z.looseObject({ value: text(1000), state: z.enum(["idle", "selected", "excluded"]).default("idle") }))
    .max(1000)
    .default([]),
  numberOfValues: z.number().int().min(1).max(1000).default(HELP_DEFAULT_FACET_VALUES),
  sortCriteria: z.union([z.string(), z.looseObject({})]).optional(),
  freezeCurrentValues: z.boolean().optional(),
  isFieldExpanded: z.boolean().optional(),
  injectionDepth: z.number().int().min(0).optional(),
  filterFacetCount: z.boolean().optional(),
});
type FacetRequest = z.output<typeof facetRequestSchema>;

export const classicSearchRequestSchema = z.looseObject({
  q: text(4000).default(""),
  enableQuerySyntax: z.boolean().optional(),
  aq: text(10_000).optional(),
  cq: text(10_000).optional(),
  lq: text(10_000).optional(),
  dq: text(10_000).optional(),
  locale: text(40).optional(),
  timezone: text(80).optional(),
  searchHub: text(200).optional(),
  pipeline: text(200).optional(),
  tab: text(200).optional(),
  sortCriteria: text(500).optional(),
  firstResult: z.number().int().min(0).default(0),
  numberOfResults: z.number().int().min(0).max(HELP_MAX_PAGE_SIZE).default(HELP_DEFAULT_PAGE_SIZE),
  excerptLength: z.number().int().min(0).max(2000).optional(),
  facets: z.array(facetRequestSchema).max(100).default([]),
  fieldsToInclude: z.array(text(200)).max(200).optional(),
  enableDidYouMean: z.boolean().optional(),
  queryCorrection: z
    .looseObject({
      enabled: z.boolean().optional(),
      options: z.looseObject({ automaticallyCorrect: z.enum(["never", "whenNoResults"]).optional() }).optional(),
    })
    .optional(),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type ClassicSearchRequest = z.output<typeof classicSearchRequestSchema>;

const querySuggestSchema = z.looseObject({
  q: text(4000).default(""),
  count: z.number().int().min(0).max(100).default(HELP_QUERY_SUGGEST_COUNT),
  locale: text(40).optional(),
});

const facetSearchSchema = z.looseObject({
  field: text(200).min(1),
  type: z.enum(["specific", "hierarchical"]).default("specific"),
  query: text(1000).default("*"),
  numberOfValues: z.number().int().min(1).max(1000).default(HELP_FACET_SEARCH_VALUES),
  ignoreValues: z.array(text(1000)).max(1000).default([]),
  captions: z.record(z.string(), z.string()).optional(),
  filterFacetCount: z.boolean().optional(),
  searchContext: z.looseObject({}).optional(),
});

export const answerRequestSchema = z.looseObject({
  q: text(4000),
  aq: text(10_000).optional(),
  cq: text(10_000).optional(),
  dq: text(10_000).optional(),
  lq: text(10_000).optional(),
  locale: text(40).optional(),
  facets: z.array(facetRequestSchema).max(100).optional(),
  pipelineRuleParameters: z.looseObject({}).optional(),
});

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw new SearchValidationError(
    result.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message })),
  );
}

// --- responses -----------------------------------------------------------------------------------------

export interface ClassicResult {
  title: string;
  uri: string;
  printableUri: string;
  clickUri: string;
  uniqueId: string;
  excerpt: string;
  firstSentences: string;
  summary: null;
  flags: string;
  hasHtmlVersion: boolean;
  hasMobileHtmlVersion: boolean;
  score: number;
  percentScore: number;
  rankingInfo: null;
  rating: number;
  isTopResult: boolean;
  isRecommendation: boolean;
  isUserActionView: boolean;
  titleHighlights: { offset: number; length: number }[];
  firstSentencesHighlights: { offset: number; length: number }[];
  excerptHighlights: { offset: number; length: number }[];
  printableUriHighlights: { offset: number; length: number }[];
  summaryHighlights: { offset: number; length: number }[];
  parentResult: null;
  childResults: [];
  totalNumberOfChildResults: number;
  absentTerms: string[];
  raw: Record<string, unknown>;
  searchUid?: string;
}

export interface ClassicFacetResponse {
  facetId: string;
  field: string;
  moreValuesAvailable: boolean;
  values: { value: string; state: "idle" | "selected" | "excluded"; numberOfResults: number }[];
  indexScore: number;
}

export interface ClassicSearchResponse {
  totalCount: number;
  totalCountFiltered: number;
  duration: number;
  indexDuration: number;
  requestDuration: number;
  searchUid: string;
  pipeline: string;
  apiVersion: number;
  basicExpression: string;
  advancedExpression: string;
  largeExpression: string;
  constantExpression: string;
  disjunctionExpression: string;
  results: ClassicResult[];
  facets: ClassicFacetResponse[];
  categoryFacets: [];
  groupByResults: [];
  queryCorrections: { correctedQuery: string; wordCorrections: unknown[] }[];
  queryCorrection?: { correctedQuery: string; originalQuery: string; corrections: unknown[] };
  triggers: { type: string; content: unknown }[];
  termsToHighlight: Record<string, string[]>;
  phrasesToHighlight: Record<string, string[]>;
  questionAnswer: { answerFound: false; relatedQuestions: [] };
  extendedResults: Record<string, never>;
  suggestedFacets: [];
  warnings: string[];
}

/** One message of the answer's event stream. */
export interface AnswerStreamMessage {
  payloadType: "genqa.headerMessageType" | "genqa.messageType" | "genqa.citationsType" | "genqa.endOfStreamType";
  payload: string;
  finishReason?: "COMPLETED" | "ERROR";
  errorMessage?: string;
  code?: number;
}

export interface HelpCitation {
  id: string;
  title: string;
  uri: string;
  permanentid: string;
  clickUri: string;
  text: string;
  source: string;
}

export interface HelpAnswer {
  answerId: string;
  cannotAnswer: boolean;
  contentFormat: "text/markdown";
  /** The answer text in the pieces it is streamed in. */
  chunks: string[];
  citations: HelpCitation[];
  result: AnswerResult;
}

// --- the service -----------------------------------------------------------------------------------------

export interface HelpServiceOptions {
  db: Db;
  clock?: Clock;
}

/**
 * Whether events of the feed concern the help index: its documents are the content entries, its synonyms and
 * triggers the merchandising rules (a full reload of the catalogue reloads it too).
 */
export function helpConcerns(events: readonly { type: string; entity: string; entityId: string }[]): boolean {
  return events.some(
    (e) =>
      e.type.startsWith("content.") ||
      (e.type === "catalog.changed" &&
        (e.entity === "merchandising" || (e.entity === "catalog" && e.entityId === "*"))),
  );
}

interface Loaded {
  indexes: Map<Language, HelpIndex>;
  merchandising: Merchandising;
  at: number;
}

export interface HelpService {
  /** Reads the documents now (the first request does it otherwise). */
  start(): Promise<void>;
  index(language: Language): Promise<HelpIndex>;
  search(storeCode: StoreCode, body: unknown, origin: string): Promise<ClassicSearchResponse>;
  querySuggest(storeCode: StoreCode, body: unknown): Promise<{ completions: unknown[]; responseId: string }>;
  facetSearch(storeCode: StoreCode, body: unknown): Promise<{ values: unknown[]; moreValuesAvailable: boolean }>;
  plan(storeCode: StoreCode, body: unknown): Promise<unknown>;
  fields(): { fields: { name: string; description: string; fieldType: string; groupByField: boolean }[] };
  answer(storeCode: StoreCode, configId: string, body: unknown, origin: string): Promise<HelpAnswer>;
  /** Forgets what was read: the next request reads again. */
  invalidate(): void;
  /**
   * The content or rules changed (the event feed said so): reads them again and answers from the new indexes once
   * read. Calls while a read runs are folded into one more read after it, so the last change is never missed.
   */
  changed(): Promise<void>;
}

function storeShop(storeCode: StoreCode): Shop {
  const shop = shopByCode(storeCode);
  if (!shop) throw new SearchApiError(403, "Forbidden", `Unknown store "${storeCode}".`);
  return shop;
}

const urihash = (uri: string) => createHash("sha1").update(uri).digest("base64").slice(0, 16);

/** The document's URL in a store (absolute on the given origin). */
export function helpDocumentUrl(origin: string, storeCode: string, doc: HelpDocument): string {
  return `${origin}/${storeCode}/s/${doc.slug}/`;
}

function fieldValues(doc: HelpDocument, field: string, storeCode: string, origin: string): string[] {
  switch (field) {
    case "title":
      return [doc.title];
    case "uri":
    case "clickuri":
      return [helpDocumentUrl(origin, storeCode, doc)];
    case "permanentid":
      return [doc.id];
    case "urihash":
      return [urihash(helpDocumentUrl(origin, storeCode, doc))];
    case "language":
      return [doc.language];
    case "hc_category":
      return [HELP_CATEGORY_LABELS[doc.category][doc.language]];
    case "hc_categoryid":
      return [doc.category];
    case "hc_type":
      return [doc.kind];
    case "source":
      return [HELP_SOURCE];
    case "filetype":
      return ["html"];
    case "objecttype":
      return ["HelpArticle"];
    case "date":
      return [String(Date.parse(doc.updatedAt))];
    case "slug":
      return [doc.slug];
    default:
      return [];
  }
}

function checkField(field: string, where: string): void {
  if (!(HELP_FIELDS as readonly string[]).includes(field)) {
    throw issue(where, `the field "@${field}" does not exist (fields: ${HELP_FIELDS.join(", ")})`);
  }
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");

/** Evaluates an expression to the set of documents it keeps. */
function evaluate(
  expression: Expression,
  index: HelpIndex,
  storeCode: string,
  origin: string,
  where: string,
): Set<number> {
  const all = () => new Set(index.documents.map((_, i) => i));
  switch (expression.kind) {
    case "word":
      return index.containing(expression.text);
    case "field": {
      checkField(expression.field, where);
      const out = new Set<number>();
      index.documents.forEach((doc, i) => {
        const values = fieldValues(doc, expression.field, storeCode, origin).map(fold);
        const wanted = expression.values.map(fold);
        const hit =
          expression.op === "exists"
            ? values.length > 0
            : expression.op === "=="
              ? values.some((v) => wanted.includes(v))
              : expression.op === "="
                ? values.some((v) => wanted.some((w) => v.includes(w)))
                : !values.some((v) => wanted.includes(v));
        if (hit) out.add(i);
      });
      return out;
    }
    case "not": {
      const inner = evaluate(expression.inner, index, storeCode, origin, where);
      return new Set([...all()].filter((i) => !inner.has(i)));
    }
    case "and": {
      let acc = all();
      for (const part of expression.parts) {
        const kept = evaluate(part, index, storeCode, origin, where);
        acc = new Set([...acc].filter((i) => kept.has(i)));
      }
      return acc;
    }
    case "or": {
      const acc = new Set<number>();
      for (const part of expression.parts) for (const i of evaluate(part, index, storeCode, origin, where)) acc.add(i);
      return acc;
    }
  }
}

type SortKey = { by: "relevancy" | "nosort" } | { by: "date" | "field"; field: string; descending: boolean };

function parseSort(criteria: string | undefined): SortKey[] {
  if (!criteria || criteria.trim() === "") return [{ by: "relevancy" }];
  return criteria.split(",").map((raw) => {
    const part = raw.trim().toLowerCase();
    if (part === "relevancy" || part === "qre") return { by: "relevancy" };
    if (part === "nosort") return { by: "nosort" };
    const m = /^(date|@[a-z_][a-z0-9_]*)\s+(ascending|descending)$/.exec(part);
    if (!m)
      throw issue(
        "sortCriteria",
        `"${raw.trim()}" is not a sort criterion (relevancy, date ascending|descending, @field ascending|descending, nosort)`,
      );
    const field = m[1] === "date" ? "date" : (m[1] as string).slice(1);
    checkField(field, "sortCriteria");
    return { by: m[1] === "date" ? "date" : "field", field, descending: m[2] === "descending" };
  });
}

function excerptOf(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.lastIndexOf(" ", length);
  return `${text.slice(0, cut > length / 2 ? cut : length)} …`;
}

export function createHelpService(options: HelpServiceOptions): HelpService {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  let loaded: Promise<Loaded> | undefined;
  let reloading: Promise<void> | undefined;
  let readAgain = false;

  async function load(): Promise<Loaded> {
    const [entries, rules] = await Promise.all([listContentEntries({ db }), loadMerchandising(db)]);
    const merchandising = new Merchandising(rules);
    const docs = helpDocuments(entries);
    const indexes = new Map<Language, HelpIndex>();
    for (const language of ["de", "fr", "en"] as const) {
      const synonyms = merchandising.synonymsFor(language).map((s) => s.terms);
      indexes.set(
        language,
        new HelpIndex(
          language,
          docs.filter((d) => d.language === language),
          synonyms,
        ),
      );
    }
    return { indexes, merchandising, at: Date.now() };
  }

  function current(): Promise<Loaded> {
    if (!loaded) {
      const loading = load();
      loaded = loading;
      loading.catch(() => {
        if (loaded === loading) loaded = undefined;
      });
    }
    return loaded;
  }

  function expressions(req: { aq?: string; cq?: string; dq?: string; lq?: string }) {
    return {
      aq: req.aq ? parseExpression(req.aq, "aq") : undefined,
      cq: req.cq ? parseExpression(req.cq, "cq") : undefined,
      dq: req.dq ? parseExpression(req.dq, "dq") : undefined,
      lq: req.lq ? parseExpression(req.lq, "lq") : undefined,
    };
  }

  /**
   * The documents a request keeps before facets, with their scores: (q AND aq AND cq AND lq-words) OR dq. The
   * large query's words count as "at least one of them".
   */
  function candidates(
    index: HelpIndex,
    q: string,
    req: { aq?: string; cq?: string; dq?: string; lq?: string },
    storeCode: string,
    origin: string,
  ): Map<number, number> {
    const { aq, cq, dq, lq } = expressions(req);
    const scored = new Map<number, number>();
    for (const hit of index.search(q)) scored.set(hit.doc, hit.score);
    for (const [expression, where] of [
      [aq, "aq"],
      [cq, "cq"],
    ] as const) {
      if (!expression) continue;
      const kept = evaluate(expression, index, storeCode, origin, where);
      for (const doc of [...scored.keys()]) if (!kept.has(doc)) scored.delete(doc);
    }
    const lqWords = freeWords(lq);
    if (lqWords.length > 0) {
      const any = new Set<number>();
      for (const word of lqWords) for (const doc of index.containing(word)) any.add(doc);
      for (const doc of [...scored.keys()]) {
        if (!any.has(doc)) scored.delete(doc);
      }
    }
    if (dq) {
      for (const doc of evaluate(dq, index, storeCode, origin, "dq")) if (!scored.has(doc)) scored.set(doc, 0);
    }
    return scored;
  }

  function facetFilter(
    index: HelpIndex,
    facets: readonly FacetRequest[],
    storeCode: string,
    origin: string,
    skip?: string,
  ): (doc: number) => boolean {
    const active = facets.filter((f) => f.facetId !== skip && f.currentValues.some((v) => v.state !== "idle"));
    return (doc) =>
      active.every((f) => {
        const values = fieldValues(index.documents[doc] as HelpDocument, f.field, storeCode, origin);
        const selected = f.currentValues.filter((v) => v.state === "selected").map((v) => v.value);
        const excluded = f.currentValues.filter((v) => v.state === "excluded").map((v) => v.value);
        if (excluded.some((v) => values.includes(v))) return false;
        return selected.length === 0 || selected.some((v) => values.includes(v));
      });
  }

  const service: HelpService = {
    async start() {
      await current();
    },

    async index(language) {
      return (await current()).indexes.get(language) as HelpIndex;
    },

    async search(storeCode, body, origin) {
      const started = performance.now();
      const req = parse(classicSearchRequestSchema, body);
      const shop = storeShop(storeCode);
      const { indexes, merchandising } = await current();
      const index = indexes.get(shop.language) as HelpIndex;
      for (const f of req.facets) {
        if (!FACETABLE.has(f.field)) {
          throw issue(`facets.${f.facetId}.field`, `"${f.field}" is not a facet field (${[...FACETABLE].join(", ")})`);
        }
        if (f.type !== "specific")
          throw issue(`facets.${f.facetId}.type`, `"${f.type}" facets are not available on "${f.field}"`);
      }
      const sort = parseSort(req.sortCriteria);
      const q = req.q.trim();
      const triggers = merchandising.triggersFor(storeCode, q);

      let matched = candidates(index, q, req, storeCode, origin);
      const queryCorrections: ClassicSearchResponse["queryCorrections"] = [];
      let queryCorrection: ClassicSearchResponse["queryCorrection"];
      const wantsCorrection = req.enableDidYouMean || req.queryCorrection?.enabled;
      if (wantsCorrection && q !== "" && matched.size === 0) {
        const correction = index.correction(q);
        if (correction) {
          if (req.queryCorrection?.enabled) {
            // The newer protocol: the service corrects the query itself when it found nothing.
            if (req.queryCorrection.options?.automaticallyCorrect !== "never") {
              matched = candidates(index, correction.correctedQuery, req, storeCode, origin);
              queryCorrection = {
                correctedQuery: correction.correctedQuery,
                originalQuery: q,
                corrections: [correction],
              };
            }
          } else queryCorrections.push(correction);
        }
      }
      const executed = queryCorrection?.correctedQuery ?? q;

      const filter = facetFilter(index, req.facets, storeCode, origin);
      let docs = [...matched.keys()].filter(filter);
      const score = (doc: number) => matched.get(doc) ?? 0;
      docs.sort((a, b) => {
        for (const key of sort) {
          if (key.by === "nosort") return a - b;
          if (key.by === "relevancy") {
            const d = score(b) - score(a);
            if (d !== 0) return d;
            continue;
          }
          if (key.by !== "date" && key.by !== "field") continue;
          const va = fieldValues(index.documents[a] as HelpDocument, key.field, storeCode, origin)[0] ?? "";
          const vb = fieldValues(index.documents[b] as HelpDocument, key.field, storeCode, origin)[0] ?? "";
          const d =
            key.by === "date" ? Number(va) - Number(vb) : va.localeCompare(vb, shop.language, { sensitivity: "base" });
          if (d !== 0) return key.descending ? -d : d;
        }
        return a - b;
      });
      const total = docs.length;
      // The result window: the first result plus the count never goes past 5,000.
      const count = Math.max(0, Math.min(req.numberOfResults, HELP_RESULT_WINDOW - req.firstResult));
      docs = docs.slice(req.firstResult, req.firstResult + count);
      const searchUid = randomUUID();
      const top = Math.max(1, ...docs.map(score));
      const excerptLength = req.excerptLength ?? DEFAULT_EXCERPT_LENGTH;
      const results: ClassicResult[] = docs.map((doc) => {
        const d = index.documents[doc] as HelpDocument;
        const passage = d.passages[index.bestPassage(doc, executed)] ?? { text: d.summary };
        const excerpt = excerptOf(passage.text, excerptLength);
        const firstSentences = excerptOf(d.passages[0]?.text ?? d.summary, 300);
        const uri = helpDocumentUrl(origin, storeCode, d);
        const raw: Record<string, unknown> = {};
        const include = req.fieldsToInclude;
        for (const field of HELP_FIELDS) {
          if (
            include &&
            include.length > 0 &&
            !include.map((f) => f.toLowerCase()).includes(field) &&
            !["urihash", "permanentid", "title", "uri", "clickuri", "date", "source"].includes(field)
          )
            continue;
          const values = fieldValues(d, field, storeCode, origin);
          raw[field] = field === "date" ? Number(values[0]) : field === "language" ? values : values[0];
        }
        raw.summary = d.summary;
        return {
          title: d.title,
          uri,
          printableUri: uri,
          clickUri: uri,
          uniqueId: `${d.id}$${uri}`,
          excerpt,
          firstSentences,
          summary: null,
          flags: "HasHtmlVersion",
          hasHtmlVersion: true,
          hasMobileHtmlVersion: false,
          score: Math.round(score(doc) * 100),
          percentScore: Math.round((score(doc) / top) * 100),
          rankingInfo: null,
          rating: 0,
          isTopResult: false,
          isRecommendation: false,
          isUserActionView: false,
          titleHighlights: index.highlights(d.title, executed),
          firstSentencesHighlights: index.highlights(firstSentences, executed),
          excerptHighlights: index.highlights(excerpt, executed),
          printableUriHighlights: [],
          summaryHighlights: [],
          parentResult: null,
          childResults: [],
          totalNumberOfChildResults: 0,
          absentTerms: [],
          raw,
          searchUid,
        };
      });

      const facets: ClassicFacetResponse[] = req.facets.map((f) => {
        // Each facet counts with the other facets' selections, not its own (values stay selectable).
        const own = facetFilter(index, req.facets, storeCode, origin, f.facetId);
        const counts = new Map<string, number>();
        for (const doc of matched.keys()) {
          if (!own(doc)) continue;
          for (const v of fieldValues(index.documents[doc] as HelpDocument, f.field, storeCode, origin))
            counts.set(v, (counts.get(v) ?? 0) + 1);
        }
        const sortCriteria = typeof f.sortCriteria === "string" ? f.sortCriteria : "automatic";
        const values = [...counts.entries()].map(([value, n]) => ({
          value,
          state: (f.currentValues.find((c) => c.value === value)?.state ?? "idle") as "idle" | "selected" | "excluded",
          numberOfResults: n,
        }));
        for (const c of f.currentValues) {
          if (c.state !== "idle" && !counts.has(c.value))
            values.push({ value: c.value, state: c.state, numberOfResults: 0 });
        }
        values.sort((a, b) =>
          sortCriteria === "alphanumeric" || sortCriteria === "alphanumericNatural"
            ? a.value.localeCompare(b.value, shop.language)
            : sortCriteria === "alphanumericDescending"
              ? b.value.localeCompare(a.value, shop.language)
              : b.numberOfResults - a.numberOfResults || a.value.localeCompare(b.value, shop.language),
        );
        // Selected values always come back, however many values were asked for.
        const limit = Math.max(f.numberOfValues, values.filter((v) => v.state !== "idle").length);
        const kept = values.filter((v, i) => i < limit || v.state !== "idle").slice(0, limit);
        return {
          facetId: f.facetId,
          field: f.field,
          moreValuesAvailable: values.length > kept.length,
          values: kept,
          indexScore: 0,
        };
      });

      const duration = Math.max(1, Math.round(performance.now() - started));
      const termsToHighlight: Record<string, string[]> = {};
      for (const word of index.words(executed)) termsToHighlight[word] = [];
      return {
        totalCount: total,
        totalCountFiltered: total,
        duration,
        indexDuration: duration,
        requestDuration: duration,
        searchUid,
        pipeline: req.pipeline || "default",
        apiVersion: 2,
        basicExpression: executed,
        advancedExpression: req.aq ?? "",
        largeExpression: req.lq ?? "",
        constantExpression: req.cq ?? "",
        disjunctionExpression: req.dq ?? "",
        results,
        facets,
        categoryFacets: [],
        groupByResults: [],
        queryCorrections,
        ...(queryCorrection ? { queryCorrection } : {}),
        triggers,
        termsToHighlight,
        phrasesToHighlight: {},
        questionAnswer: { answerFound: false, relatedQuestions: [] },
        extendedResults: {},
        suggestedFacets: [],
        warnings: [],
      };
    },

    async querySuggest(storeCode, body) {
      const req = parse(querySuggestSchema, body);
      const shop = storeShop(storeCode);
      const index = (await current()).indexes.get(shop.language) as HelpIndex;
      const completions = index.suggest(req.q, req.count).map((c, i) => ({
        expression: c.expression,
        score: c.score,
        highlighted: c.highlighted,
        executableConfidence: 1,
        objectId: `${shop.language}-${i}-${urihash(c.expression)}`,
      }));
      return { completions, responseId: randomUUID() };
    },

    async facetSearch(storeCode, body) {
      const req = parse(facetSearchSchema, body);
      if (!FACETABLE.has(req.field))
        throw issue("field", `"${req.field}" is not a facet field (${[...FACETABLE].join(", ")})`);
      const shop = storeShop(storeCode);
      const index = (await current()).indexes.get(shop.language) as HelpIndex;
      const context = (req.searchContext ?? {}) as Record<string, unknown>;
      const searchReq = parse(classicSearchRequestSchema, { ...context, facets: [], numberOfResults: 0 });
      const matched = candidates(index, searchReq.q, searchReq, storeCode, "");
      const counts = new Map<string, number>();
      for (const doc of matched.keys()) {
        for (const v of fieldValues(index.documents[doc] as HelpDocument, req.field, storeCode, ""))
          counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      // The query is a wildcard pattern: * for any run of characters, ? for one.
      const pattern = new RegExp(
        `^${fold(req.query)
          .split("")
          .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
          .join("")}$`,
      );
      const values = [...counts.entries()]
        .filter(([value]) => !req.ignoreValues.includes(value) && pattern.test(fold(req.captions?.[value] ?? value)))
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([value, count]) => ({ displayValue: req.captions?.[value] ?? value, rawValue: value, count }));
      return { values: values.slice(0, req.numberOfValues), moreValuesAvailable: values.length > req.numberOfValues };
    },

    async plan(storeCode, body) {
      const req = parse(classicSearchRequestSchema, body);
      const { merchandising } = await current();
      const triggers = merchandising.triggersFor(storeCode, req.q.trim());
      return {
        parsedInput: { basicExpression: req.q, largeExpression: req.lq ?? "" },
        preprocessingOutput: { triggers },
      };
    },

    fields() {
      return {
        fields: HELP_FIELDS.map((name) => ({
          name: `@${name}`,
          description: "",
          fieldType: name === "date" ? "Date" : "String",
          groupByField: FACETABLE.has(name),
        })),
      };
    },

    async answer(storeCode, configId, body, origin) {
      if (configId !== HELP_ANSWER_CONFIG_ID) {
        throw new SearchApiError(404, "NotFound", `No answer configuration "${configId}".`);
      }
      const req = parse(answerRequestSchema, body);
      const shop = storeShop(storeCode);
      const index = (await current()).indexes.get(shop.language) as HelpIndex;
      // The filters of the search the answer goes with narrow the documents it may cite.
      let allowed: Set<number> | undefined;
      if (req.aq || req.cq || req.dq) {
        allowed = new Set(candidates(index, "", req, storeCode, origin).keys());
      }
      if (req.facets?.some((f) => f.currentValues.some((v) => v.state !== "idle"))) {
        const filter = facetFilter(index, req.facets, storeCode, origin);
        allowed = new Set([...(allowed ?? index.documents.keys())].filter(filter));
      }
      const result = index.answer(req.q, allowed);
      const citations: HelpCitation[] = result.citations.map((doc) => {
        const d = index.documents[doc] as HelpDocument;
        const uri = helpDocumentUrl(origin, storeCode, d);
        const cited = result.passages.find((p) => p.doc === doc);
        return {
          id: d.id,
          title: d.title,
          uri,
          permanentid: d.id,
          clickUri: uri,
          text: cited?.text ?? "",
          source: HELP_SOURCE,
        };
      });
      // Streamed sentence by sentence, passages as paragraphs.
      const chunks: string[] = [];
      result.passages.forEach((p, i) => {
        const sentences = p.text.match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [p.text];
        sentences.forEach((s, k) => {
          chunks.push(`${i > 0 && k === 0 ? "\n\n" : ""}${s}`);
        });
      });
      return {
        answerId: randomUUID(),
        cannotAnswer: result.cannotAnswer,
        contentFormat: "text/markdown",
        chunks,
        citations,
        result,
      };
    },

    invalidate() {
      loaded = undefined;
    },

    changed() {
      // Nothing read yet: the first request reads the current content anyway.
      if (!loaded) return Promise.resolve();
      if (reloading) {
        readAgain = true;
        return reloading;
      }
      reloading = (async () => {
        do {
          readAgain = false;
          // Requests meanwhile answer from what was read before; a failed read keeps it (the next change retries).
          const fresh = await load();
          loaded = Promise.resolve(fresh);
        } while (readAgain);
      })().finally(() => {
        reloading = undefined;
      });
      return reloading;
    },
  };
  void clock;
  return service;
}

/** The answer as the protocol's event stream messages, in order. */
export function answerMessages(answer: HelpAnswer): AnswerStreamMessage[] {
  const messages: AnswerStreamMessage[] = [
    { payloadType: "genqa.headerMessageType", payload: JSON.stringify({ contentFormat: answer.contentFormat }) },
  ];
  if (!answer.cannotAnswer) {
    for (const textDelta of answer.chunks)
      messages.push({ payloadType: "genqa.messageType", payload: JSON.stringify({ textDelta }) });
    messages.push({ payloadType: "genqa.citationsType", payload: JSON.stringify({ citations: answer.citations }) });
  }
  messages.push({
    payloadType: "genqa.endOfStreamType",
    payload: JSON.stringify({ answerGenerated: !answer.cannotAnswer }),
    finishReason: "COMPLETED",
  });
  return messages;
}
