import { createHash } from "node:crypto";
import type { AppliedReduction, Basket, BasketItem } from "../basket/types.ts";
import { type DeliveryDate, deliveryDateFromDays, deliveryDateRange } from "../catalog/pricing.ts";
import { PAYMENT_PROVIDERS, type PaymentMethodId } from "../payments/methods.ts";
import { type DeliveryMethodId, deliveryMethodsFor, type ShippingRate } from "../shop/delivery.ts";
import type { ShippingCountry } from "../shop/shipping-countries.ts";
import { type Currency, type Shop, VAT_RATES } from "../shop/shops.ts";

/**
 * The checkout's totals, computed on the server from the priced basket at every step: items after promotions,
 * delivery (free from the country's threshold), the cash-on-delivery fee, VAT of the delivery country (gross prices
 * stay, net and tax are split again at that country's rate), the gift card applied first and what is left to pay.
 * Pure: the same inputs give the same quote, and its fingerprint names exactly what a payment was authorized for.
 */

export interface QuoteLine {
  key: string;
  productId: number;
  variantId: number;
  name: string;
  brand: string;
  colorLabel: string;
  sizeLabel: string;
  productPath: string;
  imageUrl: string | null;
  quantity: number;
  unitPrice: number;
  unitDiscounted: number;
  /** After every reduction, with tax. */
  total: number;
  /** VAT of the delivery country in `total`. */
  tax: number;
  reductions: AppliedReduction[];
  promotionId: string | null;
  isGift: boolean;
  /** More than the stock: sold without stock, delivered later. */
  backorder: boolean;
}

export type QuoteReduction = AppliedReduction & { name: string | null };

export interface DeliveryOption {
  id: DeliveryMethodId;
  /** What this basket pays for it (0 when the free-shipping threshold is reached). */
  price: number;
  regularPrice: number;
  freeFrom: number | null;
  /** How much more the items must cost for free delivery (null when never free or already free). */
  missingForFree: number | null;
  dateRange: DeliveryDate;
}

export interface QuoteGiftCard {
  code: string;
  balance: number;
  /** What the card pays of this order. */
  amount: number;
}

export interface CheckoutQuote {
  currency: Currency;
  shippingCountry: ShippingCountry;
  /** VAT rate of the delivery country (0.19). */
  vatRate: number;
  lines: QuoteLine[];
  itemsListTotal: number;
  /** Reductions by category and promotion (negative cents), with the promotion's name in the store's language. */
  reductions: QuoteReduction[];
  itemsTotal: number;
  deliveryOptions: DeliveryOption[];
  delivery: DeliveryOption;
  paymentMethod: PaymentMethodId | null;
  paymentFee: number;
  total: number;
  giftCard: QuoteGiftCard | null;
  /** What the payment method pays: total minus the gift card. */
  amountDue: number;
  tax: number;
  net: number;
  /** Expected delivery of the whole order. */
  deliveryDateRange: DeliveryDate;
  /** Hash of everything a payment's amount depends on. */
  fingerprint: string;
}

export interface QuoteInput {
  basket: Basket;
  shop: Shop;
  shippingCountry: ShippingCountry;
  deliveryMethod?: DeliveryMethodId | null;
  paymentMethod?: PaymentMethodId | null;
  giftCard?: { code: string; balance: number } | null;
  today: Date;
  /** The store's delivery prices (shop settings); the default prices without. */
  shippingRates?: Partial<Record<ShippingCountry, ShippingRate>> | undefined;
}

/** VAT contained in a gross amount at `rate`, rounded to the cent. */
export function taxIn(gross: number, rate: number): number {
  return gross - Math.round(gross / (1 + rate));
}

function lineOf(item: BasketItem, rate: number): QuoteLine {
  return {
    key: item.key,
    productId: item.product.id,
    variantId: item.variant.id,
    name: item.product.name,
    brand: item.product.brand,
    colorLabel: item.product.colorLabel,
    sizeLabel: item.variant.sizeLabel,
    productPath: item.product.path,
    imageUrl: item.product.image?.url ?? null,
    quantity: item.quantity,
    unitPrice: item.price.unitWithTax,
    unitDiscounted: item.price.unitDiscounted,
    total: item.price.total,
    tax: taxIn(item.price.total, rate),
    reductions: item.price.appliedReductions,
    promotionId: item.promotionId,
    isGift: item.isGift,
    backorder: item.variant.stock.quantity < item.quantity,
  };
}

const laterDay = (a: string, b: string) => (a > b ? a : b);

/**
 * Delivery dates of a method: items in stock arrive in the method's days; items sold without stock keep their
 * own, longer range (never earlier than the method's).
 */
export function deliveryRangeFor(
  basket: Basket,
  days: { min: number; max: number },
  today: Date,
  country: ShippingCountry,
): DeliveryDate {
  const methodRange = deliveryDateFromDays(days, today, country);
  const ranges = basket.packages.map((pkg) =>
    pkg.kind === "inStock"
      ? methodRange
      : {
          min: laterDay(pkg.deliveryDateRange.min, methodRange.min),
          max: laterDay(pkg.deliveryDateRange.max, methodRange.max),
        },
  );
  return deliveryDateRange(ranges.map((deliveryDate) => ({ deliveryDate }))) ?? methodRange;
}

export function deliveryOptionsFor(
  basket: Basket,
  country: ShippingCountry,
  currency: Currency,
  today: Date,
  rates?: Partial<Record<ShippingCountry, ShippingRate>>,
): DeliveryOption[] {
  const itemsTotal = basket.cost.withTax;
  return deliveryMethodsFor(country, currency, rates).map((method) => {
    const free = method.freeFrom !== null && itemsTotal >= method.freeFrom;
    return {
      id: method.id,
      price: free ? 0 : method.price,
      regularPrice: method.price,
      freeFrom: method.freeFrom,
      missingForFree: method.freeFrom !== null && !free ? method.freeFrom - itemsTotal : null,
      dateRange: deliveryRangeFor(basket, method.days, today, country),
    };
  });
}

export function quoteCheckout(input: QuoteInput): CheckoutQuote {
  const { basket, shop, shippingCountry } = input;
  const rate = VAT_RATES[shippingCountry];
  const lines = basket.items.map((item) => lineOf(item, rate));
  const deliveryOptions = deliveryOptionsFor(basket, shippingCountry, shop.currency, input.today, input.shippingRates);
  const delivery = deliveryOptions.find((o) => o.id === input.deliveryMethod) ?? (deliveryOptions[0] as DeliveryOption);
  const provider = input.paymentMethod ? PAYMENT_PROVIDERS[input.paymentMethod] : null;
  const itemsTotal = basket.cost.withTax;
  const beforeFee = itemsTotal + delivery.price;
  const giftCardAmount = input.giftCard ? Math.min(input.giftCard.balance, beforeFee) : 0;
  // A fee is charged only when the method pays something (a gift card paying everything needs no method).
  const paymentFee = provider && beforeFee - giftCardAmount > 0 ? provider.fee({ shop, shippingCountry }) : 0;
  const total = beforeFee + paymentFee;
  const amountDue = total - giftCardAmount;
  const tax = lines.reduce((sum, l) => sum + l.tax, 0) + taxIn(delivery.price, rate) + taxIn(paymentFee, rate);
  const giftCard = input.giftCard
    ? { code: input.giftCard.code, balance: input.giftCard.balance, amount: giftCardAmount }
    : null;
  const fingerprint = createHash("sha256")
    .update(
      JSON.stringify([
        shop.code,
        shop.currency,
        shippingCountry,
        lines.map((l) => [l.key, l.variantId, l.quantity, l.total]),
        delivery.id,
        delivery.price,
        input.paymentMethod ?? null,
        paymentFee,
        giftCard?.code ?? null,
        giftCardAmount,
        total,
      ]),
    )
    .digest("base64url");
  return {
    currency: shop.currency,
    shippingCountry,
    vatRate: rate,
    lines,
    itemsListTotal: basket.cost.itemsWithTax,
    reductions: basket.cost.appliedReductions.map((r) => ({
      ...r,
      name: basket.applicablePromotions.find((p) => p.id === r.promotionId)?.name ?? null,
    })),
    itemsTotal,
    deliveryOptions,
    delivery,
    paymentMethod: input.paymentMethod ?? null,
    paymentFee,
    total,
    giftCard,
    amountDue,
    tax,
    net: total - tax,
    deliveryDateRange: delivery.dateRange,
    fingerprint,
  };
}
