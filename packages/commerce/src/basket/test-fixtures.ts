import type { CategoryRecord, ProductRecord } from "../catalog/records.ts";
import { writeCategoryRecords, writeProductRecords } from "../catalog/store.ts";
import type { Db } from "../db/database.ts";
import type { PromotionRecord } from "../promotions/records.ts";
import { writePromotions } from "../promotions/store.ts";

/**
 * A small, hand-made catalogue for the basket and wishlist service tests: every stock situation and every kind
 * of promotion once, with known prices (EUR list prices; CH prices in CHF).
 */

const DAY = 86_400_000;

function category(id: number, parentId: number | null, key: string, name: string): CategoryRecord {
  const t = { name, slug: key, description: "" };
  return {
    type: "category",
    id,
    parentId,
    key,
    position: id,
    role: "regular",
    isSale: false,
    trackingKey: key,
    shopBaseCategory: key,
    productType: "",
    translations: { de: t, fr: t, en: t },
  };
}

export const CATEGORY = { women: 1, tops: 2, socks: 3, jeans: 4, bags: 5, swimwear: 6 } as const;

interface VariantSpec {
  id: number;
  size: string;
  stock: number;
  withoutStock?: boolean;
  /** EUR list price in cents (CHF is 1.1 times). */
  price: number;
  salePrice?: number;
}

function product(
  id: number,
  categoryId: number,
  productType: ProductRecord["productType"],
  name: string,
  variants: VariantSpec[],
  brand = "Vitrine",
): ProductRecord {
  const t = { name, shortDescription: "", description: "", freeTextBadge: null };
  return {
    type: "product",
    id,
    masterKey: `M${id}`,
    referenceKey: `R${id}`,
    brand,
    productType,
    colorId: "black",
    pattern: "plain",
    material: [],
    fit: null,
    care: [],
    seasonMonth: 3,
    seasonYear: 2026,
    campaign: null,
    arrivalDate: "2026-01-10",
    promotionId: null,
    attributes: {},
    categoryIds: [categoryId],
    translations: { de: t, fr: t, en: t },
    images: [{ assetName: "front", path: `demo/${id}/front.svg` }],
    variants: variants.map((v) => ({
      id: v.id,
      size: v.size,
      ean: null,
      stock: { quantity: v.stock, isSellableWithoutStock: v.withoutStock ?? false },
      deliveryDays: v.withoutStock ? { min: 14, max: 21 } : { min: 2, max: 4 },
      prices: {
        DE: {
          currency: "EUR",
          listPrice: v.price,
          salePrice: v.salePrice ?? null,
          reductionCategory: v.salePrice ? "sale" : null,
        },
        AT: { currency: "EUR", listPrice: v.price, salePrice: v.salePrice ?? null, reductionCategory: null },
        CH: { currency: "CHF", listPrice: Math.round(v.price * 1.1), salePrice: null, reductionCategory: null },
      },
    })),
  };
}

/** Variant ids by meaning, for readable tests. */
export const V = {
  /** T-shirt (tops, gift promotion): plenty of stock, 19.95. */
  teeS: 10011,
  teeM: 10012,
  /** Socks (3 for 2): 5.95 and 7.95. */
  socksCheap: 10021,
  socksDear: 10022,
  /** Jeans (20 % off), 3 in stock, on sale 79.95 → 59.95. */
  jeans: 10031,
  /** The gift bag, 25 in stock. */
  giftBag: 10041,
  /** A dress: sold without stock (0 in stock, delivered in 14–21 days). */
  backorderDress: 10051,
  /** Sold out. */
  soldOut: 10061,
  /** Swimwear: only the expired promotion would apply. */
  swim: 10071,
  /** Large stock, for the concurrency test: 60 variants from here. */
  bulkFirst: 20001,
} as const;

export const PRODUCT = {
  tee: 1001,
  socks: 1002,
  jeans: 1003,
  bag: 1004,
  dress: 1005,
  soldOut: 1006,
  swim: 1007,
  bulk: 1008,
} as const;

export function fixtureProducts(): ProductRecord[] {
  return [
    product(PRODUCT.tee, CATEGORY.tops, "tshirt", "Basic Tee", [
      { id: V.teeS, size: "s", stock: 100, price: 1995 },
      { id: V.teeM, size: "m", stock: 100, price: 1995 },
    ]),
    product(PRODUCT.socks, CATEGORY.socks, "socks", "Socks", [
      { id: V.socksCheap, size: "35-38", stock: 50, price: 595 },
      { id: V.socksDear, size: "39-42", stock: 50, price: 795 },
    ]),
    product(PRODUCT.jeans, CATEGORY.jeans, "jeans", "Slim Jeans", [
      { id: V.jeans, size: "28", stock: 3, price: 7995, salePrice: 5995 },
    ]),
    product(PRODUCT.bag, CATEGORY.bags, "bag", "Tote Bag", [
      { id: V.giftBag, size: "onesize", stock: 25, price: 2995 },
    ]),
    product(PRODUCT.dress, CATEGORY.women, "dress", "Midi Dress", [
      { id: V.backorderDress, size: "m", stock: 0, withoutStock: true, price: 8995 },
    ]),
    product(PRODUCT.soldOut, CATEGORY.women, "dress", "Sold Out Dress", [
      { id: V.soldOut, size: "m", stock: 0, price: 4995 },
    ]),
    product(PRODUCT.swim, CATEGORY.swimwear, "swimwear", "Swimsuit", [
      { id: V.swim, size: "m", stock: 10, price: 3995 },
    ]),
    product(
      PRODUCT.bulk,
      CATEGORY.women,
      "top",
      "Bulk Top",
      Array.from({ length: 60 }, (_, i) => ({ id: V.bulkFirst + i, size: String(100 + i), stock: 1000, price: 1000 })),
    ),
  ];
}

export function fixturePromotions(now: Date): PromotionRecord[] {
  const from = new Date(now.getTime() - 10 * DAY).toISOString();
  const to = new Date(now.getTime() + 10 * DAY).toISOString();
  const names = (text: string) => ({ de: text, fr: text, en: text });
  return [
    {
      id: "denim-20",
      priority: 10,
      effect: { type: "automatic_discount", kind: "percentage", percentage: 20 },
      conditions: { categoryIds: [CATEGORY.jeans] },
      colorHex: "#2f6db5",
      names: names("20% off jeans"),
      storeCodes: ["de", "at", "en"],
      validFrom: from,
      validTo: to,
    },
    {
      id: "women-5",
      priority: 60,
      effect: { type: "automatic_discount", kind: "percentage", percentage: 5 },
      conditions: { categoryIds: [CATEGORY.women] },
      colorHex: "#222222",
      names: names("5% off womenswear"),
      storeCodes: ["de", "at", "ch", "fr-ch", "en"],
      validFrom: from,
      validTo: to,
    },
    {
      id: "socks-3-for-2",
      priority: 30,
      effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [] },
      conditions: { categoryIds: [CATEGORY.socks] },
      colorHex: "#3c7a46",
      names: names("3 for 2 on socks"),
      storeCodes: ["de", "at", "ch", "fr-ch", "en"],
      validFrom: from,
      validTo: to,
    },
    {
      id: "tee-gift-bag",
      priority: 40,
      effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [V.giftBag] },
      conditions: { categoryIds: [CATEGORY.tops] },
      colorHex: "#c9962b",
      names: names("Buy two T-shirts, get a bag free"),
      storeCodes: ["de", "at", "en"],
      validFrom: from,
      validTo: to,
    },
    {
      id: "welcome-10",
      priority: 50,
      effect: { type: "automatic_discount", kind: "absolute", amount: { EUR: 1000, CHF: 1000 } },
      conditions: { minimumOrderValue: { EUR: 10000, CHF: 12000 } },
      colorHex: "#c62f2f",
      names: names("{amount} off orders over {minimum}"),
      storeCodes: ["de", "at", "ch", "fr-ch", "en"],
      validFrom: from,
      validTo: to,
    },
    {
      id: "summer-archive",
      priority: 5,
      effect: { type: "automatic_discount", kind: "percentage", percentage: 30 },
      conditions: { categoryIds: [CATEGORY.swimwear] },
      colorHex: "#e5772e",
      names: names("Summer offer (ended)"),
      storeCodes: ["de", "at", "ch", "fr-ch", "en"],
      validFrom: new Date(now.getTime() - 200 * DAY).toISOString(),
      validTo: new Date(now.getTime() - 100 * DAY).toISOString(),
    },
  ];
}

export async function seedBasketFixtures(db: Db, now: Date): Promise<void> {
  await writeCategoryRecords(
    { db },
    [
      category(CATEGORY.women, null, "women", "Women"),
      category(CATEGORY.tops, CATEGORY.women, "women-tops", "Tops"),
      category(CATEGORY.socks, CATEGORY.women, "women-socks", "Socks"),
      category(CATEGORY.jeans, CATEGORY.women, "women-jeans", "Jeans"),
      category(CATEGORY.bags, CATEGORY.women, "women-bags", "Bags"),
      category(CATEGORY.swimwear, CATEGORY.women, "women-swimwear", "Swimwear"),
    ],
    now,
  );
  await writeProductRecords({ db }, fixtureProducts(), now);
  await writePromotions({ db }, fixturePromotions(now), now);
}
