import { type BlockJsonSchema, type BlockType, blockJsonSchema } from "@vitrine/commerce";
import { type FieldNode, fieldName, jsonName, listLengthName } from "./block-fields.ts";

export type { FieldNode };

/**
 * The content editor's form of a block, drawn from the block type's JSON Schema (`blockJsonSchema`): text and
 * number inputs, choices for enumerations, groups for objects, lists with "add" and "remove" for arrays, and a
 * choice of kind for discriminated unions (a product slider's source, a grid's items). A field added to a block
 * schema gets its input without editor code. Works without JavaScript: every input is a named form field
 * (`b{block}.f.{path}`, a list's length in `b{block}.f.{path}#`), read back by `blockFromForm`.
 */

/** Texts edited in a text area rather than a one-line input. */
const MULTILINE = new Set(["html", "text", "note"]);
const MULTILINE_LENGTH = 300;

const join = (path: string, key: string | number) => (path === "" ? String(key) : `${path}.${key}`);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The values an enumeration (or a union of constants, like a grid's 2 | 3 | 4 columns) allows. */
function choices(schema: BlockJsonSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  const union = schema.oneOf ?? schema.anyOf;
  if (union?.every((option) => option.const !== undefined)) return union.map((option) => option.const);
  return undefined;
}

/** The property that tells the objects of a union apart (each option has a constant for it), if there is one. */
function discriminator(union: readonly BlockJsonSchema[]): string | undefined {
  const first = union[0]?.properties ?? {};
  return Object.keys(first).find((key) =>
    union.every((option) => option.type === "object" && option.properties?.[key]?.const !== undefined),
  );
}

function variantOf(union: readonly BlockJsonSchema[], key: string, value: unknown): BlockJsonSchema | undefined {
  const chosen = isRecord(value) ? value[key] : undefined;
  return union.find((option) => option.properties?.[key]?.const === chosen) ?? union[0];
}

/** The form of a block with its current values; undefined for an unknown type. */
export function fieldNodes(type: BlockType, block: Record<string, unknown>): FieldNode[] | undefined {
  const schema = blockJsonSchema(type);
  return schema ? children(schema, block, "", "type") : undefined;
}

function children(schema: BlockJsonSchema, value: unknown, path: string, skip?: string): FieldNode[] {
  const required = new Set(schema.required ?? []);
  const record = isRecord(value) ? value : {};
  return Object.entries(schema.properties ?? {})
    .filter(([key]) => key !== skip)
    .map(([key, property]) => node(property, record[key], join(path, key), required.has(key)));
}

function node(schema: BlockJsonSchema, value: unknown, path: string, required: boolean): FieldNode {
  const allowed = choices(schema);
  if (allowed) {
    const current = value ?? (required ? schema.default : undefined);
    return {
      kind: "choice",
      path,
      value: current === undefined ? "" : String(current),
      options: allowed.map(String),
      required,
    };
  }
  const union = schema.oneOf ?? schema.anyOf;
  if (union) {
    const key = discriminator(union);
    const option = key ? variantOf(union, key, value) : undefined;
    if (!key || !option)
      return { kind: "json", path, value: value === undefined ? "" : JSON.stringify(value, null, 2) };
    return {
      kind: "variant",
      path,
      key,
      value: String(option.properties?.[key]?.const),
      options: union.map((o) => String(o.properties?.[key]?.const)),
      children: children(option, value, path, key),
    };
  }
  switch (schema.type) {
    case "string": {
      const last = path.split(".").at(-1) ?? "";
      const multiline = MULTILINE.has(last) || (schema.maxLength ?? 0) > MULTILINE_LENGTH;
      return {
        kind: "text",
        path,
        value: value === undefined || value === null ? "" : String(value),
        multiline,
        required,
        ...(schema.maxLength ? { maxLength: schema.maxLength } : {}),
      };
    }
    case "integer":
    case "number":
      return {
        kind: "number",
        path,
        value: value === undefined || value === null ? "" : String(value),
        required,
        ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
        ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
      };
    case "object":
      return { kind: "group", path, children: children(schema, value, path) };
    case "array": {
      const items = Array.isArray(value) ? value : [];
      const item = schema.items ?? {};
      return {
        kind: "list",
        path,
        items: items.map((entry, k) => node(item, entry, join(path, k), true)),
        min: schema.minItems ?? 0,
        max: schema.maxItems ?? 100,
      };
    }
    default:
      return { kind: "json", path, value: value === undefined ? "" : JSON.stringify(value, null, 2) };
  }
}

/** A form field's value, or null when the form has no such field. */
type Read = (name: string) => string | null;

/** The block as the form writes it (not yet validated: the block schema judges it). */
export function blockFromForm(type: BlockType, index: number, get: Read): Record<string, unknown> {
  const schema = blockJsonSchema(type);
  if (!schema) return { type };
  return { type, ...readObject(schema, "", index, get, "type") };
}

function readObject(
  schema: BlockJsonSchema,
  path: string,
  index: number,
  get: Read,
  skip?: string,
): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (key === skip) continue;
    const value = read(property, join(path, key), index, get, required.has(key));
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function read(schema: BlockJsonSchema, path: string, index: number, get: Read, required: boolean): unknown {
  const allowed = choices(schema);
  if (allowed) {
    const raw = get(fieldName(index, path));
    if (raw === null || raw === "") return undefined;
    return allowed.find((option) => String(option) === raw) ?? raw;
  }
  const union = schema.oneOf ?? schema.anyOf;
  if (union) {
    const key = discriminator(union);
    if (!key) return readJson(path, index, get);
    const chosen = get(fieldName(index, join(path, key)));
    const option = union.find((o) => String(o.properties?.[key]?.const) === chosen) ?? union[0];
    if (!option) return undefined;
    return { [key]: option.properties?.[key]?.const, ...readObject(option, path, index, get, key) };
  }
  switch (schema.type) {
    case "string": {
      const raw = get(fieldName(index, path));
      if (raw === null || (!required && raw.trim() === "")) return undefined;
      return raw;
    }
    case "integer":
    case "number": {
      const raw = get(fieldName(index, path));
      if (raw === null || raw.trim() === "") return undefined;
      const number = Number(raw.trim().replace(",", "."));
      return Number.isFinite(number) ? number : raw;
    }
    case "object": {
      const value = readObject(schema, path, index, get);
      // An optional group left empty (a banner without a link) is left out, not refused for its empty fields.
      return !required && isBlank(value) ? undefined : value;
    }
    case "array": {
      const count = Math.min(Math.max(Number(get(listLengthName(index, path)) ?? 0) || 0, 0), 100);
      const item = schema.items ?? {};
      return Array.from({ length: count }, (_, k) => read(item, join(path, k), index, get, true));
    }
    default:
      return readJson(path, index, get);
  }
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === "") return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isBlank);
  if (isRecord(value)) return Object.values(value).every(isBlank);
  return false;
}

function readJson(path: string, index: number, get: Read): unknown {
  const raw = get(jsonName(index, path));
  if (raw === null || raw.trim() === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // Left as text: the block schema names the field.
    return raw;
  }
}

/** The schema of the list at `path` in a block (following the chosen kinds of unions), for adding an entry. */
function listSchemaAt(type: BlockType, block: Record<string, unknown>, path: string): BlockJsonSchema | undefined {
  let schema = blockJsonSchema(type);
  let value: unknown = block;
  for (const segment of path.split(".")) {
    if (!schema) return undefined;
    const union = schema.oneOf ?? schema.anyOf;
    if (union) {
      const key = discriminator(union);
      schema = key ? variantOf(union, key, value) : undefined;
      if (!schema) return undefined;
    }
    schema = schema.type === "array" ? schema.items : schema.properties?.[segment];
    value = Array.isArray(value) ? value[Number(segment)] : isRecord(value) ? value[segment] : undefined;
  }
  return schema?.type === "array" ? schema : undefined;
}

/** A starting value for a new list entry: the schema's shape with empty texts and the first choices. */
function emptyValue(schema: BlockJsonSchema): unknown {
  const allowed = choices(schema);
  if (allowed) return schema.default ?? allowed[0];
  const union = schema.oneOf ?? schema.anyOf;
  if (union?.[0]) return emptyValue(union[0]);
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case "string":
      return "";
    case "integer":
    case "number":
      return schema.minimum ?? 0;
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => emptyValue(schema.items ?? {}));
    case "object": {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => required.has(key))
          .map(([key, property]) => [key, emptyValue(property)]),
      );
    }
    default:
      return undefined;
  }
}

/**
 * Adds an entry to the list at `path` (a copy of its last entry, so the form stays valid, or an empty one), or
 * removes entry `remove`. Answers false when there is no list there or its bounds forbid the change.
 */
export function changeList(type: BlockType, block: Record<string, unknown>, path: string, remove?: number): boolean {
  const schema = listSchemaAt(type, block, path);
  const segments = path.split(".");
  const last = segments.pop() as string;
  let parent: unknown = block;
  for (const segment of segments) {
    parent = Array.isArray(parent) ? parent[Number(segment)] : isRecord(parent) ? parent[segment] : undefined;
  }
  // An optional list the block does not have yet starts empty.
  if (isRecord(parent) && parent[last] === undefined && schema && remove === undefined) parent[last] = [];
  const list = Array.isArray(parent) ? parent[Number(last)] : isRecord(parent) ? parent[last] : undefined;
  if (!schema || !Array.isArray(list)) return false;
  if (remove === undefined) {
    if (list.length >= (schema.maxItems ?? 100)) return false;
    list.push(list.length > 0 ? structuredClone(list[list.length - 1]) : emptyValue(schema.items ?? {}));
    return true;
  }
  if (remove < 0 || remove >= list.length || list.length <= (schema.minItems ?? 0)) return false;
  list.splice(remove, 1);
  return true;
}
