import { describe, expect, it } from "vitest";
import { SHOPS, type StoreCode } from "../shop/shops.ts";
import { type PromotionRecord, promotionName } from "./records.ts";

const shop = (code: StoreCode) => SHOPS.find((s) => s.code === code) as (typeof SHOPS)[number];

const welcome: Pick<PromotionRecord, "names" | "effect" | "conditions"> = {
  effect: { type: "automatic_discount", kind: "absolute", amount: { EUR: 1000, CHF: 1000 } },
  conditions: { minimumOrderValue: { EUR: 10000, CHF: 12000 } },
  names: {
    de: "{amount} ab {minimum} Bestellwert",
    fr: "{amount} de remise dès {minimum} d'achat",
    en: "{amount} off orders over {minimum}",
  },
};

describe("promotion names", () => {
  it("write the promotion's values in each store's currency and locale", () => {
    const nbsp = "\u00a0";
    expect(promotionName(welcome, shop("de"))).toBe(`10${nbsp}€ ab 100${nbsp}€ Bestellwert`);
    expect(promotionName(welcome, shop("at"))).toBe(`€${nbsp}10 ab €${nbsp}100 Bestellwert`);
    expect(promotionName(welcome, shop("ch"))).toBe(`CHF${nbsp}10 ab CHF${nbsp}120 Bestellwert`);
    expect(promotionName(welcome, shop("fr-ch"))).toBe(`10${nbsp}CHF de remise dès 120${nbsp}CHF d'achat`);
    expect(promotionName(welcome, shop("en"))).toBe("€10 off orders over €100");
  });

  it("fill percentages and quantities, and keep names without placeholders as they are", () => {
    const jeans: Pick<PromotionRecord, "names" | "effect" | "conditions"> = {
      effect: { type: "automatic_discount", kind: "percentage", percentage: 20 },
      conditions: {},
      names: { de: "{percentage} auf Jeans", fr: "{percentage} sur les jeans", en: "{percentage} off jeans" },
    };
    expect(promotionName(jeans, shop("de"))).toBe("20\u00a0% auf Jeans");
    expect(promotionName(jeans, shop("en"))).toBe("20% off jeans");
    const socks: Pick<PromotionRecord, "names" | "effect" | "conditions"> = {
      effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [] },
      conditions: {},
      names: { de: "Kaufe {buy}, erhalte {get} gratis", fr: "Socken", en: "Summer sale" },
    };
    expect(promotionName(socks, shop("de"))).toBe("Kaufe 2, erhalte 1 gratis");
    expect(promotionName(socks, shop("en"))).toBe("Summer sale");
  });
});
