import { sql } from "kysely";
import { type Actor, changedFields, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import { type Db, dialect } from "../db/database.ts";
import { publishEvents } from "../events/publish.ts";
import { LANGUAGES, type Language } from "../shop/shops.ts";
import { flag } from "../util.ts";
import { catalogChangeEvents } from "./changes.ts";
import type { AttributeRecord, VocabularyRecord } from "./records.ts";
import type { SizeSystem } from "./starter-vocabulary.ts";
import {
  ATTRIBUTE_KEY,
  ATTRIBUTE_VALUE_MAX,
  ATTRIBUTE_VALUE_TYPES,
  type AttributeDefinition,
  type AttributeValueType,
  type PartialLabels,
  SIZE_SYSTEMS,
  VOCABULARY_ID,
  VOCABULARY_KINDS,
  Vocabulary,
  type VocabularyKind,
  type VocabularyValue,
} from "./vocabulary.ts";

/**
 * The vocabulary tables (migration 0016_vocabulary): reading them, writing them from a catalogue file, and the
 * operator's changes (`vitrine vocabulary …`, /admin/vocabulary), each audited and published as a
 * `catalog.changed` event of entity `vocabulary` in its transaction — every process reloads its vocabulary and
 * rebuilds its search index when it reads that event.
 */

type Failure = { ok: false; error: "NotFound" | "InvalidInput" | "Conflict"; detail: string };
export type VocabularyResult<T> = { ok: true; value: T; changed: boolean } | Failure;

const labelsOf = (row: { label_de: string | null; label_fr: string | null; label_en: string | null }) => {
  const labels: PartialLabels = {};
  if (row.label_de) labels.de = row.label_de;
  if (row.label_fr) labels.fr = row.label_fr;
  if (row.label_en) labels.en = row.label_en;
  return labels;
};

const labelColumns = (labels: PartialLabels) => ({
  label_de: labels.de?.trim() || null,
  label_fr: labels.fr?.trim() || null,
  label_en: labels.en?.trim() || null,
});

export async function loadVocabularyValues(ctx: Pick<Ctx, "db">): Promise<VocabularyValue[]> {
  const rows = await ctx.db.selectFrom("vocabulary_value").selectAll().orderBy("position").orderBy("id").execute();
  return rows.map((row) => ({
    kind: row.kind as VocabularyKind,
    id: row.id,
    labels: labelsOf(row),
    hex: row.hex,
    sizeSystem: row.size_system as SizeSystem | null,
    position: row.position,
  }));
}

export async function loadAttributeDefinitions(ctx: Pick<Ctx, "db">): Promise<AttributeDefinition[]> {
  const [rows, valueRows] = await Promise.all([
    ctx.db.selectFrom("vocabulary_attribute").selectAll().orderBy("position").orderBy("key").execute(),
    ctx.db.selectFrom("vocabulary_attribute_value").selectAll().orderBy("attribute_key").orderBy("value").execute(),
  ]);
  const valueLabels = new Map<string, Record<string, PartialLabels>>();
  for (const row of valueRows) {
    const labels = labelsOf(row);
    if (Object.keys(labels).length === 0) continue;
    const of = valueLabels.get(row.attribute_key) ?? {};
    of[row.value] = labels;
    valueLabels.set(row.attribute_key, of);
  }
  return rows.map((row) => {
    const values = valueLabels.get(row.key);
    return {
      key: row.key,
      valueType: row.value_type as AttributeValueType,
      facetable: row.facetable === 1,
      searchable: row.searchable === 1,
      labels: labelsOf(row),
      position: row.position,
      ...(values ? { valueLabels: values } : {}),
    };
  });
}

/** The shop's vocabulary as it is in the database. */
export async function loadVocabulary(ctx: Pick<Ctx, "db">): Promise<Vocabulary> {
  const [values, attributes] = await Promise.all([loadVocabularyValues(ctx), loadAttributeDefinitions(ctx)]);
  return new Vocabulary(values, attributes);
}

/** Why a value is not acceptable, or undefined. */
export function checkVocabularyValue(value: Pick<VocabularyValue, "kind" | "id" | "labels" | "hex" | "sizeSystem">) {
  if (!VOCABULARY_KINDS.includes(value.kind)) return `kind must be one of ${VOCABULARY_KINDS.join(", ")}`;
  if (!VOCABULARY_ID.test(value.id)) return "id must be 1–60 lower-case letters, digits, dash or underscore";
  if (!LANGUAGES.some((l) => value.labels[l]?.trim())) return "give a label in at least one language (de, fr, en)";
  if (LANGUAGES.some((l) => (value.labels[l]?.length ?? 0) > 80)) return "a label has at most 80 characters";
  if (value.hex !== null && !/^#[0-9a-f]{6}$/i.test(value.hex)) return "hex must be a colour like #1f2f52";
  if (value.kind === "colour" && value.hex === null) return "a colour needs its hex code (#1f2f52)";
  if (value.sizeSystem !== null && !SIZE_SYSTEMS.includes(value.sizeSystem)) {
    return `size system must be one of ${SIZE_SYSTEMS.join(", ")}`;
  }
  return undefined;
}

export function checkAttributeDefinition(a: Pick<AttributeDefinition, "key" | "valueType" | "labels">) {
  if (!ATTRIBUTE_KEY.test(a.key)) return "key must start with a letter: 1–40 letters, digits or underscore";
  if (!ATTRIBUTE_VALUE_TYPES.includes(a.valueType)) return `value type must be ${ATTRIBUTE_VALUE_TYPES.join(", ")}`;
  if (!LANGUAGES.some((l) => a.labels[l]?.trim())) return "give a label in at least one language (de, fr, en)";
  return undefined;
}

async function nextPosition(db: Db, kind?: VocabularyKind): Promise<number> {
  const row = kind
    ? await db
        .selectFrom("vocabulary_value")
        .select((eb) => eb.fn.max("position").as("max"))
        .where("kind", "=", kind)
        .executeTakeFirst()
    : await db
        .selectFrom("vocabulary_attribute")
        .select((eb) => eb.fn.max("position").as("max"))
        .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/**
 * Writes vocabulary values and attribute definitions (a catalogue file's vocabulary records, the demo catalogue,
 * values an import creates): new ones are added, existing ones take the given labels, hex and flags. Publishes
 * one `vocabulary` event when anything was written.
 */
export async function writeVocabulary(
  ctx: Pick<Ctx, "db">,
  values: readonly Omit<VocabularyValue, "position">[],
  attributes: readonly Omit<AttributeDefinition, "position">[],
  now: Date,
  options: { publish?: boolean } = {},
): Promise<void> {
  if (values.length === 0 && attributes.length === 0) return;
  const { db } = ctx;
  if (!db.isTransaction) return withTransaction(ctx, (tx) => writeVocabulary(tx, values, attributes, now, options));
  const positions = new Map<string, number>();
  for (const v of values) {
    const known = positions.get(v.kind) ?? (await nextPosition(db, v.kind));
    positions.set(v.kind, known + 1);
    await db
      .insertInto("vocabulary_value")
      .values({
        kind: v.kind,
        id: v.id,
        ...labelColumns(v.labels),
        hex: v.hex,
        size_system: v.sizeSystem,
        position: known,
      })
      .onConflict((oc) =>
        oc.columns(["kind", "id"]).doUpdateSet((eb) => ({
          label_de: eb.ref("excluded.label_de"),
          label_fr: eb.ref("excluded.label_fr"),
          label_en: eb.ref("excluded.label_en"),
          hex: eb.ref("excluded.hex"),
          size_system: eb.ref("excluded.size_system"),
        })),
      )
      .execute();
  }
  let position = await nextPosition(db);
  for (const a of attributes) {
    await db
      .insertInto("vocabulary_attribute")
      .values({
        key: a.key,
        value_type: a.valueType,
        facetable: flag(a.facetable),
        searchable: flag(a.searchable),
        ...labelColumns(a.labels),
        position: position++,
      })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({
          value_type: eb.ref("excluded.value_type"),
          facetable: eb.ref("excluded.facetable"),
          searchable: eb.ref("excluded.searchable"),
          label_de: eb.ref("excluded.label_de"),
          label_fr: eb.ref("excluded.label_fr"),
          label_en: eb.ref("excluded.label_en"),
        })),
      )
      .execute();
    for (const [value, labels] of Object.entries(a.valueLabels ?? {})) await writeValueLabels(db, a.key, value, labels);
  }
  if (options.publish !== false) await publishEvents(db, catalogChangeEvents("vocabulary", ["*"]), now);
}

/** Sets the labels of one value of an attribute (no label at all: the value has none). */
async function writeValueLabels(db: Db, key: string, value: string, labels: PartialLabels): Promise<void> {
  const columns = labelColumns(labels);
  if (!columns.label_de && !columns.label_fr && !columns.label_en) {
    await db
      .deleteFrom("vocabulary_attribute_value")
      .where("attribute_key", "=", key)
      .where("value", "=", value)
      .execute();
    return;
  }
  await db
    .insertInto("vocabulary_attribute_value")
    .values({ attribute_key: key, value, ...columns })
    .onConflict((oc) =>
      oc.columns(["attribute_key", "value"]).doUpdateSet((eb) => ({
        label_de: eb.ref("excluded.label_de"),
        label_fr: eb.ref("excluded.label_fr"),
        label_en: eb.ref("excluded.label_en"),
      })),
    )
    .execute();
}

/** A catalogue file's vocabulary records as values and attribute definitions. */
export function vocabularyFromRecords(records: readonly (VocabularyRecord | AttributeRecord)[]): {
  values: Omit<VocabularyValue, "position">[];
  attributes: Omit<AttributeDefinition, "position">[];
} {
  const values: Omit<VocabularyValue, "position">[] = [];
  const attributes: Omit<AttributeDefinition, "position">[] = [];
  for (const record of records) {
    if (record.type === "vocabulary") {
      values.push({
        kind: record.kind,
        id: record.id,
        labels: record.labels,
        hex: record.hex,
        sizeSystem: (record.sizeSystem as SizeSystem | null) ?? (record.kind === "productType" ? "onesize" : null),
      });
    } else {
      const { type: _, values, ...definition } = record;
      attributes.push({ ...definition, ...(values ? { valueLabels: values } : {}) });
    }
  }
  return { values, attributes };
}

/** Writes a catalogue's vocabulary records (the demo catalogue's, a file's). */
export function writeVocabularyRecords(
  ctx: Pick<Ctx, "db">,
  records: readonly (VocabularyRecord | AttributeRecord)[],
  now: Date,
): Promise<void> {
  const { values, attributes } = vocabularyFromRecords(records);
  return writeVocabulary(ctx, values, attributes, now);
}

/** The vocabulary records of a vocabulary (what `catalog export` writes first). */
export function vocabularyRecords(
  values: readonly VocabularyValue[],
  attributes: readonly AttributeDefinition[],
): (VocabularyRecord | AttributeRecord)[] {
  return [
    ...values.map(
      (v): VocabularyRecord => ({
        type: "vocabulary",
        kind: v.kind,
        id: v.id,
        labels: v.labels,
        hex: v.hex,
        sizeSystem: v.sizeSystem,
      }),
    ),
    ...attributes.map(
      (a): AttributeRecord => ({
        type: "attribute",
        key: a.key,
        valueType: a.valueType,
        facetable: a.facetable,
        searchable: a.searchable,
        labels: a.labels,
        ...(a.valueLabels && Object.keys(a.valueLabels).length > 0 ? { values: { ...a.valueLabels } } : {}),
      }),
    ),
  ];
}

const valueState = (v: VocabularyValue) => ({ labels: v.labels, hex: v.hex, sizeSystem: v.sizeSystem });

async function findValue(db: Db, kind: VocabularyKind, id: string): Promise<VocabularyValue | undefined> {
  const row = await db
    .selectFrom("vocabulary_value")
    .selectAll()
    .where("kind", "=", kind)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    kind,
    id,
    labels: labelsOf(row),
    hex: row.hex,
    sizeSystem: row.size_system as SizeSystem | null,
    position: row.position,
  };
}

export interface VocabularyValueInput {
  kind: VocabularyKind;
  id: string;
  labels: PartialLabels;
  hex?: string | null;
  sizeSystem?: SizeSystem | null;
}

/** Adds a value; an id the kind has already is refused. */
export function addVocabularyValue(
  ctx: Ctx,
  actor: Actor,
  input: VocabularyValueInput,
): Promise<VocabularyResult<VocabularyValue>> {
  const value = {
    kind: input.kind,
    id: input.id.trim(),
    labels: trimLabels(input.labels),
    hex: input.hex?.trim().toLowerCase() || null,
    sizeSystem: input.sizeSystem ?? (input.kind === "productType" ? "onesize" : null),
  };
  const invalid = checkVocabularyValue(value);
  if (invalid) return Promise.resolve({ ok: false, error: "InvalidInput", detail: invalid });
  return withTransaction(ctx, async (tx): Promise<VocabularyResult<VocabularyValue>> => {
    if (await findValue(tx.db, value.kind, value.id)) {
      return { ok: false, error: "Conflict", detail: `${value.kind} "${value.id}" exists already` };
    }
    const now = tx.clock.now();
    await writeVocabulary(tx, [value], [], now);
    const added = (await findValue(tx.db, value.kind, value.id)) as VocabularyValue;
    await recordAudit(tx, actor, {
      action: "vocabulary.add",
      subjectType: `vocabulary.${value.kind}`,
      subjectId: value.id,
      after: valueState(added),
    });
    return { ok: true, value: added, changed: true };
  });
}

function trimLabels(labels: PartialLabels): PartialLabels {
  const out: PartialLabels = {};
  for (const l of LANGUAGES) {
    const text = labels[l]?.trim();
    if (text) out[l] = text;
  }
  return out;
}

export interface VocabularyValueChange {
  /** Labels to set; an empty text removes that language's label (one must remain). */
  labels?: Partial<Record<Language, string>>;
  hex?: string;
  sizeSystem?: SizeSystem;
}

/** Changes a value's labels, hex or size system. */
export function updateVocabularyValue(
  ctx: Ctx,
  actor: Actor,
  kind: VocabularyKind,
  id: string,
  change: VocabularyValueChange,
): Promise<VocabularyResult<VocabularyValue>> {
  return withTransaction(ctx, async (tx): Promise<VocabularyResult<VocabularyValue>> => {
    const before = await findValue(tx.db, kind, id);
    if (!before) return { ok: false, error: "NotFound", detail: `No ${kind} "${id}"` };
    const labels = { ...before.labels };
    for (const l of LANGUAGES) {
      const text = change.labels?.[l];
      if (text === undefined) continue;
      if (text.trim()) labels[l] = text.trim();
      else delete labels[l];
    }
    const next = {
      kind,
      id,
      labels,
      hex: change.hex !== undefined ? change.hex.trim().toLowerCase() : before.hex,
      sizeSystem: change.sizeSystem ?? before.sizeSystem,
    };
    const invalid = checkVocabularyValue(next);
    if (invalid) return { ok: false, error: "InvalidInput", detail: invalid };
    const diff = changedFields(valueState(before), valueState({ ...next, position: before.position }));
    if (!diff) return { ok: true, value: before, changed: false };
    await tx.db
      .updateTable("vocabulary_value")
      .set({ ...labelColumns(next.labels), hex: next.hex, size_system: next.sizeSystem })
      .where("kind", "=", kind)
      .where("id", "=", id)
      .execute();
    await publishEvents(tx.db, catalogChangeEvents("vocabulary", ["*"]), tx.clock.now());
    await recordAudit(tx, actor, {
      action: "vocabulary.update",
      subjectType: `vocabulary.${kind}`,
      subjectId: id,
      ...diff,
    });
    return { ok: true, value: (await findValue(tx.db, kind, id)) as VocabularyValue, changed: true };
  });
}

/** How many products (and categories, for product types) use a value. */
export async function vocabularyUsage(ctx: Pick<Ctx, "db">, kind: VocabularyKind, id: string): Promise<number> {
  const { db } = ctx;
  const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
  switch (kind) {
    case "productType":
      return (
        (await count(
          db
            .selectFrom("product")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("product_type", "=", id)
            .executeTakeFirst(),
        )) +
        (await count(
          db
            .selectFrom("category")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("product_type", "=", id)
            .executeTakeFirst(),
        ))
      );
    case "colour":
      return count(
        db
          .selectFrom("product")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("color_id", "=", id)
          .executeTakeFirst(),
      );
    case "fit":
    case "pattern":
      return count(
        db
          .selectFrom("product")
          .select((eb) => eb.fn.countAll().as("n"))
          .where(kind, "=", id)
          .executeTakeFirst(),
      );
    case "material":
    case "care": {
      // Lists are JSON text: a quoted id inside one is a use.
      return count(
        db
          .selectFrom("product")
          .select((eb) => eb.fn.countAll().as("n"))
          .where(kind === "material" ? "material" : "care", "like", `%"${id}"%`)
          .executeTakeFirst(),
      );
    }
  }
}

/** Removes a value no product (or category) uses. */
export function removeVocabularyValue(
  ctx: Ctx,
  actor: Actor,
  kind: VocabularyKind,
  id: string,
): Promise<VocabularyResult<VocabularyValue>> {
  return withTransaction(ctx, async (tx): Promise<VocabularyResult<VocabularyValue>> => {
    const before = await findValue(tx.db, kind, id);
    if (!before) return { ok: false, error: "NotFound", detail: `No ${kind} "${id}"` };
    const used = await vocabularyUsage(tx, kind, id);
    if (used > 0) {
      return { ok: false, error: "Conflict", detail: `${kind} "${id}" is used by ${used} product(s) or categories` };
    }
    await tx.db.deleteFrom("vocabulary_value").where("kind", "=", kind).where("id", "=", id).execute();
    await publishEvents(tx.db, catalogChangeEvents("vocabulary", ["*"]), tx.clock.now());
    await recordAudit(tx, actor, {
      action: "vocabulary.remove",
      subjectType: `vocabulary.${kind}`,
      subjectId: id,
      before: valueState(before),
    });
    return { ok: true, value: before, changed: true };
  });
}

export interface AttributeInput {
  key: string;
  valueType?: AttributeValueType;
  facetable?: boolean;
  searchable?: boolean;
  labels?: Partial<Record<Language, string>>;
}

const attributeState = (a: AttributeDefinition) => ({
  valueType: a.valueType,
  facetable: a.facetable,
  searchable: a.searchable,
  labels: a.labels,
});

/** Adds a merchant attribute, or changes the one with that key (the fields given). */
export function saveAttributeDefinition(
  ctx: Ctx,
  actor: Actor,
  input: AttributeInput,
): Promise<VocabularyResult<AttributeDefinition>> {
  return withTransaction(ctx, async (tx): Promise<VocabularyResult<AttributeDefinition>> => {
    const key = input.key.trim();
    const before = (await loadAttributeDefinitions(tx)).find((a) => a.key === key);
    const labels = { ...(before?.labels ?? {}) };
    for (const l of LANGUAGES) {
      const text = input.labels?.[l];
      if (text === undefined) continue;
      if (text.trim()) labels[l] = text.trim();
      else delete labels[l];
    }
    const next: Omit<AttributeDefinition, "position"> = {
      key,
      valueType: input.valueType ?? before?.valueType ?? "text",
      facetable: input.facetable ?? before?.facetable ?? false,
      searchable: input.searchable ?? before?.searchable ?? true,
      labels,
    };
    const invalid = checkAttributeDefinition(next);
    if (invalid) return { ok: false, error: "InvalidInput", detail: invalid };
    const diff = before ? changedFields(attributeState(before), attributeState({ ...next, position: 0 })) : undefined;
    if (before && !diff) return { ok: true, value: before, changed: false };
    await writeVocabulary(tx, [], [next], tx.clock.now());
    const saved = (await loadAttributeDefinitions(tx)).find((a) => a.key === key) as AttributeDefinition;
    await recordAudit(tx, actor, {
      action: before ? "vocabulary.attribute.update" : "vocabulary.attribute.add",
      subjectType: "vocabulary.attribute",
      subjectId: key,
      ...(diff ?? { after: attributeState(saved) }),
    });
    return { ok: true, value: saved, changed: true };
  });
}

/** A value of a merchant attribute that products hold, and how many. */
export interface AttributeValueUse {
  value: string;
  products: number;
}

/**
 * The values products hold for an attribute, the most used first (at most `limit`): what a merchant labels. It
 * reads every product that has the attribute, so it is for the operator's screens and commands, not for shoppers.
 */
export async function attributeValuesInUse(
  ctx: Pick<Ctx, "db">,
  key: string,
  limit = 200,
): Promise<AttributeValueUse[]> {
  if (!ATTRIBUTE_KEY.test(key)) return [];
  const { db } = ctx;
  const having = `%"${key}":%`;
  const rows =
    dialect(db) === "postgres"
      ? await sql<{ value: string; n: string | number }>`
          select v as value, count(distinct p.id) as n
          from product p, jsonb_array_elements_text(p.attributes::jsonb -> ${key}) v
          where p.attributes like ${having}
          group by v order by n desc, v limit ${limit}`.execute(db)
      : await sql<{ value: string; n: string | number }>`
          select j.value as value, count(distinct p.id) as n
          from product p, json_each(p.attributes, ${`$.${key}`}) j
          where p.attributes like ${having}
          group by j.value order by n desc, j.value limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({ value: String(r.value), products: Number(r.n) }));
}

/** Removes a merchant attribute no product has a value for. */
export function removeAttributeDefinition(
  ctx: Ctx,
  actor: Actor,
  key: string,
): Promise<VocabularyResult<AttributeDefinition>> {
  return withTransaction(ctx, async (tx): Promise<VocabularyResult<AttributeDefinition>> => {
    const before = (await loadAttributeDefinitions(tx)).find((a) => a.key === key);
    if (!before) return { ok: false, error: "NotFound", detail: `No attribute "${key}"` };
    const used = await tx.db
      .selectFrom("product")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("attributes", "like", `%"${key}":%`)
      .executeTakeFirst();
    if (Number(used?.n ?? 0) > 0) {
      return { ok: false, error: "Conflict", detail: `attribute "${key}" is used by ${used?.n} product(s)` };
    }
    await tx.db.deleteFrom("vocabulary_attribute").where("key", "=", key).execute();
    await tx.db.deleteFrom("vocabulary_attribute_value").where("attribute_key", "=", key).execute();
    await publishEvents(tx.db, catalogChangeEvents("vocabulary", ["*"]), tx.clock.now());
    await recordAudit(tx, actor, {
      action: "vocabulary.attribute.remove",
      subjectType: "vocabulary.attribute",
      subjectId: key,
      before: attributeState(before),
    });
    return { ok: true, value: before, changed: true };
  });
}

/**
 * Sets the labels per language of one value of a text attribute (`sleeve` `long` → Lang, Longues, Long): the
 * labels given replace those languages' labels, an empty text removes one, and a value left without labels shows
 * as written again. Numbers and yes/no are shown in each store's notation and language, so they take no labels.
 */
export function setAttributeValueLabels(
  ctx: Ctx,
  actor: Actor,
  key: string,
  value: string,
  labels: Partial<Record<Language, string>>,
): Promise<VocabularyResult<{ key: string; value: string; labels: PartialLabels }>> {
  return withTransaction(ctx, async (tx) => {
    const definition = (await loadAttributeDefinitions(tx)).find((a) => a.key === key);
    if (!definition) return { ok: false, error: "NotFound", detail: `No attribute "${key}"` } as const;
    if (definition.valueType !== "text") {
      return {
        ok: false,
        error: "InvalidInput",
        detail: `only the values of text attributes have labels; "${key}" holds ${definition.valueType === "number" ? "numbers" : "yes or no"}, which each store shows in its own language`,
      } as const;
    }
    const written = value.trim();
    if (!written || written.length > ATTRIBUTE_VALUE_MAX) {
      return { ok: false, error: "InvalidInput", detail: `a value has 1–${ATTRIBUTE_VALUE_MAX} characters` } as const;
    }
    if (LANGUAGES.some((l) => (labels[l]?.trim().length ?? 0) > 80)) {
      return { ok: false, error: "InvalidInput", detail: "a label has at most 80 characters" } as const;
    }
    const before = definition.valueLabels?.[written] ?? {};
    const next: PartialLabels = { ...before };
    for (const l of LANGUAGES) {
      const text = labels[l];
      if (text === undefined) continue;
      if (text.trim()) next[l] = text.trim();
      else delete next[l];
    }
    const diff = changedFields({ labels: before }, { labels: next });
    if (!diff) return { ok: true, value: { key, value: written, labels: before }, changed: false } as const;
    await writeValueLabels(tx.db, key, written, next);
    await publishEvents(tx.db, catalogChangeEvents("vocabulary", ["*"]), tx.clock.now());
    await recordAudit(tx, actor, {
      action: "vocabulary.attribute.value",
      subjectType: "vocabulary.attribute",
      subjectId: `${key}=${written}`,
      ...diff,
    });
    return { ok: true, value: { key, value: written, labels: next }, changed: true } as const;
  });
}
