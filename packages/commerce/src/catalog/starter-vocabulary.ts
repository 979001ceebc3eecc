import type { Language } from "../shop/shops.ts";
import type { VocabularyKind, VocabularyValue } from "./vocabulary.ts";

/**
 * The starter vocabulary: the fashion values a new shop begins with. Migration 0016_vocabulary writes them into
 * the vocabulary tables once, and the demo catalogue lists them as vocabulary records of its file; from then on
 * they are data (`vitrine vocabulary …`, /admin/vocabulary, catalogue imports) and the shop reads only the
 * tables. Nothing at runtime looks values up here.
 */
export type Labels = Record<Language, string>;

export interface Colour {
  id: string;
  hex: string;
  names: Labels;
}

/** Starter colours: colour id → hex code and names (specification section 9). */
export const COLOURS: readonly Colour[] = [
  { id: "black", hex: "#1b1b1b", names: { de: "Schwarz", fr: "Noir", en: "Black" } },
  { id: "white", hex: "#f7f7f5", names: { de: "Weiß", fr: "Blanc", en: "White" } },
  { id: "offwhite", hex: "#efe9dc", names: { de: "Wollweiß", fr: "Écru", en: "Off-white" } },
  { id: "grey", hex: "#8d8f93", names: { de: "Grau", fr: "Gris", en: "Grey" } },
  { id: "anthracite", hex: "#3d4045", names: { de: "Anthrazit", fr: "Anthracite", en: "Charcoal" } },
  { id: "beige", hex: "#d9c6a5", names: { de: "Beige", fr: "Beige", en: "Beige" } },
  { id: "camel", hex: "#b58a57", names: { de: "Camel", fr: "Camel", en: "Camel" } },
  { id: "brown", hex: "#6b4a32", names: { de: "Braun", fr: "Marron", en: "Brown" } },
  { id: "navy", hex: "#1f2f52", names: { de: "Marineblau", fr: "Bleu marine", en: "Navy" } },
  { id: "blue", hex: "#2f6db5", names: { de: "Blau", fr: "Bleu", en: "Blue" } },
  { id: "lightblue", hex: "#9cc3e6", names: { de: "Hellblau", fr: "Bleu clair", en: "Light blue" } },
  { id: "denim", hex: "#4a6a8f", names: { de: "Jeansblau", fr: "Bleu denim", en: "Denim blue" } },
  { id: "petrol", hex: "#1e6470", names: { de: "Petrol", fr: "Bleu pétrole", en: "Petrol" } },
  { id: "green", hex: "#3c7a46", names: { de: "Grün", fr: "Vert", en: "Green" } },
  { id: "olive", hex: "#6b6b3a", names: { de: "Oliv", fr: "Olive", en: "Olive" } },
  { id: "mint", hex: "#a8dcc4", names: { de: "Mint", fr: "Menthe", en: "Mint" } },
  { id: "yellow", hex: "#f0c93a", names: { de: "Gelb", fr: "Jaune", en: "Yellow" } },
  { id: "mustard", hex: "#c9962b", names: { de: "Senfgelb", fr: "Moutarde", en: "Mustard" } },
  { id: "orange", hex: "#e5772e", names: { de: "Orange", fr: "Orange", en: "Orange" } },
  { id: "red", hex: "#c62f2f", names: { de: "Rot", fr: "Rouge", en: "Red" } },
  { id: "bordeaux", hex: "#6e1f2e", names: { de: "Bordeaux", fr: "Bordeaux", en: "Burgundy" } },
  { id: "pink", hex: "#ec9bb6", names: { de: "Rosa", fr: "Rose", en: "Pink" } },
  { id: "fuchsia", hex: "#c2367e", names: { de: "Pink", fr: "Fuchsia", en: "Fuchsia" } },
  { id: "lilac", hex: "#b49fd3", names: { de: "Flieder", fr: "Lilas", en: "Lilac" } },
  { id: "gold", hex: "#c8a64b", names: { de: "Gold", fr: "Doré", en: "Gold" } },
  { id: "silver", hex: "#bfc3c8", names: { de: "Silber", fr: "Argenté", en: "Silver" } },
];

export const MATERIALS: Record<string, Labels> = {
  cotton: { de: "Baumwolle", fr: "Coton", en: "Cotton" },
  organic_cotton: { de: "Bio-Baumwolle", fr: "Coton bio", en: "Organic cotton" },
  linen: { de: "Leinen", fr: "Lin", en: "Linen" },
  wool: { de: "Wolle", fr: "Laine", en: "Wool" },
  merino: { de: "Merinowolle", fr: "Laine mérinos", en: "Merino wool" },
  cashmere: { de: "Kaschmir", fr: "Cachemire", en: "Cashmere" },
  silk: { de: "Seide", fr: "Soie", en: "Silk" },
  viscose: { de: "Viskose", fr: "Viscose", en: "Viscose" },
  polyester: { de: "Polyester", fr: "Polyester", en: "Polyester" },
  recycled_polyester: { de: "Recyceltes Polyester", fr: "Polyester recyclé", en: "Recycled polyester" },
  denim: { de: "Denim", fr: "Denim", en: "Denim" },
  leather: { de: "Leder", fr: "Cuir", en: "Leather" },
  suede: { de: "Veloursleder", fr: "Daim", en: "Suede" },
  jersey: { de: "Jersey", fr: "Jersey", en: "Jersey" },
  elastane: { de: "Elasthan", fr: "Élasthanne", en: "Elastane" },
  nylon: { de: "Nylon", fr: "Nylon", en: "Nylon" },
};

export const FITS: Record<string, Labels> = {
  slim: { de: "Slim Fit", fr: "Coupe ajustée", en: "Slim fit" },
  regular: { de: "Regular Fit", fr: "Coupe droite", en: "Regular fit" },
  relaxed: { de: "Relaxed Fit", fr: "Coupe décontractée", en: "Relaxed fit" },
  oversized: { de: "Oversized", fr: "Oversize", en: "Oversized" },
  skinny: { de: "Skinny Fit", fr: "Coupe skinny", en: "Skinny fit" },
  wide: { de: "Weites Bein", fr: "Jambe large", en: "Wide leg" },
};

export const PATTERNS: Record<string, Labels> = {
  plain: { de: "Unifarben", fr: "Uni", en: "Plain" },
  striped: { de: "Gestreift", fr: "Rayé", en: "Striped" },
  checked: { de: "Kariert", fr: "À carreaux", en: "Checked" },
  dotted: { de: "Gepunktet", fr: "À pois", en: "Polka dot" },
  floral: { de: "Geblümt", fr: "Fleuri", en: "Floral" },
};

/** Care symbols (ISO 3758 families) with the instruction each icon stands for. */
export const CARE_SYMBOLS: Record<string, Labels> = {
  wash_30: { de: "Maschinenwäsche 30 °C", fr: "Lavage en machine à 30 °C", en: "Machine wash 30 °C" },
  wash_40: { de: "Maschinenwäsche 40 °C", fr: "Lavage en machine à 40 °C", en: "Machine wash 40 °C" },
  hand_wash: { de: "Handwäsche", fr: "Lavage à la main", en: "Hand wash" },
  no_bleach: { de: "Nicht bleichen", fr: "Ne pas blanchir", en: "Do not bleach" },
  tumble_low: { de: "Trockner, niedrige Temperatur", fr: "Sèche-linge, basse température", en: "Tumble dry low" },
  no_tumble: { de: "Nicht im Trockner trocknen", fr: "Ne pas sécher en machine", en: "Do not tumble dry" },
  iron_low: { de: "Bügeln bei niedriger Temperatur", fr: "Repassage à basse température", en: "Iron low" },
  iron_medium: { de: "Bügeln bei mittlerer Temperatur", fr: "Repassage à température moyenne", en: "Iron medium" },
  no_iron: { de: "Nicht bügeln", fr: "Ne pas repasser", en: "Do not iron" },
  dry_clean: { de: "Chemische Reinigung", fr: "Nettoyage à sec", en: "Dry clean" },
  no_dry_clean: { de: "Keine chemische Reinigung", fr: "Pas de nettoyage à sec", en: "Do not dry clean" },
};

export type SizeSystem = "clothing" | "shoes" | "kids" | "onesize";

export interface ProductType {
  id: string;
  sizeSystem: SizeSystem;
  /** Singular noun; `frGender` drives French agreement in generated names. */
  names: Labels;
  frGender: "m" | "f";
}

export const PRODUCT_TYPES: readonly ProductType[] = [
  { id: "tshirt", sizeSystem: "clothing", names: { de: "T-Shirt", fr: "T-shirt", en: "T-shirt" }, frGender: "m" },
  { id: "top", sizeSystem: "clothing", names: { de: "Top", fr: "Top", en: "Top" }, frGender: "m" },
  { id: "polo", sizeSystem: "clothing", names: { de: "Poloshirt", fr: "Polo", en: "Polo shirt" }, frGender: "m" },
  { id: "shirt", sizeSystem: "clothing", names: { de: "Hemd", fr: "Chemise", en: "Shirt" }, frGender: "f" },
  { id: "blouse", sizeSystem: "clothing", names: { de: "Bluse", fr: "Blouse", en: "Blouse" }, frGender: "f" },
  { id: "sweater", sizeSystem: "clothing", names: { de: "Pullover", fr: "Pull", en: "Jumper" }, frGender: "m" },
  { id: "cardigan", sizeSystem: "clothing", names: { de: "Cardigan", fr: "Cardigan", en: "Cardigan" }, frGender: "m" },
  { id: "hoodie", sizeSystem: "clothing", names: { de: "Hoodie", fr: "Sweat à capuche", en: "Hoodie" }, frGender: "m" },
  { id: "jacket", sizeSystem: "clothing", names: { de: "Jacke", fr: "Veste", en: "Jacket" }, frGender: "f" },
  { id: "blazer", sizeSystem: "clothing", names: { de: "Blazer", fr: "Blazer", en: "Blazer" }, frGender: "m" },
  { id: "coat", sizeSystem: "clothing", names: { de: "Mantel", fr: "Manteau", en: "Coat" }, frGender: "m" },
  { id: "dress", sizeSystem: "clothing", names: { de: "Kleid", fr: "Robe", en: "Dress" }, frGender: "f" },
  { id: "skirt", sizeSystem: "clothing", names: { de: "Rock", fr: "Jupe", en: "Skirt" }, frGender: "f" },
  { id: "trousers", sizeSystem: "clothing", names: { de: "Hose", fr: "Pantalon", en: "Trousers" }, frGender: "m" },
  { id: "jeans", sizeSystem: "clothing", names: { de: "Jeans", fr: "Jean", en: "Jeans" }, frGender: "m" },
  { id: "shorts", sizeSystem: "clothing", names: { de: "Shorts", fr: "Short", en: "Shorts" }, frGender: "m" },
  {
    id: "jumpsuit",
    sizeSystem: "clothing",
    names: { de: "Jumpsuit", fr: "Combinaison", en: "Jumpsuit" },
    frGender: "f",
  },
  { id: "leggings", sizeSystem: "clothing", names: { de: "Leggings", fr: "Legging", en: "Leggings" }, frGender: "m" },
  {
    id: "swimwear",
    sizeSystem: "clothing",
    names: { de: "Badeanzug", fr: "Maillot de bain", en: "Swimsuit" },
    frGender: "m",
  },
  { id: "underwear", sizeSystem: "clothing", names: { de: "Slip", fr: "Culotte", en: "Briefs" }, frGender: "f" },
  { id: "socks", sizeSystem: "onesize", names: { de: "Socken", fr: "Chaussettes", en: "Socks" }, frGender: "f" },
  { id: "bodysuit", sizeSystem: "kids", names: { de: "Body", fr: "Body", en: "Bodysuit" }, frGender: "m" },
  { id: "sneaker", sizeSystem: "shoes", names: { de: "Sneaker", fr: "Basket", en: "Trainers" }, frGender: "f" },
  { id: "boot", sizeSystem: "shoes", names: { de: "Stiefel", fr: "Botte", en: "Boots" }, frGender: "f" },
  {
    id: "ankleboot",
    sizeSystem: "shoes",
    names: { de: "Stiefelette", fr: "Bottine", en: "Ankle boots" },
    frGender: "f",
  },
  { id: "pump", sizeSystem: "shoes", names: { de: "Pumps", fr: "Escarpin", en: "Court shoes" }, frGender: "m" },
  { id: "loafer", sizeSystem: "shoes", names: { de: "Loafer", fr: "Mocassin", en: "Loafers" }, frGender: "m" },
  { id: "sandal", sizeSystem: "shoes", names: { de: "Sandale", fr: "Sandale", en: "Sandals" }, frGender: "f" },
  { id: "bag", sizeSystem: "onesize", names: { de: "Tasche", fr: "Sac", en: "Bag" }, frGender: "m" },
  { id: "scarf", sizeSystem: "onesize", names: { de: "Schal", fr: "Écharpe", en: "Scarf" }, frGender: "f" },
  { id: "hat", sizeSystem: "onesize", names: { de: "Mütze", fr: "Bonnet", en: "Beanie" }, frGender: "m" },
  { id: "cap", sizeSystem: "onesize", names: { de: "Cap", fr: "Casquette", en: "Cap" }, frGender: "f" },
  { id: "belt", sizeSystem: "onesize", names: { de: "Gürtel", fr: "Ceinture", en: "Belt" }, frGender: "f" },
  {
    id: "sunglasses",
    sizeSystem: "onesize",
    names: { de: "Sonnenbrille", fr: "Lunettes de soleil", en: "Sunglasses" },
    frGender: "f",
  },
];

/** The starter vocabulary as vocabulary values, in the order the shop lists them. */
export function starterVocabularyValues(): VocabularyValue[] {
  const values: VocabularyValue[] = [];
  const add = (kind: VocabularyKind, id: string, labels: Labels, extra: Partial<VocabularyValue> = {}) =>
    values.push({ kind, id, labels: { ...labels }, hex: null, sizeSystem: null, position: values.length, ...extra });
  for (const t of PRODUCT_TYPES) add("productType", t.id, t.names, { sizeSystem: t.sizeSystem });
  for (const c of COLOURS) add("colour", c.id, c.names, { hex: c.hex });
  for (const [id, labels] of Object.entries(MATERIALS)) add("material", id, labels);
  for (const [id, labels] of Object.entries(FITS)) add("fit", id, labels);
  for (const [id, labels] of Object.entries(PATTERNS)) add("pattern", id, labels);
  for (const [id, labels] of Object.entries(CARE_SYMBOLS)) add("care", id, labels);
  return values;
}
