import type { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { z } from "zod";
import type { ImportItem } from "./import.ts";
import { slugify } from "./slug.ts";

/**
 * CSV catalogues through a column mapping (`vitrine catalog import products.csv --mapping mapping.json`). The
 * mapping says, for each field of a catalogue record (a dotted path: `translations.en.name`, `variants[].size`),
 * where its value comes from: a column, a fixed value or a template of columns, converted (`as`), transformed and
 * looked up in a table of values (`map`). Rows are read one at a time; consecutive rows with the same `groupBy`
 * value become one record whose `variants[]` collect one entry per row (a file with one row per size).
 *
 * ```json
 * { "type": "product", "groupBy": "style",
 *   "fields": { "id": { "column": "style", "as": "integer" }, "brand": { "value": "Nordlicht" },
 *               "translations.en.name": { "column": "name" },
 *               "variants[].id": { "column": "sku", "as": "integer" }, "variants[].size": { "column": "size" },
 *               "variants[].prices.DE.listPrice": { "column": "price_eur", "as": "cents" } } }
 * ```
 */

const source = z
  .strictObject({
    /** A column of the file, by its header. */
    column: z.string().min(1).optional(),
    /** A fixed value. */
    value: z.unknown().optional(),
    /** A text with `{column}` placeholders. */
    template: z.string().min(1).optional(),
    /** The value's type in the record: text (default), an integer, a number, `true`/`false`, or an amount in cents. */
    as: z.enum(["string", "integer", "number", "boolean", "cents"]).default("string"),
    /** Applied to text before the lookup: trimmed, lower-cased, or made a slug (`Light Blue` → `light-blue`). */
    transform: z.enum(["trim", "lower", "upper", "slug"]).optional(),
    /** Splits a cell into a list (`Cotton|Elastane`). */
    split: z.string().min(1).optional(),
    /** Replaces values: `{ "Trousers": "pants" }`; values not in it are kept as they are. */
    map: z.record(z.string(), z.unknown()).optional(),
    /** Used when the cell is empty; without it an empty cell leaves the field out (the format's default applies). */
    default: z.unknown().optional(),
  })
  .refine((s) => [s.column, s.value, s.template].filter((x) => x !== undefined).length === 1, {
    message: "give exactly one of column, value or template",
  });

export const csvMappingSchema = z.strictObject({
  /** What each row (or group of rows) becomes. */
  type: z.enum(["product", "category"]).default("product"),
  delimiter: z.string().min(1).max(4).default(","),
  /** A column whose value, the same on consecutive rows, makes them one record (one row per variant). */
  groupBy: z.string().min(1).optional(),
  fields: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_]*(\[\])?(\.([A-Za-z0-9_]+)(\[\])?)*$/, "must be a dotted field path"),
      source,
    )
    .refine((f) => Object.keys(f).length > 0, "name at least one field"),
});

export type CsvMapping = z.output<typeof csvMappingSchema>;
type FieldSource = CsvMapping["fields"][string];

/** Reads a mapping file's JSON; a bad mapping throws an error naming the field and the reason. */
export function parseCsvMapping(json: unknown): CsvMapping {
  const result = csvMappingSchema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`invalid mapping: ${issue?.path.join(".") || "(mapping)"}: ${issue?.message}`);
}

type Row = Record<string, string>;
type Conversion = { ok: true; value: unknown; present: boolean } | { ok: false; reason: string };

function convertOne(text: string, spec: FieldSource): Conversion {
  let value = text;
  if (spec.transform === "trim") value = value.trim();
  if (spec.transform === "lower") value = value.trim().toLowerCase();
  if (spec.transform === "upper") value = value.trim().toUpperCase();
  if (spec.transform === "slug") value = slugify(value);
  const mapped: unknown = spec.map && Object.hasOwn(spec.map, value) ? spec.map[value] : value;
  if (typeof mapped !== "string") return { ok: true, value: mapped, present: true };
  switch (spec.as) {
    case "string":
      return { ok: true, value: mapped, present: true };
    case "integer": {
      if (!/^-?\d+$/.test(mapped.trim())) return { ok: false, reason: `"${mapped}" is not a whole number` };
      return { ok: true, value: Number(mapped.trim()), present: true };
    }
    case "number": {
      const n = Number(mapped.trim().replace(",", "."));
      if (mapped.trim() === "" || !Number.isFinite(n)) return { ok: false, reason: `"${mapped}" is not a number` };
      return { ok: true, value: n, present: true };
    }
    case "cents": {
      const m = /^(-?\d+)(?:[.,](\d{1,2}))?$/.exec(mapped.trim());
      if (!m) return { ok: false, reason: `"${mapped}" is not an amount like 49.95` };
      const whole = m[1] as string;
      const cents = Math.abs(Number(whole)) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
      return { ok: true, value: whole.startsWith("-") ? -cents : cents, present: true };
    }
    case "boolean": {
      const v = mapped.trim().toLowerCase();
      if (["true", "1", "yes", "ja", "oui"].includes(v)) return { ok: true, value: true, present: true };
      if (["false", "0", "no", "nein", "non"].includes(v)) return { ok: true, value: false, present: true };
      return { ok: false, reason: `"${mapped}" is not true or false` };
    }
  }
}

function fieldValue(row: Row, spec: FieldSource): Conversion {
  if (spec.value !== undefined) return { ok: true, value: spec.value, present: true };
  const raw =
    spec.template !== undefined
      ? spec.template.replace(/\{([^}]+)\}/g, (_, column: string) => row[column] ?? "").trim()
      : (row[spec.column as string] ?? "");
  if (raw.trim() === "") {
    return spec.default === undefined
      ? { ok: true, value: undefined, present: false }
      : { ok: true, value: spec.default, present: true };
  }
  if (spec.split === undefined) return convertOne(raw, spec);
  const values: unknown[] = [];
  for (const part of raw.split(spec.split)) {
    if (part.trim() === "") continue;
    const one = convertOne(part.trim(), spec);
    if (!one.ok) return one;
    values.push(one.value);
  }
  return { ok: true, value: values, present: true };
}

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Sets a dotted path (`prices.DE.listPrice`, `images.0.path`) on an object, creating what is missing. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const [index, part] of parts.entries()) {
    if (UNSAFE_KEYS.has(part)) return;
    if (index === parts.length - 1) {
      node[part] = value;
      return;
    }
    const next = node[part];
    // `images.0.path`: a number names an entry of a list.
    if (typeof next !== "object" || next === null) node[part] = /^\d+$/.test(parts[index + 1] ?? "") ? [] : {};
    node = node[part] as Record<string, unknown>;
  }
}

interface CompiledField {
  /** The path inside the record, or inside one entry of a list field (`variants[]`). */
  path: string;
  /** The list field (`variants`) the path belongs to, for one entry per row. */
  list?: string;
  spec: FieldSource;
}

function compile(mapping: CsvMapping): CompiledField[] {
  return Object.entries(mapping.fields).map(([path, spec]) => {
    const at = path.indexOf("[].");
    return at === -1 ? { path, spec } : { list: path.slice(0, at), path: path.slice(at + 3), spec };
  });
}

/** The columns a mapping reads. */
function columnsOf(mapping: CsvMapping): string[] {
  const columns = new Set<string>();
  if (mapping.groupBy) columns.add(mapping.groupBy);
  for (const spec of Object.values(mapping.fields)) {
    if (spec.column) columns.add(spec.column);
    for (const m of spec.template?.matchAll(/\{([^}]+)\}/g) ?? []) columns.add(m[1] as string);
  }
  return [...columns];
}

/**
 * The records of a CSV file, one item per row or group of rows, with the line number of its first row. A
 * mapping naming a column the file does not have throws before any row is read.
 */
export async function* csvItems(input: Readable, mapping: CsvMapping): AsyncGenerator<ImportItem> {
  const fields = compile(mapping);
  const parser = input.pipe(
    parse({ delimiter: mapping.delimiter, columns: true, bom: true, relax_column_count: true, info: true }),
  );
  let checkedHeader = false;
  let current:
    | {
        key: string;
        line: number;
        to: number;
        record: Record<string, unknown>;
        issues: { field: string; reason: string }[];
      }
    | undefined;

  function startRecord(row: Row, line: number) {
    const record: Record<string, unknown> = { type: mapping.type };
    const issues: { field: string; reason: string }[] = [];
    for (const field of fields) {
      if (field.list) continue;
      const result = fieldValue(row, field.spec);
      if (!result.ok) issues.push({ field: field.path, reason: result.reason });
      else if (result.present) setPath(record, field.path, result.value);
    }
    return { key: mapping.groupBy ? (row[mapping.groupBy] ?? "") : String(line), line, to: line, record, issues };
  }

  function addEntries(target: NonNullable<typeof current>, row: Row) {
    const entries = new Map<string, Record<string, unknown>>();
    for (const field of fields) {
      if (!field.list) continue;
      const list = field.list;
      let entry = entries.get(list);
      if (!entry) {
        entry = {};
        entries.set(list, entry);
      }
      const result = fieldValue(row, field.spec);
      const existing = (target.record[list] as unknown[] | undefined)?.length ?? 0;
      if (!result.ok) target.issues.push({ field: `${list}.${existing}.${field.path}`, reason: result.reason });
      else if (result.present) setPath(entry, field.path, result.value);
    }
    for (const [list, entry] of entries) {
      if (UNSAFE_KEYS.has(list)) continue;
      const items = (target.record[list] as unknown[] | undefined) ?? [];
      items.push(entry);
      target.record[list] = items;
    }
  }

  function finish(done: NonNullable<typeof current>): ImportItem {
    const at = { line: done.line, to: done.to };
    return done.issues.length > 0 ? { ...at, issues: done.issues } : { ...at, value: done.record };
  }

  const rows = parser as AsyncIterable<{ record: Row; info: { lines: number } }>;
  try {
    for await (const item of rows) yield* take(item);
  } catch (error) {
    // A broken row (an unclosed quote): its line, and nothing after it can be read reliably.
    if (!(error instanceof CsvError)) throw error;
    if (current) yield finish(current);
    current = undefined;
    yield {
      line: (error as CsvError & { lines?: number }).lines ?? 0,
      issues: [{ field: "(line)", reason: error.message }],
    };
  }
  if (current) yield finish(current);

  function* take({ record: row, info }: { record: Row; info: { lines: number } }): Generator<ImportItem> {
    if (!checkedHeader) {
      checkedHeader = true;
      const missing = columnsOf(mapping).filter((column) => !(column in row));
      if (missing.length > 0) {
        throw new Error(`the file has no column ${missing.map((c) => `"${c}"`).join(", ")} (the mapping names it)`);
      }
    }
    const line = info.lines;
    const key = mapping.groupBy ? (row[mapping.groupBy] ?? "") : String(line);
    if (!current || current.key !== key) {
      if (current) yield finish(current);
      current = startRecord(row, line);
    }
    current.to = line;
    addEntries(current, row);
  }
}
