import {
  ATTRIBUTE_VALUE_TYPES,
  type AttributeValueType,
  addVocabularyValue,
  attributeValuesInUse,
  failureAnswer,
  failureExitCode,
  LANGUAGES,
  type Language,
  loadVocabulary,
  removeAttributeDefinition,
  removeVocabularyValue,
  SIZE_SYSTEMS,
  type SizeSystem,
  saveAttributeDefinition,
  setAttributeValueLabels,
  updateVocabularyValue,
  VOCABULARY_KINDS,
  type VocabularyKind,
  type VocabularyResult,
  vocabularyUsage,
} from "@vitrine/commerce";
import { type Command, type CommandContext, UsageError } from "../cli.ts";

/**
 * `vitrine vocabulary …`: the catalogue's vocabulary (product types, colours, materials, fits, patterns, care
 * symbols) and the merchant's own attributes. Every change is audited and reaches every running shop process
 * through the event feed (its search index is rebuilt with the new labels).
 */

const KINDS = VOCABULARY_KINDS.join("|");

function kindArg(value: string | undefined): VocabularyKind {
  if (!VOCABULARY_KINDS.includes(value as VocabularyKind)) {
    throw new UsageError(`KIND must be one of ${VOCABULARY_KINDS.join(", ")}`);
  }
  return value as VocabularyKind;
}

function text(value: string | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function labelOptions(ctx: CommandContext): Partial<Record<Language, string>> {
  const labels: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const value = text(ctx.options[language]);
    if (value !== undefined) labels[language] = value;
  }
  return labels;
}

function sizeSystemOption(value: string | boolean | undefined): SizeSystem | undefined {
  if (value === undefined) return undefined;
  if (!SIZE_SYSTEMS.includes(value as SizeSystem)) {
    throw new UsageError(`--size-system must be one of ${SIZE_SYSTEMS.join(", ")}`);
  }
  return value as SizeSystem;
}

function flagOption(value: string | boolean | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "yes" || value === "true") return true;
  if (value === "no" || value === "false") return false;
  throw new UsageError(`--${name} must be yes or no`);
}

function labelText(labels: Partial<Record<Language, string>>): string {
  return LANGUAGES.map((l) => `${l}: ${labels[l] ?? "–"}`).join("  ");
}

/** Prints a refusal (and returns its exit code) or runs `done` with the changed value. */
function answer<T>(ctx: CommandContext, result: VocabularyResult<T>, done: (value: T, changed: boolean) => string) {
  if (!result.ok) {
    const failure = failureAnswer(result);
    ctx.err(`Refused: ${failure.detail}`);
    return failureExitCode(failure);
  }
  ctx.out(done(result.value, result.changed));
  return 0;
}

const LABEL_OPTIONS = {
  de: { type: "string", description: "German label" },
  fr: { type: "string", description: "French label" },
  en: { type: "string", description: "English label" },
} as const;

export const vocabularyCommands: Command[] = [
  {
    path: ["vocabulary", "list"],
    summary: "List the catalogue's vocabulary with labels and how many products use each value",
    usage: `vitrine vocabulary list [KIND] [--usage]`,
    details: `KIND: ${VOCABULARY_KINDS.join(", ")} or attributes. Without KIND every kind is listed.`,
    options: { usage: { type: "boolean", description: "Count the products using each value (slower)" } },
    args: [0, 1],
    async run(ctx) {
      const which = ctx.args[0];
      if (which !== undefined && which !== "attributes") kindArg(which);
      const db = await ctx.db();
      const vocabulary = await loadVocabulary({ db });
      for (const kind of VOCABULARY_KINDS) {
        if (which !== undefined && which !== kind) continue;
        const values = vocabulary.values(kind);
        ctx.out(`${kind} (${values.length})`);
        for (const value of values) {
          const extra = [value.hex, value.sizeSystem].filter(Boolean).join(" ");
          const used = ctx.options.usage ? `  used by ${await vocabularyUsage({ db }, kind, value.id)}` : "";
          ctx.out(`  ${value.id.padEnd(22)} ${labelText(value.labels)}${extra ? `  ${extra}` : ""}${used}`);
        }
      }
      if (which === undefined || which === "attributes") {
        const attributes = vocabulary.attributes();
        ctx.out(`attributes (${attributes.length})`);
        for (const a of attributes) {
          const flags = [a.valueType, a.facetable ? "facetable" : "", a.searchable ? "searchable" : ""]
            .filter(Boolean)
            .join(", ");
          ctx.out(`  ${a.key.padEnd(22)} ${labelText(a.labels)}  (${flags})`);
          for (const [value, labels] of Object.entries(a.valueLabels ?? {})) {
            ctx.out(`    = ${value.padEnd(18)} ${labelText(labels)}`);
          }
        }
      }
      return 0;
    },
  },
  {
    path: ["vocabulary", "add"],
    summary: "Add a product type, colour, material, fit, pattern or care symbol",
    usage: `vitrine vocabulary add ${KINDS} ID [--de LABEL] [--fr LABEL] [--en LABEL] [--hex #RRGGBB] [--size-system ${SIZE_SYSTEMS.join("|")}]`,
    details:
      "A label in at least one language; the stores show the others through the language fallback (LANGUAGE_FALLBACK). A colour needs --hex. A product type's size system (default onesize) decides its sizes.",
    options: {
      ...LABEL_OPTIONS,
      hex: { type: "string", description: "A colour's swatch, e.g. #1f2f52" },
      "size-system": { type: "string", description: `A product type's sizes: ${SIZE_SYSTEMS.join(", ")}` },
    },
    args: [2, 2],
    async run(ctx) {
      const kind = kindArg(ctx.args[0]);
      const result = await addVocabularyValue(await ctx.ctx(), ctx.actor(), {
        kind,
        id: ctx.args[1] as string,
        labels: labelOptions(ctx),
        hex: text(ctx.options.hex) ?? null,
        sizeSystem: sizeSystemOption(ctx.options["size-system"]) ?? null,
      });
      return answer(ctx, result, (v) => `Added ${kind} ${v.id}: ${labelText(v.labels)}`);
    },
  },
  {
    path: ["vocabulary", "labels"],
    summary: "Set the labels (and a colour's hex, a product type's size system) of a vocabulary value",
    usage: `vitrine vocabulary labels ${KINDS} ID [--de LABEL] [--fr LABEL] [--en LABEL] [--hex #RRGGBB] [--size-system S]`,
    details: 'An empty label (--fr "") removes that language\'s label; one must remain.',
    options: {
      ...LABEL_OPTIONS,
      hex: { type: "string", description: "A colour's swatch, e.g. #1f2f52" },
      "size-system": { type: "string", description: `A product type's sizes: ${SIZE_SYSTEMS.join(", ")}` },
    },
    args: [2, 2],
    async run(ctx) {
      const kind = kindArg(ctx.args[0]);
      const labels = labelOptions(ctx);
      const hex = text(ctx.options.hex);
      const sizeSystem = sizeSystemOption(ctx.options["size-system"]);
      if (Object.keys(labels).length === 0 && hex === undefined && sizeSystem === undefined) {
        throw new UsageError("give --de, --fr, --en, --hex or --size-system");
      }
      const result = await updateVocabularyValue(await ctx.ctx(), ctx.actor(), kind, ctx.args[1] as string, {
        labels,
        ...(hex !== undefined ? { hex } : {}),
        ...(sizeSystem !== undefined ? { sizeSystem } : {}),
      });
      return answer(ctx, result, (v, changed) =>
        changed ? `Changed ${kind} ${v.id}: ${labelText(v.labels)}${v.hex ? `  ${v.hex}` : ""}` : "Nothing changed",
      );
    },
  },
  {
    path: ["vocabulary", "remove"],
    summary: "Remove a vocabulary value no product uses",
    usage: `vitrine vocabulary remove ${KINDS} ID`,
    args: [2, 2],
    async run(ctx) {
      const kind = kindArg(ctx.args[0]);
      const result = await removeVocabularyValue(await ctx.ctx(), ctx.actor(), kind, ctx.args[1] as string);
      return answer(ctx, result, (v) => `Removed ${kind} ${v.id}`);
    },
  },
  {
    path: ["vocabulary", "attribute"],
    summary: "Add or change a merchant attribute (key, value type, facetable, searchable, labels)",
    usage: `vitrine vocabulary attribute KEY [--type ${ATTRIBUTE_VALUE_TYPES.join("|")}] [--facetable yes|no] [--searchable yes|no] [--de LABEL] [--fr LABEL] [--en LABEL] | --remove`,
    details:
      'Products carry attribute values under `attributes` (`{"sleeve": ["long"]}`). A facetable attribute is offered as a filter, a searchable one\'s values are found by search (the default). New attributes need a label.',
    options: {
      ...LABEL_OPTIONS,
      type: { type: "string", description: `Value type: ${ATTRIBUTE_VALUE_TYPES.join(", ")} (default text)` },
      facetable: { type: "string", description: "yes or no" },
      searchable: { type: "string", description: "yes or no" },
      remove: { type: "boolean", description: "Remove the attribute (refused while a product has a value for it)" },
    },
    args: [1, 1],
    async run(ctx) {
      if (ctx.options.remove) {
        const result = await removeAttributeDefinition(await ctx.ctx(), ctx.actor(), ctx.args[0] as string);
        return answer(ctx, result, (a) => `Removed attribute ${a.key}`);
      }
      const type = text(ctx.options.type);
      if (type !== undefined && !ATTRIBUTE_VALUE_TYPES.includes(type as AttributeValueType)) {
        throw new UsageError(`--type must be one of ${ATTRIBUTE_VALUE_TYPES.join(", ")}`);
      }
      const facetable = flagOption(ctx.options.facetable, "facetable");
      const searchable = flagOption(ctx.options.searchable, "searchable");
      const result = await saveAttributeDefinition(await ctx.ctx(), ctx.actor(), {
        key: ctx.args[0] as string,
        labels: labelOptions(ctx),
        ...(type !== undefined ? { valueType: type as AttributeValueType } : {}),
        ...(facetable !== undefined ? { facetable } : {}),
        ...(searchable !== undefined ? { searchable } : {}),
      });
      return answer(ctx, result, (a, changed) =>
        changed
          ? `Saved attribute ${a.key}: ${labelText(a.labels)} (${a.valueType}${a.facetable ? ", facetable" : ""}${a.searchable ? ", searchable" : ""})`
          : "Nothing changed",
      );
    },
  },
  {
    path: ["vocabulary", "values"],
    summary: "List the values products hold for an attribute, the most used first, with their labels",
    usage: "vitrine vocabulary values KEY [--limit N]",
    details: "What `vocabulary value-label` labels. Reads every product that has the attribute.",
    options: { limit: { type: "string", description: "How many values at most (default 200)" } },
    args: [1, 1],
    async run(ctx) {
      const key = ctx.args[0] as string;
      const limit = text(ctx.options.limit) === undefined ? 200 : Number(text(ctx.options.limit));
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a whole number from 1");
      const db = await ctx.db();
      const attribute = (await loadVocabulary({ db })).attribute(key);
      if (!attribute) {
        ctx.err(`Refused: No attribute "${key}"`);
        return 1;
      }
      const used = await attributeValuesInUse({ db }, key, limit);
      const labels = attribute.valueLabels ?? {};
      ctx.out(`${key} (${attribute.valueType}): ${used.length} value(s) in use`);
      for (const { value, products } of used) {
        const labelled = labels[value] ? `  ${labelText(labels[value])}` : "";
        ctx.out(`  ${value.padEnd(22)} ${String(products).padStart(7)} product(s)${labelled}`);
      }
      return 0;
    },
  },
  {
    path: ["vocabulary", "value-label"],
    summary: "Set the labels per language of one value of a text attribute",
    usage: "vitrine vocabulary value-label KEY VALUE [--de LABEL] [--fr LABEL] [--en LABEL] | --remove",
    details:
      'The value as products hold it (`{"sleeve": ["long"]}` → `sleeve long --de Lang --fr Longues --en Long`): the stores show it, filter by it and find it by its label in their language, along the language fallback where one is missing, and as written where it has none. An empty label (--fr "") removes that language\'s label; --remove removes them all. Numbers and yes/no take no labels: each store shows them in its own notation and language.',
    options: {
      ...LABEL_OPTIONS,
      remove: { type: "boolean", description: "Remove the value's labels (it shows as written again)" },
    },
    args: [2, 2],
    async run(ctx) {
      const labels: Partial<Record<Language, string>> = ctx.options.remove
        ? { de: "", fr: "", en: "" }
        : labelOptions(ctx);
      if (Object.keys(labels).length === 0) throw new UsageError("give --de, --fr, --en or --remove");
      const result = await setAttributeValueLabels(
        await ctx.ctx(),
        ctx.actor(),
        ctx.args[0] as string,
        ctx.args[1] as string,
        labels,
      );
      return answer(ctx, result, (v, changed) => {
        if (!changed) return "Nothing changed";
        return Object.keys(v.labels).length === 0
          ? `Removed the labels of ${v.key} = ${v.value}`
          : `Labelled ${v.key} = ${v.value}: ${labelText(v.labels)}`;
      });
    },
  },
];
