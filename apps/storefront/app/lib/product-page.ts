import {
  type DeliveryDate,
  discountedPrice,
  isSellable,
  type Price,
  type PriceRange,
  reductionPercent,
  type Stock,
} from "@vitrine/commerce/pricing";
import { formatShortDay } from "./dates.ts";

/**
 * What the product page, the outfit page and product cards show, as plain data (client-safe: no database code).
 * The server helpers in `product-page.server.ts` build it from the catalogue's `ProductView`.
 */

/** Stock at or below this (and above 0) shows "only N left" next to the size. */
export const LOW_STOCK_THRESHOLD = 3;

/**
 * How a size can be bought: from stock, from the last few pieces, later (sellable without stock, with its longer
 * delivery) or not at all.
 */
/** The id of the size chart's section on the product page, which the size selector links to. */
export const SIZE_CHART_ID = "size-chart";

export type SizeAvailability = "in_stock" | "low_stock" | "later" | "sold_out";

export function sizeAvailability(stock: Stock): SizeAvailability {
  if (!isSellable(stock)) return "sold_out";
  if (stock.quantity <= 0) return "later";
  return stock.quantity <= LOW_STOCK_THRESHOLD ? "low_stock" : "in_stock";
}

/** A price as the shopper reads it (section 4: the discounted price is the first reduction plus the price). */
export interface PriceDisplay {
  /** What the shopper pays, in cents. */
  current: number;
  /** The regular price, struck through, when a reduction applies. */
  original: number | null;
  /** The reduction in whole percent (0 when none). */
  reductionPercent: number;
  /** The variants cost different amounts: the price reads "from …". */
  from: boolean;
}

export function priceDisplay(price: Price, range?: PriceRange): PriceDisplay {
  const current = discountedPrice(price);
  const reduced = price.appliedReductions.length > 0 && current < price.withTax;
  return {
    current,
    original: reduced ? price.withTax : null,
    reductionPercent: reduced ? reductionPercent(price) : 0,
    from: range !== undefined && range.min !== range.max,
  };
}

/** A delivery date range with its days already written out in the store's locale. */
export interface DeliveryDisplay {
  min: string;
  max: string;
  /** yyyy-mm-dd, for machines (`<time dateTime>`). */
  minDate: string;
  maxDate: string;
}

export function deliveryDisplay(range: DeliveryDate, locale: string): DeliveryDisplay {
  return {
    min: formatShortDay(range.min, locale),
    max: formatShortDay(range.max, locale),
    minDate: range.min,
    maxDate: range.max,
  };
}

/** One size of the size selector, in the specification's size order. */
export interface SizeOption {
  variantId: number;
  size: string;
  label: string;
  availability: SizeAvailability;
  /** Pieces left, only for low stock. */
  left: number | null;
  delivery: DeliveryDisplay;
  price: PriceDisplay;
}

/** A colour sibling as a swatch. */
export interface ColourOption {
  productId: number;
  colorId: string;
  colorHex: string;
  label: string;
  path: string;
  isActive: boolean;
}

/** A product in a slider, an outfit or a listing of looks. */
export interface ProductCardData {
  id: number;
  name: string;
  brand: string;
  path: string;
  imageUrl: string | undefined;
  price: PriceDisplay;
  isNew: boolean;
  isSoldOut: boolean;
}

/**
 * The size to preselect: the size the shopper chose in another colour (`keptSize`, the size key) when this
 * colour has it to buy; else the only one that can be bought, so one-size products need no choice.
 */
export function preselectedVariant(sizes: readonly SizeOption[], keptSize?: string | null): number | null {
  const buyable = sizes.filter((s) => s.availability !== "sold_out");
  const kept = keptSize ? buyable.find((s) => s.size === keptSize) : undefined;
  if (kept) return kept.variantId;
  return sizes.length === 1 && buyable.length === 1 ? (buyable[0] as SizeOption).variantId : null;
}

/** What a colour swatch hands to the other colour's page (React Router location state): the chosen size. */
export interface ColourSwitchState {
  keepSize: string;
}

export function keptSizeOf(state: unknown): string | null {
  const size = (state as Partial<ColourSwitchState> | null)?.keepSize;
  return typeof size === "string" ? size : null;
}

/**
 * Black or white text, whichever reads better on a promotion's colour (WCAG relative luminance: the contrast
 * with white and with black is equal at about 0.18).
 */
export function readableOn(hex: string): "#000000" | "#ffffff" {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return "#ffffff";
  const [r, g, b] = [match[1], match[2], match[3]].map((h) => {
    const c = Number.parseInt(h as string, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? "#000000" : "#ffffff";
}
