import { z } from "zod";
import { formatMoney, formatPercent } from "../shop/money.ts";
import { type Shop, STORE_CODES } from "../shop/shops.ts";

/**
 * Promotions as declared data (like Vendure's conditions and actions): which products qualify, what the effect
 * is, in which stores and when. Lower priority numbers win when several apply (specification section 4).
 */

/**
 * A promotion's name per language. Values of the promotion are written as placeholders so every store shows them
 * in its own currency and locale: `{amount}` (absolute discount), `{minimum}` (minimum order value),
 * `{percentage}`, `{buy}`, `{get}` — "{amount} ab {minimum} Bestellwert" is "10 € ab 100 € Bestellwert" in the de
 * store and "CHF 10 ab CHF 120 Bestellwert" in the ch store.
 */
const labels = z.strictObject({ de: z.string().min(1), fr: z.string().min(1), en: z.string().min(1) });
const moneyByCurrency = z.strictObject({ EUR: z.number().int().positive(), CHF: z.number().int().positive() });

export const promotionEffectSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("automatic_discount"),
    /** `percentage` takes `percentage` % off each qualifying item; `absolute` takes a fixed amount off the basket. */
    kind: z.enum(["percentage", "absolute"]),
    percentage: z.number().min(1).max(100).optional(),
    amount: moneyByCurrency.optional(),
  }),
  z.strictObject({
    type: z.literal("buy_x_get_y"),
    /** Buy this many qualifying items … */
    buyQuantity: z.number().int().min(1),
    /** … and get this many of the `variantIds` free (the cheapest qualifying ones when the list is empty). */
    getQuantity: z.number().int().min(1),
    variantIds: z.array(z.number().int().positive()),
  }),
]);

export const promotionConditionsSchema = z.strictObject({
  categoryIds: z.array(z.number().int().positive()).optional(),
  brands: z.array(z.string().min(1)).optional(),
  productIds: z.array(z.number().int().positive()).optional(),
  /** Basket value (with tax, in cents) needed before the promotion applies. */
  minimumOrderValue: moneyByCurrency.optional(),
});

export const promotionRecordSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9_-]{1,80}$/),
    priority: z.number().int().min(0),
    effect: promotionEffectSchema,
    conditions: promotionConditionsSchema.default({}),
    colorHex: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #c62f2f"),
    names: labels,
    storeCodes: z.array(z.enum(STORE_CODES as [string, ...string[]])).min(1),
    validFrom: z.iso.datetime(),
    validTo: z.iso.datetime(),
  })
  .refine((p) => p.validFrom < p.validTo, { message: "validFrom must be before validTo", path: ["validFrom"] })
  .refine(
    (p) =>
      p.effect.type !== "automatic_discount" ||
      (p.effect.kind === "percentage" ? p.effect.percentage !== undefined : p.effect.amount !== undefined),
    { message: "a percentage discount needs `percentage`, an absolute one `amount`", path: ["effect"] },
  );

export type PromotionRecord = z.output<typeof promotionRecordSchema>;
export type PromotionEffect = z.output<typeof promotionEffectSchema>;
export type PromotionConditions = z.output<typeof promotionConditionsSchema>;

/** The name of a promotion as a store shows it: its language, its values in the store's currency and locale. */
export function promotionName(
  promotion: Pick<PromotionRecord, "names" | "effect" | "conditions">,
  shop: Pick<Shop, "language" | "locale" | "currency">,
): string {
  const { effect, conditions } = promotion;
  const money = (byCurrency: { EUR: number; CHF: number } | undefined) =>
    byCurrency ? formatMoney(byCurrency[shop.currency], shop, { whole: true }) : undefined;
  const values: Record<string, string | undefined> = {
    amount: effect.type === "automatic_discount" ? money(effect.amount) : undefined,
    percentage:
      effect.type === "automatic_discount" && effect.percentage !== undefined
        ? formatPercent(effect.percentage / 100, shop.locale)
        : undefined,
    buy: effect.type === "buy_x_get_y" ? String(effect.buyQuantity) : undefined,
    get: effect.type === "buy_x_get_y" ? String(effect.getQuantity) : undefined,
    minimum: money(conditions.minimumOrderValue),
  };
  return promotion.names[shop.language].replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
