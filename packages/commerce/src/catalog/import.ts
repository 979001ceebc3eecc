import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { type Ctx, withTransaction } from "../context.ts";
import { type Db, dialect } from "../db/database.ts";
import { publishEvents } from "../events/publish.ts";
import { statementChunks } from "../util.ts";
import { specErrorMap } from "../validation.ts";
import { catalogChangeEvents } from "./changes.ts";
import {
  type AttributeRecord,
  type CatalogRecord,
  type CategoryRecord,
  catalogRecordSchema,
  type ProductRecord,
  type VocabularyRecord,
} from "./records.ts";
import { StockMovedError, type StockWrite, writeCategoryRecords, writeProductRecords } from "./store.ts";
import { type AttributeValueType, attributeValueProblem, labelFromId, type VocabularyKind } from "./vocabulary.ts";
import { vocabularyFromRecords, writeVocabulary } from "./vocabulary-store.ts";

/**
 * The catalogue import, streaming: a file of any size is read item by item (a JSON line, or a CSV row mapped to a
 * record), each validated on its own and staged in the database in batches; what one line cannot show (duplicates,
 * references between lines and to the shop, moved stock) is then checked with SQL over the staged rows; only a file
 * without any problem is written, in one transaction that reads the staged records back in batches. Memory stays
 * flat whatever the number of products, and a refused or failed import leaves the shop as it was.
 */

/** One problem found in an import file: where it is and why it is refused. */
export interface ImportIssue {
  line: number;
  field: string;
  reason: string;
}

/** A vocabulary value (or, kind `attribute`, a merchant attribute) an import created. */
export interface CreatedVocabulary {
  kind: VocabularyKind | "attribute";
  id: string;
}

export type ImportResult =
  | {
      ok: true;
      categories: number;
      products: number;
      variants: number;
      lines: number;
      /** Vocabulary records of the file written. */
      vocabulary: number;
      /** Values the products used that neither the shop nor the file knew (`vocabulary: "create"`). */
      created: CreatedVocabulary[];
    }
  | { ok: false; issues: ImportIssue[]; lines: number };

/**
 * One item of an import file: the value of a line (or of mapped CSV rows), or why it could not be read; `line` is
 * where it starts, `to` where it ends when that is a later line (a group of CSV rows).
 */
export type ImportItem = { line: number; to?: number } & ({ value: unknown } | { issues: Omit<ImportIssue, "line">[] });

/** Where an import is, for a progress bar. */
export interface ImportProgress {
  phase: "reading" | "checking" | "writing";
  /** Lines read (reading), or records written (writing). */
  done: number;
  /** Records to write (writing). */
  total?: number;
}

/**
 * What an import does to the stock of variants the shop has already:
 * - `keep` (the default): nothing. Units sold since the file was exported stay sold; stock moves by orders,
 *   cancellations and returns. Variants new to the shop get the file's stock.
 * - `set`: the file's stock replaces it, but only where it has not moved since the export (each variant's
 *   `stock.version`, written by `catalog export`); a file that would give back units sold meanwhile is refused.
 */
export type ImportStock = "keep" | "set";

/**
 * Values (product types, colours, materials, fits, patterns, care symbols, attribute keys) that neither the shop's
 * vocabulary nor a vocabulary record of the file knows:
 * - `strict` (the default): the file is refused, each use named by line and field;
 * - `create`: they are added to the vocabulary (the id made readable as English label, colours grey #999999 until
 *   given their hex) and listed in the result.
 */
export type ImportVocabulary = "strict" | "create";

/** The swatch of a colour an import created, until the operator gives it its hex. */
export const CREATED_COLOUR_HEX = "#999999";

export interface ImportOptions {
  stock?: ImportStock;
  vocabulary?: ImportVocabulary;
  /**
   * Pictures given by address (`https://…`): the path the product gets instead, or why the address cannot be
   * used (media/fetch.ts, by the setting IMPORT_IMAGE_URLS). Without it addresses are kept as they are.
   */
  imageAddresses?: (address: string) => Promise<{ ok: true; path: string } | { ok: false; reason: string }>;
  onProgress?: (progress: ImportProgress) => void;
}

/** Stops collecting after this many problems: a broken file does not need 100,000 lines of complaints. */
const MAX_ISSUES = 200;
/**
 * Records staged, and written, per batch. A batch's records live across its statements long enough to be promoted
 * to V8's old generation: 100 keeps that garbage small (peak memory of a 20,000-product import 216 MB, 256 MB when
 * writing 500 at a time, which was about a quarter faster on PostgreSQL).
 */
const BATCH = 100;
/** Staging rows per INSERT statement (SQLite allows 32,766 bound values; variants have 8 columns). */
const ROWS_PER_INSERT = 400;
/** A staged run this old was left by an import that died; the next import removes it. */
const STALE_RUN_MS = 86_400_000;
/** How often reading reports progress. */
const PROGRESS_EVERY = 1000;

/** The items of a JSON Lines file: one value per non-empty line. */
export async function* jsonLineItems(lines: Iterable<string> | AsyncIterable<string>): AsyncGenerator<ImportItem> {
  let line = 0;
  for await (const raw of lines) {
    line++;
    const text = raw.trim();
    if (text === "") continue;
    try {
      yield { line, value: JSON.parse(text) };
    } catch (error) {
      yield { line, issues: [{ field: "(line)", reason: `not valid JSON: ${(error as Error).message}` }] };
    }
  }
}

/** Imports a JSON Lines catalogue (the format `catalog export` writes). */
export function importCatalog(
  ctx: Pick<Ctx, "db">,
  lines: Iterable<string> | AsyncIterable<string>,
  now: Date,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return importCatalogItems(ctx, jsonLineItems(lines), now, options);
}

/** Imports catalogue records from any source of items (JSON Lines, mapped CSV rows): all or nothing. */
export async function importCatalogItems(
  ctx: Pick<Ctx, "db">,
  items: AsyncIterable<ImportItem> | Iterable<ImportItem>,
  now: Date,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const { db } = ctx;
  const progress = options.onProgress ?? (() => {});
  const run = randomUUID();
  await db
    .deleteFrom("catalog_import_run")
    .where("started_at", "<", new Date(now.getTime() - STALE_RUN_MS).toISOString())
    .execute();
  await removeStaleStaging(db);
  await db.insertInto("catalog_import_run").values({ id: run, started_at: now.toISOString() }).execute();
  try {
    const read = await stage(db, run, items, progress, options.imageAddresses);
    if (read.issues.length > 0) return { ok: false, issues: read.issues, lines: read.lines };
    progress({ phase: "checking", done: read.lines });
    // PostgreSQL has no statistics of the rows just staged and would plan the checks' joins for one row each: a
    // nested loop that regroups the whole run per row (20,000 staged products: 9 minutes for one check).
    if (dialect(db) === "postgres") {
      await sql`analyze catalog_import_record, catalog_import_variant, catalog_import_reference, catalog_import_vocabulary`.execute(
        db,
      );
    }
    const crossIssues = await crossCheck(db, run);
    const create = options.vocabulary === "create";
    const unknown = await unknownVocabulary(db, run, create);
    if (!create) crossIssues.push(...unknown.issues);
    if (crossIssues.length > 0) {
      const issues = crossIssues.sort((a, b) => a.line - b.line).slice(0, MAX_ISSUES);
      return { ok: false, issues, lines: read.lines };
    }
    const setStock = options.stock === "set";
    if (setStock) {
      const moved = await movedStockIssues(db, run);
      if (moved.length > 0) return { ok: false, issues: moved, lines: read.lines };
    }
    try {
      await writeStaged(ctx, run, read, now, setStock ? "guarded" : "keep", progress, unknown.values);
    } catch (error) {
      // A sale committed between the check above and the write.
      if (error instanceof StockMovedError)
        return { ok: false, issues: await movedStockIssues(db, run), lines: read.lines };
      throw error;
    }
    return {
      ok: true,
      categories: read.categories,
      products: read.products,
      variants: read.variants,
      lines: read.lines,
      vocabulary: read.vocabulary,
      created: unknown.values,
    };
  } finally {
    await dropRun(db, run);
  }
}

interface StageResult {
  lines: number;
  vocabulary: number;
  categories: number;
  products: number;
  variants: number;
  issues: ImportIssue[];
}

/** Reads, validates and stages every item; after the first problem it only collects problems. */
async function stage(
  db: Db,
  run: string,
  items: AsyncIterable<ImportItem> | Iterable<ImportItem>,
  progress: (p: ImportProgress) => void,
  imageAddresses?: ImportOptions["imageAddresses"],
): Promise<StageResult> {
  const result: StageResult = { lines: 0, vocabulary: 0, categories: 0, products: 0, variants: 0, issues: [] };
  let batch: { line: number; record: CatalogRecord }[] = [];
  // Merchant attributes' value types: the shop's, then as the file (re)defines them.
  const valueTypes = new Map(
    (await db.selectFrom("vocabulary_attribute").select(["key", "value_type"]).execute()).map((a) => [
      a.key,
      a.value_type as AttributeValueType,
    ]),
  );
  /** Typed attributes the file defines after products that may use them: checked once everything is staged. */
  const lateTyped = new Set<string>();
  for await (const item of items) {
    result.lines = Math.max(result.lines, item.to ?? item.line);
    if (result.lines % PROGRESS_EVERY === 0) progress({ phase: "reading", done: result.lines });
    if (result.issues.length >= MAX_ISSUES) continue;
    if ("issues" in item) {
      result.issues.push(...item.issues.map((issue) => ({ line: item.line, ...issue })));
      continue;
    }
    const parsed = catalogRecordSchema.safeParse(item.value, { error: specErrorMap });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        result.issues.push({ line: item.line, field: issue.path.join(".") || "(record)", reason: issue.message });
      }
      continue;
    }
    const record = parsed.data;
    if (record.type === "vocabulary" || record.type === "attribute") {
      result.vocabulary++;
      if (record.type === "attribute") {
        valueTypes.set(record.key, record.valueType);
        if (result.products > 0 && record.valueType !== "text") lateTyped.add(record.key);
      }
    } else if (record.type === "category") {
      result.categories++;
      if (record.parentId === record.id) {
        result.issues.push({ line: item.line, field: "parentId", reason: "a category cannot be its own parent" });
      }
    } else {
      result.products++;
      result.variants += record.variants.length;
      result.issues.push(...attributeTypeIssues(item.line, record.attributes, valueTypes));
      if (imageAddresses && result.issues.length === 0) {
        for (const [index, image] of record.images.entries()) {
          if (!/^https?:\/\//i.test(image.path)) continue;
          const resolved = await imageAddresses(image.path);
          if (resolved.ok) image.path = resolved.path;
          else result.issues.push({ line: item.line, field: `images.${index}.path`, reason: resolved.reason });
        }
      }
    }
    if (result.issues.length > 0) continue;
    batch.push({ line: item.line, record });
    if (batch.length >= BATCH) {
      await stageBatch(db, run, batch);
      batch = [];
    }
  }
  if (result.issues.length === 0) await stageBatch(db, run, batch);
  if (result.issues.length === 0 && lateTyped.size > 0) {
    const late = new Map([...lateTyped].map((key) => [key, valueTypes.get(key) as AttributeValueType]));
    result.issues.push(...(await stagedAttributeTypeIssues(db, run, late)));
  }
  progress({ phase: "reading", done: result.lines });
  result.issues = result.issues.slice(0, MAX_ISSUES);
  return result;
}

/** A merchant attribute's values as its value type allows them (specification's schema messages). */
function attributeTypeIssues(
  line: number,
  attributes: Record<string, string[]>,
  valueTypes: ReadonlyMap<string, AttributeValueType>,
): ImportIssue[] {
  const issues: ImportIssue[] = [];
  for (const [key, values] of Object.entries(attributes)) {
    const type = valueTypes.get(key);
    values.forEach((value, index) => {
      const problem = attributeValueProblem(type, value);
      if (!problem) return;
      const reason = problem === "not_number" ? "value is not a number." : "value is not a boolean.";
      issues.push({ line, field: `attributes.${key}.${index}`, reason: `${reason} (${key} holds ${type}s)` });
    });
  }
  return issues;
}

/** The check above for staged products, page by page (constant memory), against attributes the file typed late. */
async function stagedAttributeTypeIssues(
  db: Db,
  run: string,
  valueTypes: ReadonlyMap<string, AttributeValueType>,
): Promise<ImportIssue[]> {
  const issues: ImportIssue[] = [];
  let after = 0;
  while (issues.length < MAX_ISSUES) {
    const rows = await db
      .selectFrom("catalog_import_record")
      .select(["line", "body"])
      .where("run_id", "=", run)
      .where("kind", "=", "product")
      .where("line", ">", after)
      .orderBy("line")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const { attributes } = JSON.parse(row.body) as { attributes: Record<string, string[]> };
      issues.push(...attributeTypeIssues(row.line, attributes, valueTypes));
    }
    after = rows[rows.length - 1]?.line ?? after;
  }
  return issues.slice(0, MAX_ISSUES);
}

async function insertRows<T extends object>(rows: T[], insert: (rows: T[]) => Promise<unknown>): Promise<void> {
  for (const part of statementChunks(rows, ROWS_PER_INSERT)) await insert(part);
}

/** The staged key of a record: vocabulary records by kind and id (`colour:navy`, `attribute:sleeve`). */
function recordKey(record: CatalogRecord): string {
  switch (record.type) {
    case "vocabulary":
      return `${record.kind}:${record.id}`;
    case "attribute":
      return `attribute:${record.key}`;
    case "category":
      return record.key;
    case "product":
      return record.referenceKey;
  }
}

/** The vocabulary a record uses, with the field it is in. */
function vocabularyUses(record: CatalogRecord): { field: string; kind: string; value: string }[] {
  if (record.type === "category") {
    return record.productType ? [{ field: "productType", kind: "productType", value: record.productType }] : [];
  }
  if (record.type !== "product") return [];
  const uses = [
    { field: "productType", kind: "productType", value: record.productType },
    { field: "colorId", kind: "colour", value: record.colorId },
    { field: "pattern", kind: "pattern", value: record.pattern },
    ...record.material.map((value, i) => ({ field: `material.${i}`, kind: "material", value })),
    ...record.care.map((value, i) => ({ field: `care.${i}`, kind: "care", value })),
    ...Object.keys(record.attributes).map((key) => ({ field: `attributes.${key}`, kind: "attribute", value: key })),
  ];
  if (record.fit !== null) uses.push({ field: "fit", kind: "fit", value: record.fit });
  return uses;
}

async function stageBatch(db: Db, run: string, batch: { line: number; record: CatalogRecord }[]): Promise<void> {
  if (batch.length === 0) return;
  await insertRows(
    batch.map(({ line, record }) => ({
      run_id: run,
      line,
      kind: record.type,
      record_id: record.type === "category" || record.type === "product" ? record.id : 0,
      record_key: recordKey(record),
      body: JSON.stringify(record),
    })),
    (rows) => db.insertInto("catalog_import_record").values(rows).execute(),
  );
  const uses = batch.flatMap(({ line, record }) =>
    vocabularyUses(record).map((use) => ({ run_id: run, line, ...use })),
  );
  await insertRows(uses, (rows) => db.insertInto("catalog_import_vocabulary").values(rows).execute());
  const variants = batch.flatMap(({ line, record }) =>
    record.type === "product"
      ? record.variants.map((variant, position) => ({
          run_id: run,
          line,
          position,
          product_id: record.id,
          variant_id: variant.id,
          size_key: variant.size.toLowerCase(),
          quantity: variant.stock.quantity,
          version: variant.stock.version ?? null,
        }))
      : [],
  );
  await insertRows(variants, (rows) => db.insertInto("catalog_import_variant").values(rows).execute());
  const references = batch.flatMap(({ line, record }) =>
    record.type === "product"
      ? record.categoryIds.map((categoryId, index) => ({
          run_id: run,
          line,
          field: `categoryIds.${index}`,
          category_id: categoryId,
        }))
      : record.type !== "category" || record.parentId === null
        ? []
        : [{ run_id: run, line, field: "parentId", category_id: record.parentId }],
  );
  await insertRows(references, (rows) => db.insertInto("catalog_import_reference").values(rows).execute());
}

/** Checks what a single line cannot: duplicates, references between lines and to the shop's data. */
async function crossCheck(db: Db, run: string): Promise<ImportIssue[]> {
  const issues: ImportIssue[] = [];
  const limit = MAX_ISSUES;

  // The same id or key on two lines: every line after the first is wrong.
  for (const [kind, column, field, what] of [
    ["category", "record_id", "id", "category"],
    ["category", "record_key", "key", "category key"],
    ["product", "record_id", "id", "product"],
    ["product", "record_key", "referenceKey", "reference key"],
  ] as const) {
    const rows = await sql<{ line: number; value: string | number; first: number }>`
      select r.line as line, r.${sql.ref(column)} as value, f.first as first
      from catalog_import_record r
      join (
        select ${sql.ref(column)} as value, min(line) as first from catalog_import_record
        where run_id = ${run} and kind = ${kind}
        group by ${sql.ref(column)} having count(*) > 1
      ) f on f.value = r.${sql.ref(column)}
      where r.run_id = ${run} and r.kind = ${kind} and r.line > f.first
      order by r.line limit ${limit}`.execute(db);
    for (const row of rows.rows) {
      issues.push({
        line: Number(row.line),
        field,
        reason:
          column === "record_id"
            ? `${what} ${row.value} appears twice (first on line ${row.first})`
            : `${what} "${row.value}" appears twice`,
      });
    }
  }

  // A variant in two products of the file; a size twice in one product.
  const sharedVariants = await sql<{
    line: number;
    position: number;
    variant_id: number;
    owner: number;
    first: number;
  }>`
    select v.line as line, v.position as position, v.variant_id as variant_id, o.product_id as owner, o.line as first
    from catalog_import_variant v
    join (
      select variant_id, min(line) as first from catalog_import_variant
      where run_id = ${run} group by variant_id having count(*) > 1
    ) f on f.variant_id = v.variant_id
    join catalog_import_variant o on o.run_id = ${run} and o.variant_id = v.variant_id and o.line = f.first
    where v.run_id = ${run} and v.line > f.first
    order by v.line limit ${limit}`.execute(db);
  for (const row of sharedVariants.rows) {
    issues.push({
      line: Number(row.line),
      field: `variants.${row.position}.id`,
      reason: `variant ${row.variant_id} also belongs to product ${row.owner} (line ${row.first})`,
    });
  }
  const twiceSized = await sql<{ line: number; position: number; size_key: string }>`
    select v.line as line, v.position as position, v.size_key as size_key
    from catalog_import_variant v
    join (
      select line, size_key, min(position) as first from catalog_import_variant
      where run_id = ${run} group by line, size_key having count(*) > 1
    ) f on f.line = v.line and f.size_key = v.size_key
    where v.run_id = ${run} and v.position > f.first
    order by v.line, v.position limit ${limit}`.execute(db);
  for (const row of twiceSized.rows) {
    issues.push({
      line: Number(row.line),
      field: `variants.${row.position}.size`,
      reason: `size "${row.size_key}" appears twice in this product`,
    });
  }

  // Categories referred to that are neither in the file nor in the shop.
  const unknown = await db
    .selectFrom("catalog_import_reference as r")
    .select(["r.line", "r.field", "r.category_id"])
    .where("r.run_id", "=", run)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("catalog_import_record as c")
            .select("c.line")
            .where("c.run_id", "=", run)
            .where("c.kind", "=", "category")
            .whereRef("c.record_id", "=", "r.category_id"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("category").select("category.id").whereRef("category.id", "=", "r.category_id"))),
    )
    .orderBy("r.line")
    .limit(limit)
    .execute();
  for (const row of unknown) {
    issues.push({
      line: row.line,
      field: row.field,
      reason:
        row.field === "parentId" ? `unknown parent category ${row.category_id}` : `unknown category ${row.category_id}`,
    });
  }

  // A variant id the shop has under another product would move it; a reference key of another product too.
  const moved = await db
    .selectFrom("catalog_import_variant as v")
    .innerJoin("variant", "variant.id", "v.variant_id")
    .select(["v.line", "v.position", "v.variant_id", "variant.product_id"])
    .where("v.run_id", "=", run)
    .whereRef("variant.product_id", "<>", "v.product_id")
    .orderBy("v.line")
    .limit(limit)
    .execute();
  for (const row of moved) {
    issues.push({
      line: row.line,
      field: `variants.${row.position}.id`,
      reason: `variant ${row.variant_id} already belongs to product ${row.product_id}`,
    });
  }
  const takenKeys = await db
    .selectFrom("catalog_import_record as r")
    .innerJoin("product", "product.reference_key", "r.record_key")
    .select(["r.line", "r.record_key", "product.id"])
    .where("r.run_id", "=", run)
    .where("r.kind", "=", "product")
    .whereRef("product.id", "<>", "r.record_id")
    .orderBy("r.line")
    .limit(limit)
    .execute();
  for (const row of takenKeys) {
    issues.push({
      line: row.line,
      field: "referenceKey",
      reason: `reference key "${row.record_key}" belongs to product ${row.id}`,
    });
  }
  const takenCategoryKeys = await db
    .selectFrom("catalog_import_record as r")
    .innerJoin("category", "category.key", "r.record_key")
    .select(["r.line", "r.record_key", "category.id"])
    .where("r.run_id", "=", run)
    .where("r.kind", "=", "category")
    .whereRef("category.id", "<>", "r.record_id")
    .orderBy("r.line")
    .limit(limit)
    .execute();
  for (const row of takenCategoryKeys) {
    issues.push({
      line: row.line,
      field: "key",
      reason: `category key "${row.record_key}" belongs to category ${row.id}`,
    });
  }
  return issues.sort((a, b) => a.line - b.line).slice(0, MAX_ISSUES);
}

const KIND_NAMES: Record<string, string> = {
  productType: "product type",
  colour: "colour",
  material: "material",
  fit: "fit",
  pattern: "pattern",
  care: "care symbol",
  attribute: "attribute",
};

/**
 * The vocabulary the file's lines use that neither the shop nor a vocabulary record of the file knows: each use
 * as an issue (strict), and the distinct values (to create).
 */
async function unknownVocabulary(
  db: Db,
  run: string,
  distinct: boolean,
): Promise<{ issues: ImportIssue[]; values: CreatedVocabulary[] }> {
  const unknownUses = sql`
    from catalog_import_vocabulary u
    where u.run_id = ${run}
      and not exists (
        select 1 from catalog_import_record c
        where c.run_id = ${run} and c.kind in ('vocabulary', 'attribute') and c.record_key = u.kind || ':' || u.value)
      and not exists (select 1 from vocabulary_value v where v.kind = u.kind and v.id = u.value)
      and not exists (select 1 from vocabulary_attribute a where u.kind = 'attribute' and a.key = u.value)`;
  if (distinct) {
    const rows = await sql<{ kind: string; value: string }>`
      select u.kind as kind, u.value as value ${unknownUses}
      group by u.kind, u.value order by u.kind, u.value`.execute(db);
    return { issues: [], values: rows.rows.map((r) => ({ kind: r.kind as CreatedVocabulary["kind"], id: r.value })) };
  }
  const rows = await sql<{ line: number; field: string; kind: string; value: string }>`
    select u.line as line, u.field as field, u.kind as kind, u.value as value ${unknownUses}
    order by u.line limit ${MAX_ISSUES}`.execute(db);
  return {
    issues: rows.rows.map((r) => ({
      line: Number(r.line),
      field: r.field,
      reason: `unknown ${KIND_NAMES[r.kind] ?? r.kind} "${r.value}" (add it with "vitrine vocabulary add", give it a vocabulary line in the file, or import with --create-vocabulary)`,
    })),
    values: [],
  };
}

/** The vocabulary a file brings and the values an import creates, ready to write. */
async function stagedVocabulary(
  db: Db,
  run: string,
  created: readonly CreatedVocabulary[],
): Promise<ReturnType<typeof vocabularyFromRecords>> {
  const rows = await db
    .selectFrom("catalog_import_record")
    .select(["kind", "body"])
    .where("run_id", "=", run)
    .where("kind", "in", ["vocabulary", "attribute"])
    .orderBy("line")
    .execute();
  const { values, attributes } = vocabularyFromRecords(
    rows.map((row) => JSON.parse(row.body) as VocabularyRecord | AttributeRecord),
  );
  for (const { kind, id } of created) {
    const labels = { en: labelFromId(id) };
    if (kind === "attribute") {
      attributes.push({ key: id, valueType: "text", facetable: false, searchable: true, labels });
    } else {
      values.push({
        kind,
        id,
        labels,
        hex: kind === "colour" ? CREATED_COLOUR_HEX : null,
        sizeSystem: kind === "productType" ? "onesize" : null,
      });
    }
  }
  return { values, attributes };
}

/** For `--stock set`: every existing variant whose stock the file would change must still be as exported. */
async function movedStockIssues(db: Db, run: string): Promise<ImportIssue[]> {
  const rows = await db
    .selectFrom("catalog_import_variant as v")
    .innerJoin("variant", "variant.id", "v.variant_id")
    .select(["v.line", "v.position", "v.variant_id", "v.version", "variant.stock_quantity", "variant.stock_version"])
    .where("v.run_id", "=", run)
    .whereRef("variant.stock_quantity", "<>", "v.quantity")
    .where((eb) => eb.or([eb("v.version", "is", null), eb("v.version", "<>", eb.ref("variant.stock_version"))]))
    .orderBy("v.line")
    .orderBy("v.position")
    .limit(MAX_ISSUES)
    .execute();
  return rows.map((row) => ({
    line: row.line,
    field: `variants.${row.position}.stock.version`,
    reason:
      row.version === null
        ? `variant ${row.variant_id}: --stock set needs the stock version of an export`
        : `stock of variant ${row.variant_id} changed since the export (now ${row.stock_quantity}): export again, or import without --stock set`,
  }));
}

/** Writes the staged records in one transaction, categories first, products in batches. */
async function writeStaged(
  ctx: Pick<Ctx, "db">,
  run: string,
  read: StageResult,
  now: Date,
  stock: StockWrite,
  progress: (p: ImportProgress) => void,
  created: readonly CreatedVocabulary[],
): Promise<void> {
  const total = read.categories + read.products;
  await withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const vocabulary = await stagedVocabulary(db, run, created);
    await writeVocabulary(tx, vocabulary.values, vocabulary.attributes, now);
    const categories = (
      await db
        .selectFrom("catalog_import_record")
        .select("body")
        .where("run_id", "=", run)
        .where("kind", "=", "category")
        .orderBy("line")
        .execute()
    ).map((row) => JSON.parse(row.body) as CategoryRecord);
    const publish = total <= 1000;
    await writeCategoryRecords(tx, categories, now, { publish });
    let written = categories.length;
    progress({ phase: "writing", done: written, total });
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom("catalog_import_record")
        .select(["line", "body"])
        .where("run_id", "=", run)
        .where("kind", "=", "product")
        .where("line", ">", after)
        .orderBy("line")
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      after = rows.at(-1)?.line ?? after;
      const products = rows.map((row) => JSON.parse(row.body) as ProductRecord);
      await writeProductRecords(tx, products, now, stock, { publish });
      written += products.length;
      progress({ phase: "writing", done: written, total });
    }
    // A big import tells every process to reload its index once, not product by product.
    if (!publish) await publishEvents(db, catalogChangeEvents("catalog", ["*"]), now);
  });
}

async function dropRun(db: Db, run: string): Promise<void> {
  await db.deleteFrom("catalog_import_vocabulary").where("run_id", "=", run).execute();
  await db.deleteFrom("catalog_import_reference").where("run_id", "=", run).execute();
  await db.deleteFrom("catalog_import_variant").where("run_id", "=", run).execute();
  await db.deleteFrom("catalog_import_record").where("run_id", "=", run).execute();
  await db.deleteFrom("catalog_import_run").where("id", "=", run).execute();
}

/** Staged rows of runs that no longer exist (their import died before it could clean up). */
async function removeStaleStaging(db: Db): Promise<void> {
  const live = db.selectFrom("catalog_import_run").select("id");
  await db.deleteFrom("catalog_import_vocabulary").where("run_id", "not in", live).execute();
  await db.deleteFrom("catalog_import_reference").where("run_id", "not in", live).execute();
  await db.deleteFrom("catalog_import_variant").where("run_id", "not in", live).execute();
  await db.deleteFrom("catalog_import_record").where("run_id", "not in", live).execute();
}

/** Writes already-valid records in one transaction. */
export async function writeCatalog(
  ctx: Pick<Ctx, "db">,
  categories: readonly CategoryRecord[],
  products: readonly ProductRecord[],
  now: Date,
  stock: StockWrite = "replace",
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await writeCategoryRecords(tx, categories, now);
    await writeProductRecords(tx, products, now, stock);
  });
}

export function formatImportIssue(issue: ImportIssue): string {
  return `line ${issue.line}: ${issue.field}: ${issue.reason}`;
}
