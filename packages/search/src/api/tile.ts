import type { ChildProduct, Product, ProductSize } from "./types.ts";

/** What a product tile shows, taken from a search response product (listing, search, recommendations). */
export type TileBadge =
  | { kind: "new" }
  | { kind: "sale"; percent: number }
  | { kind: "text"; text: string }
  | { kind: "soldOut" }
  | { kind: "promotion"; id: string; name: string; colorHex: string };

export interface TileSwatch {
  productId: number;
  colorId: string;
  colorName: string;
  colorHex: string;
  href: string;
  image: string | null;
  active: boolean;
}

export interface ProductTile {
  productId: number;
  name: string;
  brand: string;
  /** Store-prefixed product path. */
  href: string;
  image: string | null;
  hoverImage: string | null;
  /** What the shopper pays and the regular price, in cents. */
  price: { cents: number; listCents: number; currency: string; reduced: boolean };
  badges: TileBadge[];
  swatches: TileSwatch[];
  sizes: ProductSize[];
}

function swatchOf(child: ChildProduct, activeId: number): TileSwatch {
  const f = child.additionalFields;
  return {
    productId: f.productId,
    colorId: f.colorId,
    colorName: f.colorName,
    colorHex: f.colorHex,
    href: child.clickUri,
    image: f.image,
    active: f.productId === activeId,
  };
}

/** The tile model of a response product: badges in display order, one swatch per colour (the shown one first). */
export function toProductTile(product: Product | ChildProduct): ProductTile {
  const f = product.additionalFields;
  const badges: TileBadge[] = [];
  if (f.isSoldOut) badges.push({ kind: "soldOut" });
  if (f.reductionPercent > 0) badges.push({ kind: "sale", percent: f.reductionPercent });
  if (f.promotion) badges.push({ kind: "promotion", ...f.promotion });
  if (f.isNew) badges.push({ kind: "new" });
  if (f.freeTextBadge) badges.push({ kind: "text", text: f.freeTextBadge });
  const children = "children" in product ? product.children : [];
  const swatches = (children.length > 0 ? children : [product]).map((c) => swatchOf(c, f.productId));
  return {
    productId: f.productId,
    name: product.ec_name ?? "",
    brand: product.ec_brand ?? "",
    href: product.clickUri,
    image: f.image,
    hoverImage: f.hoverImage,
    price: {
      cents: f.priceCents,
      listCents: f.listPriceCents,
      currency: f.currency,
      reduced: f.priceCents < f.listPriceCents,
    },
    badges,
    swatches,
    sizes: f.sizes,
  };
}
