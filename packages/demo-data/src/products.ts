import {
  COLOURS,
  getProductType,
  isoDay,
  MATERIALS,
  ONE_SIZE,
  type ProductRecord,
  type VariantRecord,
} from "@vitrine/commerce";
import type { DemoLeaf } from "./categories.ts";
import type { Random } from "./random.ts";
import {
  BRANDS,
  CAMPAIGNS,
  CARE_BY_MATERIAL,
  capitalise,
  FEATURES_BY_GROUP,
  FITS_BY_TYPE,
  FREE_TEXT_BADGES,
  GROUP_OF_TYPE,
  MATERIAL_WORDS,
  MATERIALS_BY_TYPE,
  OCCASIONS,
  PRICE_RANGES,
  type Tri,
} from "./wording.ts";

export const FIRST_PRODUCT_ID = 1001;
/** Share of products that arrived in the last 30 days (new arrivals). */
const NEW_SHARE = 0.12;
const REDUCED_SHARE = 0.2;
const SOLD_OUT_SHARE = 0.04;
const SELLABLE_WITHOUT_STOCK_SHARE = 0.1;

const LETTERS = ["2xs", "xs", "s", "m", "l", "xl", "2xl", "3xl"];
const range = (from: number, to: number, step = 1) => {
  const out: string[] = [];
  for (let n = from; n <= to; n += step) out.push(String(n));
  return out;
};

function sizePool(type: string, leaf: DemoLeaf): string[] {
  const system = getProductType(type)?.sizeSystem ?? "clothing";
  if (type === "belt") return range(75, 110, 5);
  if (type === "hat" || type === "cap") return ["s", "m", "l", "xl"];
  if (type === "socks") return ["35-38", "39-42", "43-46"];
  if (system === "onesize") return [ONE_SIZE];
  if (leaf.gender === "kids") {
    if (system === "shoes") return range(24, 35);
    if (leaf.group === "kids-baby" || type === "bodysuit") return ["56", "62", "68", "74", "80", "86", "92"];
    return range(92, 164, 6).concat([]);
  }
  if (system === "shoes") return leaf.gender === "men" ? range(39, 47) : range(35, 42);
  return leaf.gender === "men" ? LETTERS.slice(2) : LETTERS.slice(0, 7);
}

const COLOURS_BY_TYPE: Record<string, string[]> = {
  jeans: ["denim", "lightblue", "navy", "black", "grey", "offwhite"],
  sunglasses: ["black", "brown", "gold", "silver", "camel"],
  belt: ["black", "brown", "camel", "bordeaux"],
  boot: ["black", "brown", "camel", "bordeaux", "olive"],
  ankleboot: ["black", "brown", "camel", "beige", "bordeaux"],
};

const PATTERN_TYPES = new Set(["tshirt", "top", "shirt", "blouse", "dress", "skirt", "scarf", "swimwear", "bodysuit"]);

/** Rounds a price in cents to a shop price ending in .95 (EUR) or .90 (CHF). */
function shopPrice(cents: number, ending: 95 | 90): number {
  const euros = Math.max(1, Math.floor(cents / 100));
  return euros * 100 + ending;
}

function ean13(variantId: number): string {
  const body = `40${String(variantId).padStart(10, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + ((10 - (sum % 10)) % 10);
}

export interface GeneratedProducts {
  products: ProductRecord[];
  /** Ids of products per leaf key, for outfits and promotions. */
  byLeaf: Map<string, number[]>;
}

/** Generates `count` products into the leaves, deterministic for the random stream and reference day. */
export function generateProducts(
  random: Random,
  leaves: readonly DemoLeaf[],
  count: number,
  today: Date,
): GeneratedProducts {
  const products: ProductRecord[] = [];
  const byLeaf = new Map<string, number[]>();
  let nextId = FIRST_PRODUCT_ID;
  let master = 0;
  const todayMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());

  while (products.length < count) {
    master++;
    const leaf = leaves[(master * 7 + random.int(0, leaves.length - 1)) % leaves.length] as DemoLeaf;
    const type = random.pick(leaf.productTypes);
    const productType = getProductType(type);
    if (!productType) throw new Error(`unknown product type ${type}`);
    const brand = random.pick(BRANDS);
    const materials = random.pick(MATERIALS_BY_TYPE[type] ?? [["cotton"]]);
    const mainMaterial = materials[0] as string;
    const fitChoices = FITS_BY_TYPE[type];
    const fit = fitChoices && leaf.gender !== "kids" ? random.pick(fitChoices) : null;
    const pattern =
      PATTERN_TYPES.has(type) && random.chance(0.3) ? random.pick(["striped", "checked", "dotted", "floral"]) : "plain";
    const features = FEATURES_BY_GROUP[GROUP_OF_TYPE[type] ?? "top"] ?? [];
    const feature: Tri | undefined = features.length > 0 && random.chance(0.6) ? random.pick(features) : undefined;
    const [low, high] = PRICE_RANGES[type] ?? [1995, 9995];
    const kidsFactor = leaf.gender === "kids" ? 0.55 : 1;
    const basePrice = shopPrice(random.int(low, high) * brand.tier * kidsFactor, 95);
    const newArrival = random.chance(NEW_SHARE);
    const arrival = new Date(todayMs - (newArrival ? random.int(0, 29) : random.int(31, 720)) * 86_400_000);
    const colourCount = Math.min(count - products.length, random.pick([1, 1, 2, 2, 2, 3, 3, 4]));
    const palette = COLOURS_BY_TYPE[type] ?? COLOURS.map((c) => c.id).filter((c) => c !== "gold" && c !== "silver");
    const colours = random.sample(palette, colourCount);
    const pool = sizePool(type, leaf);
    const windowLength = pool.length <= 3 ? pool.length : random.int(3, Math.min(8, pool.length));
    const windowStart = random.int(0, pool.length - windowLength);
    const sizes = pool.slice(windowStart, windowStart + windowLength);
    const campaign = random.chance(0.15) ? `${random.pick(CAMPAIGNS)}-${arrival.getUTCFullYear()}` : null;
    const badge =
      mainMaterial.startsWith("organic") || mainMaterial.startsWith("recycled")
        ? FREE_TEXT_BADGES[0]
        : random.chance(0.06)
          ? random.pick(FREE_TEXT_BADGES.slice(1))
          : undefined;
    const occasion = random.pick(OCCASIONS);

    const material: Tri = MATERIAL_WORDS[mainMaterial] ?? ["Baumwolle", "coton", "cotton"];
    const [typeDe, typeFr, typeEn] = [productType.names.de, productType.names.fr, productType.names.en];
    const enNoun = typeEn.startsWith("T-") ? typeEn : typeEn.toLowerCase();
    const names: Tri = [
      `${typeDe} aus ${material[0]}${feature ? ` ${feature[0]}` : ""}`,
      `${typeFr} en ${material[1]}${feature ? ` ${feature[1]}` : ""}`,
      `${capitalise(material[2])} ${enNoun}${feature ? ` ${feature[2]}` : ""}`,
    ];
    const materialList = (i: 0 | 1 | 2) =>
      materials
        .map((m) => (i === 0 ? (MATERIALS[m]?.de ?? m) : (MATERIAL_WORDS[m]?.[i] ?? m)))
        .join(i === 0 ? " und " : i === 1 ? " et " : " and ");
    // French puts a no-break space before the colon.
    const fitLabel = (i: 0 | 1 | 2) =>
      fit ? ` ${["Passform: ", "Coupe\u00a0: ", "Fit: "][i]}${fitWord(fit, i)}.` : "";
    const care = [...new Set(materials.flatMap((m) => CARE_BY_MATERIAL[m] ?? []))].slice(0, 5);

    for (const colorId of colours) {
      const id = nextId++;
      const reduced = random.chance(REDUCED_SHARE);
      const reductionShare = random.pick([0.2, 0.3, 0.4, 0.5]);
      const soldOut = random.chance(SOLD_OUT_SHARE);
      const variants: VariantRecord[] = sizes.map((size, i) => {
        const variantId = id * 10 + i;
        const roll = random.next();
        let quantity = roll < 0.55 ? random.int(5, 40) : roll < 0.8 ? random.int(1, 4) : 0;
        let withoutStock = quantity === 0 && random.chance(SELLABLE_WITHOUT_STOCK_SHARE / 0.2);
        if (soldOut) {
          quantity = 0;
          withoutStock = false;
        }
        const listDe = basePrice;
        const listCh = shopPrice(basePrice * 1.12, 90);
        const sale = (list: number, ending: 95 | 90) =>
          reduced ? Math.min(list - 100, shopPrice(list * (1 - reductionShare), ending)) : null;
        return {
          id: variantId,
          size,
          ean: ean13(variantId),
          stock: { quantity, isSellableWithoutStock: withoutStock },
          deliveryDays: withoutStock ? { min: 14, max: 21 } : { min: 2, max: 4 },
          prices: {
            DE: {
              currency: "EUR",
              listPrice: listDe,
              salePrice: sale(listDe, 95),
              reductionCategory: reduced ? "sale" : null,
            },
            AT: {
              currency: "EUR",
              listPrice: listDe,
              salePrice: sale(listDe, 95),
              reductionCategory: reduced ? "sale" : null,
            },
            CH: {
              currency: "CHF",
              listPrice: listCh,
              salePrice: sale(listCh, 90),
              reductionCategory: reduced ? "sale" : null,
            },
          },
        };
      });
      const colour = COLOURS.find((c) => c.id === colorId);
      const shortDescription = (i: 0 | 1 | 2) =>
        [
          i === 0 ? (MATERIALS[mainMaterial]?.de ?? "") : capitalise(material[i]),
          fit ? (i === 1 ? `coupe ${fitWord(fit, i)}` : fitWord(fit, i)) : "",
          colour?.names[(["de", "fr", "en"] as const)[i]] ?? "",
        ]
          .filter(Boolean)
          .join(" · ");
      products.push({
        type: "product",
        id,
        masterKey: `M-${master}`,
        referenceKey: `VT-${id}`,
        brand: brand.name,
        productType: type as ProductRecord["productType"],
        colorId,
        pattern,
        material: materials,
        fit,
        care,
        seasonMonth: arrival.getUTCMonth() + 1,
        seasonYear: arrival.getUTCFullYear(),
        campaign,
        arrivalDate: isoDay(arrival),
        promotionId: null,
        attributes: {},
        categoryIds: [leaf.id],
        translations: {
          de: {
            name: names[0],
            shortDescription: shortDescription(0),
            description: `${names[0]} von ${brand.name}, gefertigt aus ${materialList(0)}.${fitLabel(0)} ${occasion[0]}`,
            freeTextBadge: badge ? badge[0] : null,
          },
          fr: {
            name: names[1],
            shortDescription: shortDescription(1),
            // The adjectives agree with "un modèle", whatever the gender of the product name (robe, pull, jean …).
            description: `${names[1]}\u00a0: un modèle signé ${brand.name}, confectionné en ${materialList(1)}.${fitLabel(1)} ${occasion[1]}`,
            freeTextBadge: badge ? badge[1] : null,
          },
          en: {
            name: names[2],
            shortDescription: shortDescription(2),
            description: `${names[2]} by ${brand.name}, made from ${materialList(2)}.${fitLabel(2)} ${occasion[2]}`,
            freeTextBadge: badge ? badge[2] : null,
          },
        },
        images: (["front", "fa", "d1"] as const).map((assetName) => ({
          assetName,
          path: `demo/${type}/${colorId}/${pattern}/${assetName}.svg`,
        })),
        variants,
      });
      const list = byLeaf.get(leaf.key) ?? [];
      list.push(id);
      byLeaf.set(leaf.key, list);
    }
  }
  return { products, byLeaf };
}

const FIT_WORDS: Record<string, Tri> = {
  slim: ["Slim Fit", "ajustée", "slim"],
  regular: ["Regular Fit", "droite", "regular"],
  relaxed: ["Relaxed Fit", "décontractée", "relaxed"],
  oversized: ["Oversized", "oversize", "oversized"],
  skinny: ["Skinny Fit", "skinny", "skinny"],
  wide: ["weites Bein", "jambe large", "wide leg"],
};

function fitWord(fit: string, i: 0 | 1 | 2): string {
  return FIT_WORDS[fit]?.[i] ?? fit;
}
