import { LANGUAGES, type Language } from "../shop/shops.ts";
import type { Labels, SizeSystem } from "./starter-vocabulary.ts";
import { starterVocabularyValues } from "./starter-vocabulary.ts";

export * from "./starter-vocabulary.ts";

/**
 * The attribute vocabulary of the catalogue, as data: product types, colours (with hex), materials, fits,
 * patterns, care symbols and the merchant's own attributes, with labels per language. It lives in the catalogue's
 * vocabulary tables (vocabulary-store.ts); each process holds the current one here, loaded from the database when
 * its search index is built and again whenever a `catalog.changed` event of entity `vocabulary` arrives, so
 * facets, filters, product pages and search follow the data. Before the first load it is the starter vocabulary
 * (the one migration 0016 writes), for code that runs without a database (unit tests, benchmarks).
 */

export const VOCABULARY_KINDS = ["productType", "colour", "material", "fit", "pattern", "care"] as const;
export type VocabularyKind = (typeof VOCABULARY_KINDS)[number];

/** Labels in the languages a value has them in: at least one. */
export type PartialLabels = Partial<Record<Language, string>>;

export const SIZE_SYSTEMS: readonly SizeSystem[] = ["clothing", "shoes", "kids", "onesize"];

export interface VocabularyValue {
  kind: VocabularyKind;
  id: string;
  labels: PartialLabels;
  /** Colours: the swatch's hex code (`#1f2f52`). */
  hex: string | null;
  /** Product types: which sizes its products come in. */
  sizeSystem: SizeSystem | null;
  position: number;
}

export const ATTRIBUTE_VALUE_TYPES = ["text", "number", "boolean"] as const;
export type AttributeValueType = (typeof ATTRIBUTE_VALUE_TYPES)[number];

/** What is wrong with a value for an attribute of this type (numbers like 72.5, booleans true or false), if anything. */
export function attributeValueProblem(
  type: AttributeValueType | undefined,
  value: string,
): "not_number" | "not_boolean" | undefined {
  if (type === "number" && !/^-?\d+(?:\.\d+)?$/.test(value)) return "not_number";
  if (type === "boolean" && value !== "true" && value !== "false") return "not_boolean";
  return undefined;
}

/** Yes and no, for merchant attributes of type boolean (product pages and facets). */
export const BOOLEAN_LABELS: Record<"true" | "false", Labels> = {
  true: { de: "Ja", fr: "Oui", en: "Yes" },
  false: { de: "Nein", fr: "Non", en: "No" },
};

/**
 * One value of a merchant attribute as the index keeps it: numbers in one spelling (`72.50` and `72.5` are the
 * same value), booleans and text as written; undefined for a value its type does not allow.
 */
export function attributeValueKey(type: AttributeValueType, value: string): string | undefined {
  if (attributeValueProblem(type, value)) return undefined;
  return type === "number" ? String(Number(value)) : value;
}

/**
 * A merchant attribute's value as a shopper reads it: yes/no in the language, numbers in its notation, text by its
 * label in the language or along the fallback chain, else as written.
 */
export function attributeValueLabel(
  definition: Pick<AttributeDefinition, "valueType" | "valueLabels"> | undefined,
  value: string,
  language: Language,
): string {
  const type = definition?.valueType;
  if (type === "boolean" && (value === "true" || value === "false")) return BOOLEAN_LABELS[value][language];
  if (type === "number" && attributeValueProblem(type, value) === undefined) {
    return new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 6 }).format(Number(value));
  }
  const labels = type === "text" ? definition?.valueLabels?.[value] : undefined;
  return (labels && pickLanguage(labels, language)?.value) ?? value;
}

/** The longest value a product's attribute may hold (and so the longest value that can have labels). */
export const ATTRIBUTE_VALUE_MAX = 80;

/** A merchant-defined attribute (the keys of a product's `attributes`). */
export interface AttributeDefinition {
  key: string;
  valueType: AttributeValueType;
  /** Shown as a filter on listings. */
  facetable: boolean;
  /** Its values are found by search. */
  searchable: boolean;
  labels: PartialLabels;
  position: number;
  /**
   * Text attributes: labels per language of some of its values, by the value as products hold it (`long` →
   * Lang, Longues, Long). Values without labels show as written.
   */
  valueLabels?: Readonly<Record<string, PartialLabels>>;
}

/** The form of a vocabulary id: lower-case letters, digits, dash and underscore. */
export const VOCABULARY_ID = /^[a-z0-9][a-z0-9_-]{0,59}$/;
/** The form of an attribute key. */
export const ATTRIBUTE_KEY = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;

/** The language order a store falls back along when a text is missing in its own language. */
let fallbackChain: readonly Language[] = ["de", "en", "fr"];
/** Each language's order (its own first, then the chain's), kept: a catalogue build asks millions of times. */
let orders = ordersOf(fallbackChain);
/** Changes whenever the chain does (labels resolved along it are kept until then). */
let chainVersion = 0;

function ordersOf(chain: readonly Language[]): Record<Language, readonly Language[]> {
  const of = (language: Language) => [language, ...chain.filter((l) => l !== language)];
  return { de: of("de"), fr: of("fr"), en: of("en") };
}

/** Sets the fallback order (setting LANGUAGE_FALLBACK, e.g. `de,en,fr`): the store's own language, then these. */
export function setLanguageFallback(chain: readonly Language[]): void {
  fallbackChain = [...new Set([...chain, ...LANGUAGES])];
  orders = ordersOf(fallbackChain);
  chainVersion++;
}

/** The languages to try for a store of `language`, its own first. */
export function languageOrder(language: Language): readonly Language[] {
  return orders[language];
}

/** The text for `language` or the first of the fallback chain that exists, with the language it is in. */
export function pickLanguage<T>(
  texts: Partial<Record<Language, T>>,
  language: Language,
): { value: T; language: Language } | undefined {
  for (const l of languageOrder(language)) {
    const value = texts[l];
    if (value !== undefined && value !== null && value !== "") return { value, language: l };
  }
  return undefined;
}

/** A value's label without language: the id made readable (`vest-top` → `Vest top`). */
export function labelFromId(id: string): string {
  const words = id.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export class Vocabulary {
  private readonly byKind = new Map<VocabularyKind, Map<string, VocabularyValue>>();
  private readonly attributeByKey = new Map<string, AttributeDefinition>();
  private readonly byColourName = new Map<string, VocabularyValue>();

  constructor(values: readonly VocabularyValue[], attributes: readonly AttributeDefinition[] = []) {
    for (const kind of VOCABULARY_KINDS) this.byKind.set(kind, new Map());
    for (const value of [...values].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))) {
      this.byKind.get(value.kind)?.set(value.id, value);
      if (value.kind === "colour") {
        for (const name of Object.values(value.labels)) if (name) this.byColourName.set(name.toLowerCase(), value);
      }
    }
    for (const a of [...attributes].sort((x, y) => x.position - y.position || x.key.localeCompare(y.key))) {
      this.attributeByKey.set(a.key, a);
    }
  }

  has(kind: VocabularyKind, id: string): boolean {
    return this.byKind.get(kind)?.has(id) ?? false;
  }

  value(kind: VocabularyKind, id: string): VocabularyValue | undefined {
    return this.byKind.get(kind)?.get(id);
  }

  values(kind: VocabularyKind): VocabularyValue[] {
    return [...(this.byKind.get(kind)?.values() ?? [])];
  }

  all(): VocabularyValue[] {
    return VOCABULARY_KINDS.flatMap((kind) => this.values(kind));
  }

  attributes(): AttributeDefinition[] {
    return [...this.attributeByKey.values()];
  }

  attribute(key: string): AttributeDefinition | undefined {
    return this.attributeByKey.get(key);
  }

  /** Each known value's label in every language, resolved along the fallback chain of `resolvedFor`. */
  private resolved = new Map<VocabularyKind, Map<string, Labels>>();
  private resolvedFor = -1;

  /** The value's label in `language`, else along the fallback chain, else its id. */
  label(kind: VocabularyKind, id: string, language: Language): string {
    return this.labels(kind, id)[language];
  }

  /** The label in every language (each filled along the fallback chain). */
  labels(kind: VocabularyKind, id: string): Labels {
    if (this.resolvedFor !== chainVersion) {
      this.resolved = new Map();
      this.resolvedFor = chainVersion;
    }
    let ofKind = this.resolved.get(kind);
    if (!ofKind) {
      ofKind = new Map();
      this.resolved.set(kind, ofKind);
    }
    let labels = ofKind.get(id);
    if (!labels) {
      const own = this.value(kind, id)?.labels;
      const pick = (language: Language) => (own && pickLanguage(own, language)?.value) ?? id;
      labels = { de: pick("de"), fr: pick("fr"), en: pick("en") };
      // Unknown ids are not kept: a catalogue's typos must not grow the map.
      if (own) ofKind.set(id, labels);
    }
    return labels;
  }

  attributeLabel(key: string, language: Language): string {
    const labels = this.attributeByKey.get(key)?.labels;
    return (labels && pickLanguage(labels, language)?.value) ?? labelFromId(key);
  }

  /** The colour a label names in any language (`Marineblau`, `navy`). */
  colourByName(name: string): VocabularyValue | undefined {
    return this.byColourName.get(name.toLowerCase());
  }
}

let current = new Vocabulary(starterVocabularyValues());
let generation = 0;

/** The vocabulary this process uses now. */
export function currentVocabulary(): Vocabulary {
  return current;
}

/** A number that changes whenever the vocabulary does (caches keyed on labels follow it). */
export function vocabularyGeneration(): number {
  return generation;
}

/** Replaces the process's vocabulary (after loading it from the database). */
export function setVocabulary(vocabulary: Vocabulary): void {
  current = vocabulary;
  generation++;
}

export interface ProductTypeInfo {
  id: string;
  sizeSystem: SizeSystem;
  names: Labels;
}

export function getProductType(id: string): ProductTypeInfo | undefined {
  const value = current.value("productType", id);
  if (!value) return undefined;
  return { id, sizeSystem: value.sizeSystem ?? "onesize", names: current.labels("productType", id) };
}

export function colourName(id: string, language: Language): string {
  return current.label("colour", id, language);
}

export function colourHex(id: string): string {
  return current.value("colour", id)?.hex ?? "#999999";
}

/** A vocabulary value's label in a language (with fallback). */
export function vocabularyLabel(kind: VocabularyKind, id: string, language: Language): string {
  return current.label(kind, id, language);
}

/** Attribute labels in the three languages, for product pages and facets. */
export const ATTRIBUTE_LABELS: Record<string, Labels> = {
  name: { de: "Name", fr: "Nom", en: "Name" },
  productType: { de: "Produktart", fr: "Type de produit", en: "Product type" },
  promotion: { de: "Aktion", fr: "Promotion", en: "Promotion" },
  campaign: { de: "Kampagne", fr: "Campagne", en: "Campaign" },
  brand: { de: "Marke", fr: "Marque", en: "Brand" },
  colorDetail: { de: "Farbe", fr: "Couleur", en: "Colour" },
  shopSize: { de: "Größe", fr: "Taille", en: "Size" },
  material: { de: "Material", fr: "Matière", en: "Material" },
  fit: { de: "Passform", fr: "Coupe", en: "Fit" },
  pattern: { de: "Muster", fr: "Motif", en: "Pattern" },
  care: { de: "Pflegehinweise", fr: "Conseils d'entretien", en: "Care instructions" },
  price: { de: "Preis", fr: "Prix", en: "Price" },
  category: { de: "Kategorie", fr: "Catégorie", en: "Category" },
  newArrival: { de: "Neu eingetroffen", fr: "Nouveautés", en: "New arrivals" },
  availableInStore: { de: "In der Filiale verfügbar", fr: "Disponible en magasin", en: "Available in store" },
};
