import {
  type Actor,
  catalogChangeEvents,
  type Db,
  existingProductIds,
  type Language,
  loadCategoryRecords,
  parseJson,
  publishEvents,
  recordAudit,
  STORE_CODES,
  specErrorMap,
  withTransaction,
} from "@vitrine/commerce";
import { z } from "zod";
import type { Trigger } from "../api/types.ts";
import { searchDb } from "../db/index.ts";

/**
 * Merchandising the shop team manages in the back office and with the CLI: triggers on queries (redirect, rewrite the query, show a
 * notice), products pinned to the top of a listing, and synonyms. Stored in the database; every change is
 * published as a `catalog.changed` event of entity `merchandising` in its transaction, so every search process
 * reloads them within a second; a change given an `audit` (who made it) is recorded in the audit log in that
 * transaction too.
 */

export type TriggerKind = "redirect" | "query" | "notify";
export type RuleKind = TriggerKind | "pin";
export type RuleMatch = "exact" | "contains";

export interface TriggerRule {
  id: number;
  kind: TriggerKind;
  storeCode: string;
  query: string;
  match: RuleMatch;
  content: string;
}

export interface PinRule {
  id: number;
  storeCode: string;
  categoryKey: string;
  productIds: number[];
}

export interface SynonymRule {
  id: number;
  language: Language | "*";
  terms: string[];
  oneWay: boolean;
}

export interface MerchandisingRules {
  triggers: TriggerRule[];
  pins: PinRule[];
  synonyms: SynonymRule[];
}

export const NO_RULES: MerchandisingRules = { triggers: [], pins: [], synonyms: [] };

/** The form rules compare queries in: lower-case, accents folded, ß → ss, single spaces. */
export function ruleKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const TRIGGER_ORDER: Record<TriggerKind, number> = { redirect: 0, query: 1, notify: 2 };

/** The rules in memory, answering per store and query. */
export class Merchandising {
  readonly rules: MerchandisingRules;

  constructor(rules: MerchandisingRules = NO_RULES) {
    this.rules = rules;
  }

  /** Triggers a query fires in a store: redirects first (the first one wins), then rewrites, then notices. */
  triggersFor(storeCode: string, query: string): Trigger[] {
    const key = ruleKey(query);
    if (key === "") return [];
    const words = new Set(key.split(" "));
    const fired = this.rules.triggers.filter(
      (rule) =>
        (rule.storeCode === "*" || rule.storeCode === storeCode) &&
        (rule.match === "exact" ? rule.query === key : rule.query.split(" ").every((w) => words.has(w))),
    );
    fired.sort((a, b) => TRIGGER_ORDER[a.kind] - TRIGGER_ORDER[b.kind] || a.id - b.id);
    const triggers: Trigger[] = [];
    let redirected = false;
    let rewritten = false;
    for (const rule of fired) {
      if (rule.kind === "redirect") {
        if (redirected) continue;
        redirected = true;
      }
      if (rule.kind === "query") {
        if (rewritten) continue;
        rewritten = true;
      }
      triggers.push({ type: rule.kind, content: rule.content });
    }
    return triggers;
  }

  /** Product ids pinned to the top of a category's listing in a store (store rules before global ones). */
  pinnedFor(storeCode: string, categoryKey: string): number[] {
    const rules = this.rules.pins
      .filter((p) => p.categoryKey === categoryKey && (p.storeCode === storeCode || p.storeCode === "*"))
      .sort((a, b) => (a.storeCode === "*" ? 1 : 0) - (b.storeCode === "*" ? 1 : 0) || a.id - b.id);
    const out: number[] = [];
    for (const rule of rules) for (const id of rule.productIds) if (!out.includes(id)) out.push(id);
    return out;
  }

  synonymsFor(language: Language): { terms: string[]; oneWay: boolean }[] {
    return this.rules.synonyms.filter((s) => s.language === "*" || s.language === language);
  }
}

// --- storage ------------------------------------------------------------------------------------------

export async function loadMerchandising(shopDb: Db): Promise<MerchandisingRules> {
  const db = searchDb(shopDb);
  const [rules, synonyms] = await Promise.all([
    db.selectFrom("search_rule").selectAll().orderBy("id").execute(),
    db.selectFrom("search_synonym").selectAll().orderBy("id").execute(),
  ]);
  const out: MerchandisingRules = { triggers: [], pins: [], synonyms: [] };
  for (const r of rules) {
    if (r.kind === "pin") {
      out.pins.push({
        id: Number(r.id),
        storeCode: r.store_code,
        categoryKey: r.category_key ?? "",
        productIds: parseJson<number[]>(r.product_ids, []),
      });
    } else if (r.kind === "redirect" || r.kind === "query" || r.kind === "notify") {
      out.triggers.push({
        id: Number(r.id),
        kind: r.kind,
        storeCode: r.store_code,
        query: r.query ?? "",
        match: r.match === "contains" ? "contains" : "exact",
        content: r.content,
      });
    }
  }
  for (const s of synonyms) {
    out.synonyms.push({
      id: Number(s.id),
      language: s.language as SynonymRule["language"],
      terms: parseJson<string[]>(s.terms, []),
      oneWay: s.one_way === 1,
    });
  }
  return out;
}

const storeCode = z.enum(["*", ...STORE_CODES] as [string, ...string[]]);
const target = z
  .string()
  .trim()
  .min(1)
  .refine((t) => t.startsWith("/") || /^https?:\/\/\S+$/.test(t), "value is not a valid URL.");

const ruleInputSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("redirect"),
    store: storeCode.default("*"),
    query: z.string().trim().min(1).max(200),
    match: z.enum(["exact", "contains"]).default("exact"),
    content: target,
  }),
  z.object({
    kind: z.literal("query"),
    store: storeCode.default("*"),
    query: z.string().trim().min(1).max(200),
    match: z.enum(["exact", "contains"]).default("exact"),
    content: z.string().trim().min(1).max(200),
  }),
  z.object({
    kind: z.literal("notify"),
    store: storeCode.default("*"),
    query: z.string().trim().min(1).max(200),
    match: z.enum(["exact", "contains"]).default("exact"),
    content: z.string().trim().min(1).max(500),
  }),
  z.object({
    kind: z.literal("pin"),
    store: storeCode.default("*"),
    category: z.string().trim().min(1).max(80),
    products: z.array(z.number().int().positive()).min(1).max(48),
  }),
]);

export type RuleInput = z.input<typeof ruleInputSchema>;

export interface StoredRule {
  id: number;
  kind: RuleKind;
  store: string;
  query: string | null;
  match: RuleMatch;
  category: string | null;
  content: string;
  products: number[];
  createdAt: string;
}

export interface RuleIssue {
  field: string;
  message: string;
}

export type RuleResult = { ok: true; rule: StoredRule } | { ok: false; issues: RuleIssue[]; notFound?: true };

/** Who made a change, for the audit log: the back office's staff member or the CLI's user, and the request. */
export interface ChangeAudit {
  actor: Actor;
  requestId: string;
}

function issuesOf(error: z.ZodError): RuleIssue[] {
  return error.issues.map((i) => ({ field: i.path.map(String).join(".") || "(rule)", message: i.message }));
}

/** A rule as its table row stores it (without id and creation time). */
export interface RuleRow {
  kind: RuleKind;
  store_code: string;
  query: string | null;
  match: RuleMatch;
  category_key: string | null;
  content: string;
  product_ids: string;
}

/**
 * Checks a rule as saving it would (the form, the category and the products exist), without saving it: the row it
 * would write, or every problem found. The back office's "try it" panel runs a draft rule checked this way.
 */
export async function checkRule(
  shopDb: Db,
  input: RuleInput,
): Promise<{ ok: true; row: RuleRow } | { ok: false; issues: RuleIssue[] }> {
  const db = searchDb(shopDb);
  const parsed = ruleInputSchema.safeParse(input, { error: specErrorMap });
  if (!parsed.success) return { ok: false, issues: issuesOf(parsed.error) };
  const rule = parsed.data;
  if (rule.kind === "pin") {
    const categories = await loadCategoryRecords({ db });
    if (!categories.some((c) => c.key === rule.category)) {
      return { ok: false, issues: [{ field: "category", message: `no category has the key "${rule.category}".` }] };
    }
    const found = new Set(await existingProductIds({ db }, rule.products));
    const missing = rule.products.filter((id) => !found.has(id));
    if (missing.length > 0) {
      return { ok: false, issues: [{ field: "products", message: `unknown product ids: ${missing.join(", ")}.` }] };
    }
    return {
      ok: true,
      row: {
        kind: "pin",
        store_code: rule.store,
        query: null,
        match: "exact",
        category_key: rule.category,
        content: "",
        product_ids: JSON.stringify(rule.products),
      },
    };
  }
  const query = ruleKey(rule.query);
  if (query === "") {
    return { ok: false, issues: [{ field: "query", message: "value must contain a letter or a digit." }] };
  }
  return {
    ok: true,
    row: {
      kind: rule.kind,
      store_code: rule.store,
      query,
      match: rule.match,
      category_key: null,
      content: rule.content,
      product_ids: "[]",
    },
  };
}

function storedRule(id: number, row: RuleRow, createdAt: string): StoredRule {
  return {
    id,
    kind: row.kind,
    store: row.store_code,
    query: row.query,
    match: row.match,
    category: row.category_key,
    content: row.content,
    products: parseJson<number[]>(row.product_ids, []),
    createdAt,
  };
}

/** What the audit log keeps of a rule: everything but its id and creation time. */
function auditedRule(rule: StoredRule) {
  const { id: _id, createdAt: _createdAt, ...state } = rule;
  return state;
}

async function writeAudit(
  trx: Db,
  now: Date,
  audit: ChangeAudit | undefined,
  change: Parameters<typeof recordAudit>[2],
): Promise<void> {
  if (!audit) return;
  await recordAudit({ db: trx, clock: { now: () => now }, requestId: audit.requestId }, audit.actor, change);
}

/** Adds a merchandising rule; returns the problems instead when the input is not valid. */
export async function addRule(shopDb: Db, input: RuleInput, now: Date, audit?: ChangeAudit): Promise<RuleResult> {
  const db = searchDb(shopDb);
  const checked = await checkRule(db, input);
  if (!checked.ok) return checked;
  const createdAt = now.toISOString();
  const rule = await withTransaction({ db }, async ({ db: trx }) => {
    const inserted = await searchDb(trx)
      .insertInto("search_rule")
      .values({ ...checked.row, created_at: createdAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    const stored = storedRule(Number(inserted.id), checked.row, createdAt);
    await publishEvents(trx, catalogChangeEvents("merchandising", [`rule:${stored.id}`]), now);
    await writeAudit(trx, now, audit, {
      action: "search.rule.add",
      subjectType: "search.rule",
      subjectId: stored.id,
      after: auditedRule(stored),
    });
    return stored;
  });
  return { ok: true, rule };
}

function ruleOfRow(r: {
  id: number | bigint | string;
  kind: string;
  store_code: string;
  query: string | null;
  match: string;
  category_key: string | null;
  content: string;
  product_ids: string;
  created_at: string;
}): StoredRule {
  return {
    id: Number(r.id),
    kind: r.kind as RuleKind,
    store: r.store_code,
    query: r.query,
    match: r.match as RuleMatch,
    category: r.category_key,
    content: r.content,
    products: parseJson<number[]>(r.product_ids, []),
    createdAt: r.created_at,
  };
}

/** Changes a rule (its kind too); the problems instead when the input is not valid or there is no such rule. */
export async function updateRule(
  shopDb: Db,
  id: number,
  input: RuleInput,
  now: Date,
  audit?: ChangeAudit,
): Promise<RuleResult> {
  const db = searchDb(shopDb);
  const checked = await checkRule(db, input);
  if (!checked.ok) return checked;
  return withTransaction({ db }, async ({ db: trx }): Promise<RuleResult> => {
    const tx = searchDb(trx);
    const found = await tx.selectFrom("search_rule").selectAll().where("id", "=", id).executeTakeFirst();
    if (!found) return { ok: false, notFound: true, issues: [{ field: "id", message: `no rule has the id ${id}.` }] };
    const before = ruleOfRow(found);
    await tx.updateTable("search_rule").set(checked.row).where("id", "=", id).execute();
    const after = storedRule(id, checked.row, before.createdAt);
    await publishEvents(trx, catalogChangeEvents("merchandising", [`rule:${id}`]), now);
    await writeAudit(trx, now, audit, {
      action: "search.rule.update",
      subjectType: "search.rule",
      subjectId: id,
      before: auditedRule(before),
      after: auditedRule(after),
    });
    return { ok: true, rule: after };
  });
}

export async function listRules(shopDb: Db, filter: { store?: string; kind?: RuleKind } = {}): Promise<StoredRule[]> {
  const db = searchDb(shopDb);
  let query = db.selectFrom("search_rule").selectAll().orderBy("id");
  if (filter.store) query = query.where("store_code", "in", [filter.store, "*"]);
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  const rows = await query.execute();
  return rows.map(ruleOfRow);
}

export async function getRule(shopDb: Db, id: number): Promise<StoredRule | undefined> {
  const row = await searchDb(shopDb).selectFrom("search_rule").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? ruleOfRow(row) : undefined;
}

/** Removes a rule; false when there is none with this id. */
export function removeRule(shopDb: Db, id: number, now: Date, audit?: ChangeAudit): Promise<boolean> {
  const db = searchDb(shopDb);
  return withTransaction({ db }, async ({ db: trx }) => {
    const tx = searchDb(trx);
    const found = await tx.selectFrom("search_rule").selectAll().where("id", "=", id).executeTakeFirst();
    if (!found) return false;
    await tx.deleteFrom("search_rule").where("id", "=", id).execute();
    await publishEvents(trx, catalogChangeEvents("merchandising", [`rule:${id}`]), now);
    await writeAudit(trx, now, audit, {
      action: "search.rule.remove",
      subjectType: "search.rule",
      subjectId: id,
      before: auditedRule(ruleOfRow(found)),
    });
    return true;
  });
}

export const SYNONYM_LANGUAGES = ["*", "de", "fr", "en"] as const;
/** A synonym may be a phrase ("running shoes"): the search finds its words in a row of the query. */
const MAX_SYNONYM_WORDS = 4;

const synonymInputSchema = z.object({
  language: z.enum(SYNONYM_LANGUAGES).default("*"),
  terms: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(60)
        .refine((t) => t.split(/\s+/).length <= MAX_SYNONYM_WORDS, "a synonym has at most 4 words."),
    )
    .min(2)
    .max(20),
  oneWay: z.boolean().default(false),
});

export type SynonymInput = z.input<typeof synonymInputSchema>;

export type SynonymResult = { ok: true; synonym: SynonymRule } | { ok: false; issues: RuleIssue[]; notFound?: true };

/** Checks synonyms as saving them would, without saving: the synonyms (id 0), or every problem found. */
export function checkSynonym(input: SynonymInput): SynonymResult {
  const parsed = synonymInputSchema.safeParse(input, { error: specErrorMap });
  if (!parsed.success) return { ok: false, issues: issuesOf(parsed.error) };
  const { language, terms, oneWay } = parsed.data;
  const distinct = new Set(terms.map(ruleKey));
  if (distinct.size < terms.length) {
    return { ok: false, issues: [{ field: "terms", message: "each word may appear only once." }] };
  }
  return { ok: true, synonym: { id: 0, language: language as SynonymRule["language"], terms, oneWay } };
}

const auditedSynonym = ({ language, terms, oneWay }: SynonymRule) => ({ language, terms, oneWay });

export async function addSynonym(
  shopDb: Db,
  input: SynonymInput,
  now: Date,
  audit?: ChangeAudit,
): Promise<SynonymResult> {
  const db = searchDb(shopDb);
  const checked = checkSynonym(input);
  if (!checked.ok) return checked;
  const { language, terms, oneWay } = checked.synonym;
  const id = await withTransaction({ db }, async ({ db: trx }) => {
    const inserted = await searchDb(trx)
      .insertInto("search_synonym")
      .values({ language, terms: JSON.stringify(terms), one_way: oneWay ? 1 : 0, created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await publishEvents(trx, catalogChangeEvents("merchandising", [`synonym:${inserted.id}`]), now);
    await writeAudit(trx, now, audit, {
      action: "search.synonym.add",
      subjectType: "search.synonym",
      subjectId: Number(inserted.id),
      after: auditedSynonym(checked.synonym),
    });
    return Number(inserted.id);
  });
  return { ok: true, synonym: { ...checked.synonym, id } };
}

function synonymOfRow(s: { id: number | bigint | string; language: string; terms: string; one_way: number }) {
  return {
    id: Number(s.id),
    language: s.language as SynonymRule["language"],
    terms: parseJson<string[]>(s.terms, []),
    oneWay: Number(s.one_way) === 1,
  };
}

/** Changes synonyms; the problems instead when the input is not valid or there are no synonyms with this id. */
export async function updateSynonym(
  shopDb: Db,
  id: number,
  input: SynonymInput,
  now: Date,
  audit?: ChangeAudit,
): Promise<SynonymResult> {
  const db = searchDb(shopDb);
  const checked = checkSynonym(input);
  if (!checked.ok) return checked;
  const { language, terms, oneWay } = checked.synonym;
  return withTransaction({ db }, async ({ db: trx }): Promise<SynonymResult> => {
    const tx = searchDb(trx);
    const found = await tx.selectFrom("search_synonym").selectAll().where("id", "=", id).executeTakeFirst();
    if (!found) {
      return { ok: false, notFound: true, issues: [{ field: "id", message: `no synonyms have the id ${id}.` }] };
    }
    await tx
      .updateTable("search_synonym")
      .set({ language, terms: JSON.stringify(terms), one_way: oneWay ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    const after = { ...checked.synonym, id };
    await publishEvents(trx, catalogChangeEvents("merchandising", [`synonym:${id}`]), now);
    await writeAudit(trx, now, audit, {
      action: "search.synonym.update",
      subjectType: "search.synonym",
      subjectId: id,
      before: auditedSynonym(synonymOfRow(found)),
      after: auditedSynonym(after),
    });
    return { ok: true, synonym: after };
  });
}

export async function listSynonyms(shopDb: Db): Promise<SynonymRule[]> {
  const db = searchDb(shopDb);
  return (await loadMerchandising(db)).synonyms;
}

export async function getSynonym(shopDb: Db, id: number): Promise<SynonymRule | undefined> {
  const row = await searchDb(shopDb).selectFrom("search_synonym").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? synonymOfRow(row) : undefined;
}

export function removeSynonym(shopDb: Db, id: number, now: Date, audit?: ChangeAudit): Promise<boolean> {
  const db = searchDb(shopDb);
  return withTransaction({ db }, async ({ db: trx }) => {
    const tx = searchDb(trx);
    const found = await tx.selectFrom("search_synonym").selectAll().where("id", "=", id).executeTakeFirst();
    if (!found) return false;
    await tx.deleteFrom("search_synonym").where("id", "=", id).execute();
    await publishEvents(trx, catalogChangeEvents("merchandising", [`synonym:${id}`]), now);
    await writeAudit(trx, now, audit, {
      action: "search.synonym.remove",
      subjectType: "search.synonym",
      subjectId: id,
      before: auditedSynonym(synonymOfRow(found)),
    });
    return true;
  });
}

// --- drafts ("try it") ----------------------------------------------------------------------------------

/** An unsaved change: a rule or synonyms added (no id) or changed (id), or removed. */
export type MerchandisingDraft =
  | { rule: RuleRow; id?: number }
  | { synonym: Omit<SynonymRule, "id">; id?: number }
  | { removeRule: number }
  | { removeSynonym: number };

/** A draft's id: above every stored one, so it sorts after them as a new rule would. */
const DRAFT_ID = Number.MAX_SAFE_INTEGER;

/** The rules as they would be with the draft saved (the rules given stay as they are). */
export function withDraft(rules: MerchandisingRules, draft: MerchandisingDraft): MerchandisingRules {
  if ("removeRule" in draft) {
    return {
      ...rules,
      triggers: rules.triggers.filter((t) => t.id !== draft.removeRule),
      pins: rules.pins.filter((p) => p.id !== draft.removeRule),
    };
  }
  if ("removeSynonym" in draft) {
    return { ...rules, synonyms: rules.synonyms.filter((s) => s.id !== draft.removeSynonym) };
  }
  const id = draft.id ?? DRAFT_ID;
  if ("synonym" in draft) {
    const others = rules.synonyms.filter((s) => s.id !== id);
    return { ...rules, synonyms: [...others, { ...draft.synonym, id }] };
  }
  const triggers = rules.triggers.filter((t) => t.id !== id);
  const pins = rules.pins.filter((p) => p.id !== id);
  const row = draft.rule;
  if (row.kind === "pin") {
    pins.push({
      id,
      storeCode: row.store_code,
      categoryKey: row.category_key ?? "",
      productIds: parseJson<number[]>(row.product_ids, []),
    });
  } else {
    triggers.push({
      id,
      kind: row.kind,
      storeCode: row.store_code,
      query: row.query ?? "",
      match: row.match,
      content: row.content,
    });
  }
  const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;
  return { ...rules, triggers: triggers.sort(byId), pins: pins.sort(byId) };
}
