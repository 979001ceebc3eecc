import {
  catalogChangeEvents,
  type Db,
  existingProductIds,
  type Language,
  loadCategoryRecords,
  parseJson,
  publishEvents,
  STORE_CODES,
  specErrorMap,
  withTransaction,
} from "@vitrine/commerce";
import { z } from "zod";
import type { Trigger } from "../api/types.ts";
import { searchDb } from "../db/index.ts";

/**
 * Merchandising the shop team manages with the CLI: triggers on queries (redirect, rewrite the query, show a
 * notice), products pinned to the top of a listing, and synonyms. Stored in the database; every change is
 * published as a `catalog.changed` event of entity `merchandising` in its transaction, so every search process
 * reloads them within a second.
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

export type RuleResult = { ok: true; rule: StoredRule } | { ok: false; issues: { field: string; message: string }[] };

function issuesOf(error: z.ZodError) {
  return error.issues.map((i) => ({ field: i.path.map(String).join(".") || "(rule)", message: i.message }));
}

/** Adds a merchandising rule; returns the problems instead when the input is not valid. */
export async function addRule(shopDb: Db, input: RuleInput, now: Date): Promise<RuleResult> {
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
  }
  const row = {
    kind: rule.kind,
    store_code: rule.store,
    query: rule.kind === "pin" ? null : ruleKey(rule.query),
    match: rule.kind === "pin" ? "exact" : rule.match,
    category_key: rule.kind === "pin" ? rule.category : null,
    content: rule.kind === "pin" ? "" : rule.content,
    product_ids: JSON.stringify(rule.kind === "pin" ? rule.products : []),
    created_at: now.toISOString(),
  };
  const id = await withTransaction({ db }, async ({ db: trx }) => {
    const inserted = await trx.insertInto("search_rule").values(row).returning("id").executeTakeFirstOrThrow();
    await publishEvents(trx, catalogChangeEvents("merchandising", [`rule:${inserted.id}`]), now);
    return Number(inserted.id);
  });
  return {
    ok: true,
    rule: {
      id,
      kind: rule.kind,
      store: rule.store,
      query: row.query,
      match: row.match as RuleMatch,
      category: row.category_key,
      content: row.content,
      products: rule.kind === "pin" ? rule.products : [],
      createdAt: row.created_at,
    },
  };
}

export async function listRules(shopDb: Db, filter: { store?: string; kind?: RuleKind } = {}): Promise<StoredRule[]> {
  const db = searchDb(shopDb);
  let query = db.selectFrom("search_rule").selectAll().orderBy("id");
  if (filter.store) query = query.where("store_code", "in", [filter.store, "*"]);
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as RuleKind,
    store: r.store_code,
    query: r.query,
    match: r.match as RuleMatch,
    category: r.category_key,
    content: r.content,
    products: parseJson<number[]>(r.product_ids, []),
    createdAt: r.created_at,
  }));
}

/** Removes a rule; false when there is none with this id. */
export function removeRule(shopDb: Db, id: number, now: Date): Promise<boolean> {
  const db = searchDb(shopDb);
  return withTransaction({ db }, async ({ db: trx }) => {
    const result = await trx.deleteFrom("search_rule").where("id", "=", id).executeTakeFirst();
    const removed = Number(result.numDeletedRows) > 0;
    if (removed) await publishEvents(trx, catalogChangeEvents("merchandising", [`rule:${id}`]), now);
    return removed;
  });
}

const synonymInputSchema = z.object({
  language: z.enum(["*", "de", "fr", "en"]).default("*"),
  terms: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(60)
        .refine((t) => !/\s/.test(t), "a synonym is one word."),
    )
    .min(2)
    .max(20),
  oneWay: z.boolean().default(false),
});

export type SynonymInput = z.input<typeof synonymInputSchema>;

export type SynonymResult =
  | { ok: true; synonym: SynonymRule }
  | { ok: false; issues: { field: string; message: string }[] };

export async function addSynonym(shopDb: Db, input: SynonymInput, now: Date): Promise<SynonymResult> {
  const db = searchDb(shopDb);
  const parsed = synonymInputSchema.safeParse(input, { error: specErrorMap });
  if (!parsed.success) return { ok: false, issues: issuesOf(parsed.error) };
  const { language, terms, oneWay } = parsed.data;
  const id = await withTransaction({ db }, async ({ db: trx }) => {
    const inserted = await trx
      .insertInto("search_synonym")
      .values({ language, terms: JSON.stringify(terms), one_way: oneWay ? 1 : 0, created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await publishEvents(trx, catalogChangeEvents("merchandising", [`synonym:${inserted.id}`]), now);
    return Number(inserted.id);
  });
  return { ok: true, synonym: { id, language: language as SynonymRule["language"], terms, oneWay } };
}

export async function listSynonyms(shopDb: Db): Promise<SynonymRule[]> {
  const db = searchDb(shopDb);
  return (await loadMerchandising(db)).synonyms;
}

export function removeSynonym(shopDb: Db, id: number, now: Date): Promise<boolean> {
  const db = searchDb(shopDb);
  return withTransaction({ db }, async ({ db: trx }) => {
    const result = await trx.deleteFrom("search_synonym").where("id", "=", id).executeTakeFirst();
    const removed = Number(result.numDeletedRows) > 0;
    if (removed) await publishEvents(trx, catalogChangeEvents("merchandising", [`synonym:${id}`]), now);
    return removed;
  });
}
