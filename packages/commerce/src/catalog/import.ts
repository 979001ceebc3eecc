import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";
import { chunk } from "../util.ts";
import { specErrorMap } from "../validation.ts";
import { type CatalogRecord, type CategoryRecord, catalogRecordSchema, type ProductRecord } from "./records.ts";
import { StockMovedError, type StockWrite, stockOf, writeCategoryRecords, writeProductRecords } from "./store.ts";

/** One problem found in an import file: where it is and why it is refused. */
export interface ImportIssue {
  line: number;
  field: string;
  reason: string;
}

export type ImportResult =
  | { ok: true; categories: number; products: number; variants: number }
  | { ok: false; issues: ImportIssue[] };

/** Stops collecting after this many problems: a broken file does not need 100,000 lines of complaints. */
const MAX_ISSUES = 200;

interface Parsed {
  line: number;
  record: CatalogRecord;
}

/** Parses and validates JSON Lines; returns every record with its line number, or every problem found. */
export function parseCatalogLines(lines: Iterable<string>): { records: Parsed[]; issues: ImportIssue[] } {
  const records: Parsed[] = [];
  const issues: ImportIssue[] = [];
  let lineNo = 0;
  for (const raw of lines) {
    lineNo++;
    const text = raw.trim();
    if (text === "") continue;
    if (issues.length >= MAX_ISSUES) break;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      issues.push({ line: lineNo, field: "(line)", reason: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const result = catalogRecordSchema.safeParse(value, { error: specErrorMap });
    if (!result.success) {
      for (const issue of result.error.issues) {
        issues.push({ line: lineNo, field: issue.path.join(".") || "(record)", reason: issue.message });
      }
      continue;
    }
    records.push({ line: lineNo, record: result.data });
  }
  return { records, issues };
}

/** Checks what a single line cannot: duplicates, references between lines and to the database. */
async function crossCheck(db: Db, records: Parsed[]): Promise<ImportIssue[]> {
  const issues: ImportIssue[] = [];
  const categoryLines = new Map<number, number>();
  const categoryKeys = new Map<string, number>();
  const productLines = new Map<number, number>();
  const referenceKeys = new Map<string, number>();
  const variantOwners = new Map<number, { productId: number; line: number }>();

  for (const { line, record } of records) {
    if (record.type === "category") {
      if (categoryLines.has(record.id)) {
        issues.push({
          line,
          field: "id",
          reason: `category ${record.id} appears twice (first on line ${categoryLines.get(record.id)})`,
        });
      }
      categoryLines.set(record.id, line);
      if (categoryKeys.has(record.key)) {
        issues.push({ line, field: "key", reason: `category key "${record.key}" appears twice` });
      }
      categoryKeys.set(record.key, line);
    } else {
      if (productLines.has(record.id)) {
        issues.push({
          line,
          field: "id",
          reason: `product ${record.id} appears twice (first on line ${productLines.get(record.id)})`,
        });
      }
      productLines.set(record.id, line);
      if (referenceKeys.has(record.referenceKey)) {
        issues.push({ line, field: "referenceKey", reason: `reference key "${record.referenceKey}" appears twice` });
      }
      referenceKeys.set(record.referenceKey, line);
      const sizes = new Set<string>();
      record.variants.forEach((variant, index) => {
        const owner = variantOwners.get(variant.id);
        if (owner) {
          issues.push({
            line,
            field: `variants.${index}.id`,
            reason: `variant ${variant.id} also belongs to product ${owner.productId} (line ${owner.line})`,
          });
        }
        variantOwners.set(variant.id, { productId: record.id, line });
        if (sizes.has(variant.size.toLowerCase())) {
          issues.push({
            line,
            field: `variants.${index}.size`,
            reason: `size "${variant.size}" appears twice in this product`,
          });
        }
        sizes.add(variant.size.toLowerCase());
      });
    }
  }

  const existingCategories = new Set((await db.selectFrom("category").select("id").execute()).map((r) => r.id));
  const knownCategory = (id: number) => categoryLines.has(id) || existingCategories.has(id);

  for (const { line, record } of records) {
    if (record.type === "category") {
      if (record.parentId !== null && !knownCategory(record.parentId)) {
        issues.push({ line, field: "parentId", reason: `unknown parent category ${record.parentId}` });
      }
      if (record.parentId === record.id) {
        issues.push({ line, field: "parentId", reason: "a category cannot be its own parent" });
      }
    } else {
      record.categoryIds.forEach((categoryId, index) => {
        if (!knownCategory(categoryId)) {
          issues.push({ line, field: `categoryIds.${index}`, reason: `unknown category ${categoryId}` });
        }
      });
    }
  }

  // A variant id already used by another product in the database would move it between products.
  const variantIds = [...variantOwners.keys()];
  for (const batch of chunk(variantIds, 500)) {
    const rows = await db.selectFrom("variant").select(["id", "product_id"]).where("id", "in", batch).execute();
    for (const row of rows) {
      const owner = variantOwners.get(row.id);
      if (owner && owner.productId !== row.product_id) {
        issues.push({
          line: owner.line,
          field: "variants.id",
          reason: `variant ${row.id} already belongs to product ${row.product_id}`,
        });
      }
    }
  }
  const refKeys = [...referenceKeys.keys()];
  for (const batch of chunk(refKeys, 500)) {
    const rows = await db
      .selectFrom("product")
      .select(["id", "reference_key"])
      .where("reference_key", "in", batch)
      .execute();
    for (const row of rows) {
      const line = referenceKeys.get(row.reference_key) ?? 0;
      const record = records.find((r) => r.line === line)?.record;
      if (record && record.id !== row.id) {
        issues.push({
          line,
          field: "referenceKey",
          reason: `reference key "${row.reference_key}" belongs to product ${row.id}`,
        });
      }
    }
  }
  return issues.sort((a, b) => a.line - b.line).slice(0, MAX_ISSUES);
}

/**
 * What an import does to the stock of variants the shop has already:
 * - `keep` (the default): nothing. Units sold since the file was exported stay sold; stock moves by orders,
 *   cancellations and returns. Variants new to the shop get the file's stock.
 * - `set`: the file's stock replaces it, but only where it has not moved since the export (each variant's
 *   `stock.version`, written by `catalog export`); a file that would give back units sold meanwhile is refused.
 */
export type ImportStock = "keep" | "set";

export interface ImportOptions {
  stock?: ImportStock;
}

/**
 * Imports a catalogue file. Everything is validated first; a file with any problem is refused as a whole and
 * nothing of it is written. A valid file is written in one transaction.
 */
export async function importCatalog(
  ctx: Pick<Ctx, "db">,
  lines: Iterable<string>,
  now: Date,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const { db } = ctx;
  const { records, issues } = parseCatalogLines(lines);
  if (issues.length > 0) return { ok: false, issues };
  const crossIssues = await crossCheck(db, records);
  if (crossIssues.length > 0) return { ok: false, issues: crossIssues };
  const setStock = options.stock === "set";
  if (setStock) {
    const moved = await movedStockIssues(db, records);
    if (moved.length > 0) return { ok: false, issues: moved };
  }
  const categories = records.flatMap((r) => (r.record.type === "category" ? [r.record] : []));
  const products = records.flatMap((r) => (r.record.type === "product" ? [r.record] : []));
  try {
    await writeCatalog(ctx, categories, products, now, setStock ? "guarded" : "keep");
  } catch (error) {
    // A sale committed between the check above and the write.
    if (error instanceof StockMovedError) return { ok: false, issues: await movedStockIssues(db, records) };
    throw error;
  }
  return {
    ok: true,
    categories: categories.length,
    products: products.length,
    variants: products.reduce((n, p) => n + p.variants.length, 0),
  };
}

/** For `--stock set`: every existing variant whose stock the file would change must still be as exported. */
async function movedStockIssues(db: Db, records: Parsed[]): Promise<ImportIssue[]> {
  const products = records.flatMap((r) => (r.record.type === "product" ? [{ line: r.line, product: r.record }] : []));
  const current = await stockOf(
    { db },
    products.flatMap(({ product }) => product.variants.map((v) => v.id)),
  );
  const issues: ImportIssue[] = [];
  for (const { line, product } of products) {
    product.variants.forEach((variant, index) => {
      const now = current.get(variant.id);
      if (!now || now.quantity === variant.stock.quantity) return;
      const field = `variants.${index}.stock.version`;
      if (variant.stock.version === undefined) {
        issues.push({ line, field, reason: `variant ${variant.id}: --stock set needs the stock version of an export` });
      } else if (variant.stock.version !== now.version) {
        issues.push({
          line,
          field,
          reason: `stock of variant ${variant.id} changed since the export (now ${now.quantity}): export again, or import without --stock set`,
        });
      }
    });
    if (issues.length >= MAX_ISSUES) break;
  }
  return issues.slice(0, MAX_ISSUES);
}

/** Writes already-valid records in one transaction. */
export async function writeCatalog(
  ctx: Pick<Ctx, "db">,
  categories: readonly CategoryRecord[],
  products: readonly ProductRecord[],
  now: Date,
  stock: StockWrite = "replace",
): Promise<void> {
  const { db } = ctx;
  await db.transaction().execute(async (trx) => {
    await writeCategoryRecords({ db: trx }, categories, now);
    await writeProductRecords({ db: trx }, products, now, stock);
  });
}

export function formatImportIssue(issue: ImportIssue): string {
  return `line ${issue.line}: ${issue.field}: ${issue.reason}`;
}
