import type {
  CategoryRecord,
  OutfitRecord,
  PhysicalStoreRecord,
  ProductRecord,
  PromotionRecord,
  StoreStockRecord,
} from "@vitrine/commerce";
import { fixedClock } from "@vitrine/commerce";
import { CatalogIndex } from "../src/engine/catalog-index.ts";
import { SearchEngine } from "../src/engine/search-engine.ts";
import type { MerchandisingRules } from "../src/merchandising/rules.ts";

/**
 * A small hand-made catalogue whose every count is known, for exact assertions on facets, variants, ranges,
 * dates and folding. Today is 2026-11-22.
 */
export const TODAY = new Date("2026-11-22T12:00:00Z");
const day = (daysAgo: number) => new Date(TODAY.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

type Tri = [de: string, fr: string, en: string];

function category(
  id: number,
  parentId: number | null,
  key: string,
  names: Tri,
  role: CategoryRecord["role"] = "regular",
  slugs?: Tri,
): CategoryRecord {
  const slug = (name: string) =>
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-");
  const [de, fr, en] = names;
  return {
    type: "category",
    id,
    parentId,
    key,
    position: id,
    role,
    isSale: role === "sale",
    trackingKey: key,
    shopBaseCategory: key.split("-")[0] as string,
    productType: "",
    translations: {
      de: { name: de, slug: slugs?.[0] ?? slug(de), description: "" },
      fr: { name: fr, slug: slugs?.[1] ?? slug(fr), description: "" },
      en: { name: en, slug: slugs?.[2] ?? slug(en), description: "" },
    },
  };
}

export const CATEGORIES: CategoryRecord[] = [
  category(1, null, "women", ["Damen", "Femmes", "Women"]),
  category(2, 1, "women-clothing", ["Bekleidung", "Vêtements", "Clothing"]),
  category(3, 2, "women-dresses", ["Kleider", "Robes", "Dresses"]),
  category(4, 2, "women-jackets", ["Jacken", "Vestes", "Jackets"]),
  category(5, 1, "women-shoes", ["Schuhe", "Chaussures", "Shoes"]),
  category(6, null, "men", ["Herren", "Hommes", "Men"]),
  category(7, 6, "men-shirts", ["Hemden", "Chemises", "Shirts"]),
  category(8, null, "sale", ["Sale", "Soldes", "Sale"], "sale", ["sale", "soldes", "sale"]),
  category(9, null, "new", ["Neu", "Nouveautés", "New in"], "new", ["new", "new", "new"]),
  category(10, null, "outfits", ["Outfits", "Looks", "Outfits"], "outfits", ["outfits", "outfits", "outfits"]),
];

interface VariantSpec {
  size: string;
  stock: number;
  withoutStock?: boolean;
}

interface ProductSpec {
  id: number;
  master: string;
  names: Tri;
  brand: string;
  colorId: string;
  productType: ProductRecord["productType"];
  categoryId: number;
  variants: VariantSpec[];
  /** Regular price in cents in DE/AT (CH is 1.1 × in CHF); omit zones with `zones`. */
  price: number;
  salePrice?: number;
  zones?: ("DE" | "AT" | "CH")[];
  arrivedDaysAgo: number;
  material?: string[];
  fit?: string | null;
  pattern?: string;
  badge?: Tri;
  promotionId?: string;
  description?: Tri;
}

function product(spec: ProductSpec): ProductRecord {
  const zones = spec.zones ?? ["DE", "AT", "CH"];
  const zonePrice = (zone: "DE" | "AT" | "CH") => {
    const factor = zone === "CH" ? 1.1 : 1;
    return {
      currency: zone === "CH" ? ("CHF" as const) : ("EUR" as const),
      listPrice: Math.round(spec.price * factor),
      salePrice: spec.salePrice === undefined ? null : Math.round(spec.salePrice * factor),
      reductionCategory: spec.salePrice === undefined ? null : "sale",
    };
  };
  const [de, fr, en] = spec.names;
  const description = spec.description ?? ["", "", ""];
  const badge = spec.badge;
  return {
    type: "product",
    id: spec.id,
    masterKey: spec.master,
    referenceKey: `VT-${spec.id}`,
    brand: spec.brand,
    productType: spec.productType,
    colorId: spec.colorId,
    pattern: spec.pattern ?? "plain",
    material: spec.material ?? ["cotton"],
    fit: spec.fit ?? null,
    care: [],
    seasonMonth: 11,
    seasonYear: 2026,
    campaign: null,
    arrivalDate: day(spec.arrivedDaysAgo),
    promotionId: spec.promotionId ?? null,
    attributes: {},
    categoryIds: [spec.categoryId],
    translations: {
      de: { name: de, shortDescription: "", description: description[0], freeTextBadge: badge?.[0] ?? null },
      fr: { name: fr, shortDescription: "", description: description[1], freeTextBadge: badge?.[1] ?? null },
      en: { name: en, shortDescription: "", description: description[2], freeTextBadge: badge?.[2] ?? null },
    },
    images: [
      { assetName: "front", path: `test/${spec.id}/front.svg` },
      { assetName: "fa", path: `test/${spec.id}/fa.svg` },
    ],
    variants: spec.variants.map((v, i) => ({
      id: spec.id * 10 + i,
      size: v.size,
      ean: null,
      stock: { quantity: v.stock, isSellableWithoutStock: v.withoutStock ?? false },
      deliveryDays: { min: 2, max: 4 },
      prices: Object.fromEntries(zones.map((z) => [z, zonePrice(z)])),
    })),
  };
}

export const PRODUCTS: ProductRecord[] = [
  product({
    id: 101,
    master: "M-1",
    names: ["Kleid aus Baumwolle", "Robe en coton", "Cotton dress"],
    brand: "Alpha",
    colorId: "blue",
    productType: "dress",
    categoryId: 3,
    variants: [
      { size: "s", stock: 5 },
      { size: "m", stock: 0 },
      { size: "l", stock: 3 },
    ],
    price: 5995,
    arrivedDaysAgo: 3,
    fit: "regular",
    badge: ["Nachhaltig", "Durable", "Sustainable"],
    promotionId: "dress-10",
  }),
  product({
    id: 102,
    master: "M-1",
    names: ["Kleid aus Baumwolle", "Robe en coton", "Cotton dress"],
    brand: "Alpha",
    colorId: "red",
    productType: "dress",
    categoryId: 3,
    variants: [
      { size: "s", stock: 0 },
      { size: "m", stock: 4 },
    ],
    price: 5995,
    salePrice: 3995,
    arrivedDaysAgo: 60,
    fit: "regular",
  }),
  product({
    id: 103,
    master: "M-2",
    names: ["Sommerkleid aus Leinen", "Robe d'été en lin", "Linen summer dress"],
    brand: "Beta",
    colorId: "green",
    productType: "dress",
    categoryId: 3,
    variants: [
      { size: "m", stock: 2 },
      { size: "l", stock: 2 },
    ],
    price: 8995,
    arrivedDaysAgo: 10,
    material: ["linen"],
    pattern: "floral",
  }),
  product({
    id: 104,
    master: "M-3",
    names: ["Mantel aus Wolle", "Manteau en laine", "Wool coat"],
    brand: "Beta",
    colorId: "navy",
    productType: "coat",
    categoryId: 4,
    variants: [{ size: "m", stock: 10 }],
    price: 19995,
    arrivedDaysAgo: 200,
    material: ["wool", "cashmere"],
    fit: "slim",
    description: ["Warmer Mantel für den Winter.", "Manteau chaud pour l'hiver.", "A warm coat for winter."],
  }),
  product({
    id: 105,
    master: "M-4",
    names: ["Sneaker aus Leder", "Baskets en cuir", "Leather trainers"],
    brand: "Alpha",
    colorId: "white",
    productType: "sneaker",
    categoryId: 5,
    variants: [
      { size: "38", stock: 1 },
      { size: "39", stock: 0 },
    ],
    price: 8995,
    arrivedDaysAgo: 40,
    material: ["leather"],
  }),
  product({
    id: 106,
    master: "M-5",
    names: ["Hemd aus Baumwolle", "Chemise en coton", "Cotton shirt"],
    brand: "Gamma",
    colorId: "blue",
    productType: "shirt",
    categoryId: 7,
    variants: [
      { size: "m", stock: 6 },
      { size: "l", stock: 1 },
    ],
    price: 4995,
    arrivedDaysAgo: 400,
    fit: "slim",
  }),
  product({
    id: 107,
    master: "M-6",
    names: ["Kleid aus Seide", "Robe en soie", "Silk dress"],
    brand: "Alpha",
    colorId: "black",
    productType: "dress",
    categoryId: 3,
    variants: [{ size: "s", stock: 0 }],
    price: 12995,
    arrivedDaysAgo: 100,
    material: ["silk"],
  }),
  product({
    id: 108,
    master: "M-7",
    names: ["Jacke Zürich", "Veste Zurich", "Zurich jacket"],
    brand: "Gamma",
    colorId: "grey",
    productType: "jacket",
    categoryId: 4,
    variants: [{ size: "m", stock: 3 }],
    price: 14995,
    zones: ["CH"],
    arrivedDaysAgo: 20,
  }),
];

export const PHYSICAL_STORES: PhysicalStoreRecord[] = (
  [
    ["berlin", "Vitrine Berlin", "DE", 52.5, 13.33],
    ["hamburg", "Vitrine Hamburg", "DE", 53.55, 10.0],
    ["wien", "Vitrine Wien", "AT", 48.2, 16.35],
    ["zuerich", "Vitrine Zürich", "CH", 47.37, 8.54],
  ] as const
).map(([id, name, countryCode, latitude, longitude]) => ({
  id,
  name,
  street: "Hauptstraße 1",
  zipCode: "10000",
  city: name.replace("Vitrine ", ""),
  countryCode,
  latitude,
  longitude,
  phone: "+49 30 1",
  email: `${id}@stores.vitrine.example`,
  openingHours: [null, null, null, null, null, null, null],
}));

/** 101 in L and 106 in M at Berlin; 103 in M at Hamburg; 104 in M at Wien. */
export const STORE_STOCK: StoreStockRecord[] = [
  { storeId: "berlin", variantId: 1012, quantity: 2 },
  { storeId: "berlin", variantId: 1060, quantity: 1 },
  { storeId: "hamburg", variantId: 1030, quantity: 1 },
  { storeId: "wien", variantId: 1040, quantity: 1 },
];

export const PROMOTIONS: PromotionRecord[] = [
  {
    id: "dress-10",
    priority: 10,
    effect: { type: "automatic_discount", kind: "percentage", percentage: 10 },
    conditions: { categoryIds: [3] },
    colorHex: "#c62f2f",
    names: { de: "10 % auf Kleider", fr: "10 % sur les robes", en: "10% off dresses" },
    storeCodes: ["de", "at", "en"],
    validFrom: "2026-11-01T00:00:00.000Z",
    validTo: "2026-12-31T00:00:00.000Z",
  },
];

export const OUTFITS: OutfitRecord[] = [
  {
    id: 1,
    names: { de: "Winterlook", fr: "Look d'hiver", en: "Winter look" },
    descriptions: { de: "", fr: "", en: "" },
    gender: "women",
    productIds: [104, 101, 105],
  },
];

export function buildFixtureCatalog(products: readonly ProductRecord[] = PRODUCTS): CatalogIndex {
  return CatalogIndex.build({
    categories: CATEGORIES,
    products,
    storeStock: STORE_STOCK,
    physicalStores: PHYSICAL_STORES,
  });
}

export function buildFixtureEngine(
  options: { merchandising?: MerchandisingRules; products?: readonly ProductRecord[] } = {},
): SearchEngine {
  return new SearchEngine(
    {
      catalog: buildFixtureCatalog(options.products),
      promotions: PROMOTIONS,
      outfits: OUTFITS,
      ...(options.merchandising ? { merchandising: options.merchandising } : {}),
    },
    { clock: fixedClock(TODAY) },
  );
}

/** A request of a store (default the German one) for the engine. */
export function request<T extends object>(
  extra: T,
  store: { language: string; country: string; currency: string; prefix: string } = {
    language: "de",
    country: "DE",
    currency: "EUR",
    prefix: "de",
  },
  path = "/",
) {
  return {
    trackingId: "comma_de",
    language: store.language,
    country: store.country,
    currency: store.currency,
    context: { view: { url: `http://shop.test/${store.prefix}${path}` } },
    ...extra,
  };
}

export const STORES = {
  de: { language: "de", country: "DE", currency: "EUR", prefix: "de" },
  at: { language: "de", country: "AT", currency: "EUR", prefix: "at" },
  ch: { language: "de", country: "CH", currency: "CHF", prefix: "ch" },
  frch: { language: "fr", country: "CH", currency: "CHF", prefix: "fr-ch" },
  en: { language: "en", country: "GB", currency: "EUR", prefix: "en" },
} as const;
