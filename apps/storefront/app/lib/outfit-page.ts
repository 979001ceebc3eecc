import type { ProductCardData, SizeOption } from "./product-page.ts";

/** What the outfit pages show, as plain data (client-safe); built by `outfit-page.server.ts`. */

export const OUTFIT_GENDERS = ["women", "men", "kids"] as const;
export type OutfitGender = (typeof OUTFIT_GENDERS)[number];

export function isOutfitGender(value: string | null): value is OutfitGender {
  return (OUTFIT_GENDERS as readonly (string | null)[]).includes(value);
}

/** A piece of a look with its sizes. */
export interface OutfitItem {
  product: ProductCardData;
  colourLabel: string;
  sizes: SizeOption[];
}

/** A look on the looks page. */
export interface OutfitTileData {
  id: number;
  name: string;
  gender: string;
  path: string;
  images: string[];
  pieces: number;
  /**
   * What the pieces cost together, written out on the server: the browser's number formats can differ from the
   * server's (fr-CH groups thousands with U+202F in Chromium, with ' in Node), which would break hydration.
   */
  total: { text: string; from: boolean };
}

/**
 * A look's price: the sum of what its pieces cost, each at its chosen size's price or else its own price
 * (sold-out pieces left out); "from" when a piece without a chosen size comes at different prices.
 */
export function outfitTotal(
  items: readonly { product: ProductCardData; sizes?: readonly SizeOption[] }[],
  chosen: ReadonlyMap<number, number | null> = new Map(),
): { current: number; from: boolean } {
  let current = 0;
  let from = false;
  for (const { product, sizes } of items) {
    if (product.isSoldOut) continue;
    const variantId = chosen.get(product.id);
    const size = variantId ? sizes?.find((s) => s.variantId === variantId) : undefined;
    if (size) {
      current += size.price.current;
    } else {
      current += product.price.current;
      from ||= product.price.from;
    }
  }
  return { current, from };
}
