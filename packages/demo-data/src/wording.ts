import type { Language } from "@vitrine/commerce";

/** Words the demo catalogue's names and descriptions are made of, in German, French and English. */

export type Tri = [de: string, fr: string, en: string];

export const BRANDS: readonly { name: string; tier: number }[] = [
  { name: "Nordlicht", tier: 1 },
  { name: "Maison Lumière", tier: 1.6 },
  { name: "Alpenrose", tier: 1.1 },
  { name: "Urban Loom", tier: 0.9 },
  { name: "Kieler Küste", tier: 1 },
  { name: "Studio Vélo", tier: 1.3 },
  { name: "Berliner Blau", tier: 1.1 },
  { name: "Lakeside", tier: 0.9 },
  { name: "Fjord & Field", tier: 1.4 },
  { name: "Atelier Nova", tier: 1.8 },
  { name: "Hafen 17", tier: 1 },
  { name: "Copper Lane", tier: 1.2 },
  { name: "Rive Gauche", tier: 1.7 },
  { name: "Edelweiss Denim", tier: 1.2 },
  { name: "Saltwater", tier: 0.9 },
  { name: "Greta & Paul", tier: 1 },
  { name: "Linden Street", tier: 1.1 },
  { name: "Montagne", tier: 1.5 },
  { name: "Blauwerk", tier: 1.2 },
  { name: "Terra Cotta", tier: 1 },
  { name: "Milano Moderno", tier: 1.9 },
  { name: "Wildbirch", tier: 1.3 },
  { name: "Solstice", tier: 0.8 },
  { name: "Harbor & Pine", tier: 1.2 },
  { name: "Sorrel", tier: 1 },
  { name: "Vela", tier: 0.8 },
  { name: "Kompass", tier: 1.1 },
  { name: "Neon Garden", tier: 0.85 },
];

/** Regular price range in EUR cents per product type (before the brand's tier). */
export const PRICE_RANGES: Record<string, [number, number]> = {
  tshirt: [1295, 3995],
  top: [1495, 4495],
  polo: [2495, 5995],
  shirt: [2995, 8995],
  blouse: [2995, 8995],
  sweater: [3995, 12995],
  cardigan: [3995, 11995],
  hoodie: [3495, 8995],
  jacket: [5995, 22995],
  blazer: [6995, 19995],
  coat: [9995, 34995],
  dress: [3995, 14995],
  skirt: [2995, 8995],
  trousers: [3995, 10995],
  jeans: [4995, 12995],
  shorts: [1995, 5995],
  jumpsuit: [4995, 12995],
  leggings: [1995, 5995],
  swimwear: [2495, 7995],
  underwear: [995, 3495],
  socks: [695, 1995],
  bodysuit: [995, 2995],
  sneaker: [5995, 15995],
  boot: [8995, 27995],
  ankleboot: [7995, 19995],
  pump: [5995, 16995],
  loafer: [5995, 16995],
  sandal: [3995, 11995],
  bag: [3995, 24995],
  scarf: [1995, 8995],
  hat: [1495, 4995],
  cap: [1495, 3995],
  belt: [1995, 6995],
  sunglasses: [2995, 14995],
};

export const MATERIALS_BY_TYPE: Record<string, string[][]> = {
  tshirt: [["cotton"], ["organic_cotton"], ["cotton", "elastane"], ["linen"]],
  top: [["viscose"], ["cotton", "elastane"], ["silk"], ["jersey"]],
  polo: [["cotton"], ["organic_cotton"]],
  shirt: [["cotton"], ["linen"], ["organic_cotton"], ["viscose"]],
  blouse: [["viscose"], ["silk"], ["cotton"], ["linen"], ["recycled_polyester"]],
  sweater: [["merino"], ["wool"], ["cashmere"], ["cotton"], ["wool", "nylon"]],
  cardigan: [["merino"], ["wool"], ["cotton"], ["cashmere"]],
  hoodie: [["cotton"], ["organic_cotton"], ["cotton", "polyester"]],
  jacket: [["nylon"], ["recycled_polyester"], ["leather"], ["denim"], ["suede"]],
  blazer: [["wool"], ["linen"], ["viscose", "elastane"]],
  coat: [["wool"], ["wool", "cashmere"], ["recycled_polyester"], ["nylon"]],
  dress: [["viscose"], ["cotton"], ["linen"], ["jersey"], ["silk"], ["recycled_polyester"]],
  skirt: [["viscose"], ["cotton"], ["denim"], ["wool"], ["leather"]],
  trousers: [["cotton", "elastane"], ["linen"], ["wool"], ["viscose"]],
  jeans: [["denim"], ["denim", "elastane"], ["organic_cotton"]],
  shorts: [["cotton"], ["linen"], ["denim"], ["nylon"]],
  jumpsuit: [["viscose"], ["linen"], ["cotton"]],
  leggings: [
    ["recycled_polyester", "elastane"],
    ["nylon", "elastane"],
  ],
  swimwear: [
    ["recycled_polyester", "elastane"],
    ["nylon", "elastane"],
  ],
  underwear: [["cotton", "elastane"], ["organic_cotton"], ["viscose"]],
  socks: [["cotton", "nylon"], ["merino"], ["organic_cotton"]],
  bodysuit: [["organic_cotton"], ["cotton"]],
  sneaker: [["leather"], ["suede"], ["recycled_polyester"]],
  boot: [["leather"], ["suede"]],
  ankleboot: [["leather"], ["suede"]],
  pump: [["leather"], ["suede"]],
  loafer: [["leather"], ["suede"]],
  sandal: [["leather"], ["suede"]],
  bag: [["leather"], ["nylon"], ["recycled_polyester"], ["cotton"]],
  scarf: [["wool"], ["cashmere"], ["silk"], ["viscose"]],
  hat: [["wool"], ["merino"], ["cotton"]],
  cap: [["cotton"], ["nylon"]],
  belt: [["leather"], ["suede"]],
  sunglasses: [["nylon"]],
};

/** Material phrase after a noun: "aus Baumwolle", "en coton", "cotton …". */
export const MATERIAL_WORDS: Record<string, Tri> = {
  cotton: ["Baumwolle", "coton", "cotton"],
  organic_cotton: ["Bio-Baumwolle", "coton bio", "organic cotton"],
  linen: ["Leinen", "lin", "linen"],
  wool: ["Wolle", "laine", "wool"],
  merino: ["Merinowolle", "laine mérinos", "merino"],
  cashmere: ["Kaschmir", "cachemire", "cashmere"],
  silk: ["Seide", "soie", "silk"],
  viscose: ["Viskose", "viscose", "viscose"],
  polyester: ["Polyester", "polyester", "polyester"],
  recycled_polyester: ["recyceltem Polyester", "polyester recyclé", "recycled polyester"],
  denim: ["Denim", "denim", "denim"],
  leather: ["Leder", "cuir", "leather"],
  suede: ["Veloursleder", "daim", "suede"],
  jersey: ["Jersey", "jersey", "jersey"],
  elastane: ["Elasthan", "élasthanne", "elastane"],
  nylon: ["Nylon", "nylon", "nylon"],
};

export const FEATURES_BY_GROUP: Record<string, Tri[]> = {
  top: [
    ["mit V-Ausschnitt", "à col V", "with V-neck"],
    ["mit Rundhalsausschnitt", "à col rond", "with crew neck"],
    ["mit Knopfleiste", "à boutonnage", "with button placket"],
    ["mit Puffärmeln", "à manches bouffantes", "with puff sleeves"],
    ["mit Brusttasche", "à poche poitrine", "with chest pocket"],
  ],
  dress: [
    ["mit Gürtel", "à ceinture", "with belt"],
    ["mit Wickeloptik", "effet portefeuille", "with wrap front"],
    ["mit Volants", "à volants", "with ruffles"],
    ["mit Knopfleiste", "à boutonnage", "with button front"],
  ],
  bottom: [
    ["mit hohem Bund", "taille haute", "high-waisted"],
    ["mit Bügelfalte", "à pli marqué", "with pressed crease"],
    ["mit Kordelzug", "à cordon de serrage", "with drawstring"],
    ["mit Gürtelschlaufen", "à passants de ceinture", "with belt loops"],
  ],
  outer: [
    ["mit Kapuze", "à capuche", "with hood"],
    ["mit Reißverschluss", "à fermeture éclair", "with zip"],
    ["mit Reverskragen", "à col tailleur", "with lapels"],
    ["mit Taschen", "à poches", "with pockets"],
  ],
  knit: [
    ["mit Zopfmuster", "à torsades", "with cable knit"],
    ["mit Rollkragen", "à col roulé", "with roll neck"],
    ["mit Rundhalsausschnitt", "à col rond", "with crew neck"],
  ],
  shoe: [
    ["mit Schnürung", "à lacets", "with laces"],
    ["mit Blockabsatz", "à talon bloc", "with block heel"],
    ["mit Profilsohle", "à semelle crantée", "with chunky sole"],
    ["mit Klettverschluss", "à scratch", "with hook-and-loop fastening"],
  ],
  accessory: [
    ["mit Logo-Detail", "avec détail logo", "with logo detail"],
    ["mit Fransen", "à franges", "with fringing"],
    ["mit Metallschnalle", "à boucle métallique", "with metal buckle"],
  ],
};

export const GROUP_OF_TYPE: Record<string, keyof typeof FEATURES_BY_GROUP> = {
  tshirt: "top",
  top: "top",
  polo: "top",
  shirt: "top",
  blouse: "top",
  bodysuit: "top",
  underwear: "top",
  swimwear: "top",
  sweater: "knit",
  cardigan: "knit",
  hoodie: "outer",
  jacket: "outer",
  blazer: "outer",
  coat: "outer",
  dress: "dress",
  jumpsuit: "dress",
  skirt: "bottom",
  trousers: "bottom",
  jeans: "bottom",
  shorts: "bottom",
  leggings: "bottom",
  socks: "accessory",
  sneaker: "shoe",
  boot: "shoe",
  ankleboot: "shoe",
  pump: "shoe",
  loafer: "shoe",
  sandal: "shoe",
  bag: "accessory",
  scarf: "accessory",
  hat: "accessory",
  cap: "accessory",
  belt: "accessory",
  sunglasses: "accessory",
};

export const FITS_BY_TYPE: Record<string, string[]> = {
  tshirt: ["slim", "regular", "oversized"],
  top: ["slim", "regular"],
  polo: ["slim", "regular"],
  shirt: ["slim", "regular", "relaxed"],
  blouse: ["regular", "relaxed", "oversized"],
  sweater: ["regular", "relaxed", "oversized"],
  cardigan: ["regular", "oversized"],
  hoodie: ["regular", "oversized"],
  jacket: ["regular", "relaxed"],
  blazer: ["slim", "regular"],
  coat: ["regular", "oversized"],
  dress: ["slim", "regular", "relaxed"],
  trousers: ["slim", "regular", "wide"],
  jeans: ["skinny", "slim", "regular", "wide"],
  shorts: ["regular", "relaxed"],
  jumpsuit: ["regular", "wide"],
  leggings: ["skinny"],
};

export const CARE_BY_MATERIAL: Record<string, string[]> = {
  cotton: ["wash_40", "no_bleach", "tumble_low", "iron_medium"],
  organic_cotton: ["wash_30", "no_bleach", "tumble_low", "iron_medium"],
  linen: ["wash_30", "no_bleach", "no_tumble", "iron_medium"],
  wool: ["hand_wash", "no_bleach", "no_tumble", "iron_low", "dry_clean"],
  merino: ["hand_wash", "no_bleach", "no_tumble", "iron_low"],
  cashmere: ["hand_wash", "no_bleach", "no_tumble", "iron_low", "dry_clean"],
  silk: ["hand_wash", "no_bleach", "no_tumble", "iron_low", "dry_clean"],
  viscose: ["wash_30", "no_bleach", "no_tumble", "iron_low"],
  polyester: ["wash_30", "no_bleach", "tumble_low", "iron_low"],
  recycled_polyester: ["wash_30", "no_bleach", "tumble_low", "iron_low"],
  denim: ["wash_30", "no_bleach", "no_tumble", "iron_medium"],
  leather: ["no_bleach", "no_tumble", "no_iron", "no_dry_clean"],
  suede: ["no_bleach", "no_tumble", "no_iron", "no_dry_clean"],
  jersey: ["wash_30", "no_bleach", "tumble_low", "iron_low"],
  elastane: ["wash_30", "no_bleach", "no_tumble", "iron_low"],
  nylon: ["wash_30", "no_bleach", "no_tumble", "no_iron"],
};

export const OCCASIONS: Tri[] = [
  [
    "Ein vielseitiges Lieblingsteil – vom Büro bis zum Wochenende.",
    "Une pièce polyvalente, du bureau au week-end.",
    "A versatile favourite, from the office to the weekend.",
  ],
  [
    "Lässt sich mühelos kombinieren, zu Sneakern ebenso wie zu eleganten Schuhen.",
    "Se combine facilement, avec des baskets comme avec des chaussures élégantes.",
    "Easy to style with trainers or with smart shoes.",
  ],
  [
    "Angenehm zu tragen und unkompliziert in der Pflege.",
    "Agréable à porter et facile d'entretien.",
    "Comfortable to wear and easy to care for.",
  ],
  [
    "Ein zeitloser Begleiter für jede Saison.",
    "Un indispensable intemporel pour toutes les saisons.",
    "A timeless companion for every season.",
  ],
  [
    "Sorgfältig verarbeitet, mit Liebe zum Detail.",
    "Finitions soignées et souci du détail.",
    "Carefully made, with attention to detail.",
  ],
];

export const FREE_TEXT_BADGES: Tri[] = [
  ["Nachhaltig", "Durable", "Sustainable"],
  ["Online exklusiv", "Exclusivité web", "Online exclusive"],
  ["Bestseller", "Best-seller", "Bestseller"],
];

export const CAMPAIGNS = ["autumn-edit", "denim-days", "winter-warmers", "holiday-party"];

export const LANGS: readonly Language[] = ["de", "fr", "en"];

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
