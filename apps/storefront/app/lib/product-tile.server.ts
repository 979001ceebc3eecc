import type { ProductView } from "@vitrine/commerce";
import { discountedPrice, reductionPercent } from "@vitrine/commerce/pricing";
import type { ProductBadge, ProductTileData, ProductTileImage } from "../components/ProductTile.tsx";
import { isResizable } from "../content/images.ts";

/** What a product tile shows, from the store's product view (the rest of the view stays on the server). */
export function productTileData(view: ProductView, imageBase: string): ProductTileData {
  const image = (assetName: string, alt: string): ProductTileImage | undefined => {
    const found = view.images.find((i) => i.assetName === assetName);
    if (!found) return undefined;
    return { url: found.url, resizable: isResizable(found.url, imageBase), alt };
  };
  const badges: ProductBadge[] = [];
  if (view.isSoldOut) badges.push({ kind: "sold_out" });
  const percent = view.price ? reductionPercent(view.price) : 0;
  if (percent > 0) badges.push({ kind: "sale", percent });
  if (view.isNew) badges.push({ kind: "new" });
  if (view.advancedAttributes.freeTextBadge)
    badges.push({ kind: "text", label: view.advancedAttributes.freeTextBadge });
  const reduced = view.price !== undefined && view.price.appliedReductions.length > 0;
  return {
    id: view.id,
    href: view.path,
    brand: view.brand,
    name: view.name,
    ...(view.textLanguage !== view.language ? { nameLang: view.textLanguage } : {}),
    price: view.price ? discountedPrice(view.price) : 0,
    ...(reduced && view.price ? { oldPrice: view.price.withTax } : {}),
    fromPrice: view.priceRange !== undefined && view.priceRange.min !== view.priceRange.max,
    badges,
    image: image("front", `${view.brand} ${view.name}`),
    hoverImage: image("fa", ""),
    colourCount: Math.max(1, view.siblings.length),
  };
}
