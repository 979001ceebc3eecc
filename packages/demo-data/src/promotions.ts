import type { CategoryRecord, ProductRecord, PromotionRecord } from "@vitrine/commerce";
import { STORE_CODES } from "@vitrine/commerce";

const DAY = 86_400_000;

/** Demo promotions: automatic discounts (percentage and absolute) and buy-x-get-y, with priorities and colours. */
export function buildPromotions(
  categories: readonly CategoryRecord[],
  products: readonly ProductRecord[],
  today: Date,
): PromotionRecord[] {
  const idsOf = (...keys: string[]) => categories.filter((c) => keys.includes(c.key)).map((c) => c.id);
  const from = new Date(today.getTime() - 30 * DAY).toISOString();
  const to = new Date(today.getTime() + 90 * DAY).toISOString();
  const all = [...STORE_CODES];
  const giftBag = products.find((p) => p.productType === "bag" && p.variants.some((v) => v.stock.quantity > 20));
  const promotions: PromotionRecord[] = [
    {
      id: "denim-20",
      priority: 10,
      effect: { type: "automatic_discount", kind: "percentage", percentage: 20 },
      conditions: { categoryIds: idsOf("women-jeans", "men-jeans") },
      colorHex: "#2f6db5",
      names: { de: "{percentage} auf Jeans", fr: "{percentage} sur les jeans", en: "{percentage} off jeans" },
      storeCodes: ["de", "at", "en"],
      validFrom: from,
      validTo: to,
    },
    {
      id: "knit-10",
      priority: 20,
      effect: { type: "automatic_discount", kind: "percentage", percentage: 10 },
      conditions: { categoryIds: idsOf("women-knitwear", "men-knitwear", "girls-knitwear") },
      colorHex: "#6e1f2e",
      names: { de: "{percentage} auf Strick", fr: "{percentage} sur la maille", en: "{percentage} off knitwear" },
      storeCodes: all,
      validFrom: from,
      validTo: to,
    },
    {
      id: "socks-3-for-2",
      priority: 30,
      effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [] },
      conditions: { categoryIds: idsOf("women-socks", "men-socks") },
      colorHex: "#3c7a46",
      names: { de: "3 für 2 auf Socken", fr: "3 pour 2 sur les chaussettes", en: "3 for 2 on socks" },
      storeCodes: all,
      validFrom: from,
      validTo: to,
    },
    {
      id: "welcome-10",
      priority: 50,
      effect: { type: "automatic_discount", kind: "absolute", amount: { EUR: 1000, CHF: 1000 } },
      conditions: { minimumOrderValue: { EUR: 10000, CHF: 12000 } },
      colorHex: "#c62f2f",
      names: {
        de: "{amount} ab {minimum} Bestellwert",
        fr: "{amount} de remise dès {minimum} d’achat",
        en: "{amount} off orders over {minimum}",
      },
      storeCodes: all,
      validFrom: from,
      validTo: to,
    },
    {
      id: "summer-archive",
      priority: 5,
      effect: { type: "automatic_discount", kind: "percentage", percentage: 30 },
      conditions: { categoryIds: idsOf("women-swimwear", "men-swimwear") },
      colorHex: "#e5772e",
      names: { de: "Sommer-Aktion (beendet)", fr: "Offre d’été (terminée)", en: "Summer offer (ended)" },
      storeCodes: all,
      validFrom: new Date(today.getTime() - 200 * DAY).toISOString(),
      validTo: new Date(today.getTime() - 100 * DAY).toISOString(),
    },
  ];
  if (giftBag) {
    promotions.push({
      id: "tee-gift-bag",
      priority: 40,
      effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [giftBag.variants[0]?.id ?? 0] },
      conditions: { categoryIds: idsOf("women-tops", "men-tshirts") },
      colorHex: "#c9962b",
      names: {
        de: "Zwei Shirts kaufen, Tasche geschenkt",
        fr: "Deux t-shirts achetés, le sac offert",
        en: "Buy two T-shirts, get a bag free",
      },
      storeCodes: ["de", "at", "en"],
      validFrom: from,
      validTo: to,
    });
  }
  return promotions;
}

/** Marks each product with the best running promotion it qualifies for (shown as a badge). */
export function assignPromotions(products: ProductRecord[], promotions: readonly PromotionRecord[], today: Date): void {
  const at = today.toISOString();
  const running = promotions.filter((p) => p.validFrom <= at && at < p.validTo).sort((a, b) => a.priority - b.priority);
  for (const product of products) {
    const match = running.find((p) => p.conditions.categoryIds?.some((id) => product.categoryIds.includes(id)));
    product.promotionId = match?.id ?? null;
  }
}
