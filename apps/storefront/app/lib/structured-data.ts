import type { ProductView } from "@vitrine/commerce";
import { discountedPrice } from "@vitrine/commerce/pricing";
import type { Shop } from "@vitrine/commerce/shops";

/**
 * schema.org data for search engines (JSON-LD): the product with one offer per size (price the shopper pays,
 * currency, availability), and the breadcrumb trail.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const AVAILABILITY = {
  inStock: "https://schema.org/InStock",
  backOrder: "https://schema.org/BackOrder",
  outOfStock: "https://schema.org/OutOfStock",
} as const;

export function offerAvailability(stock: { quantity: number; isSellableWithoutStock: boolean }): string {
  if (stock.quantity > 0) return AVAILABILITY.inStock;
  return stock.isSellableWithoutStock ? AVAILABILITY.backOrder : AVAILABILITY.outOfStock;
}

/** Prices in structured data are decimal amounts of the currency, not cents. */
function decimalPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface StructuredDataOptions {
  url: string;
  absolute: (url: string) => string;
  breadcrumbs: { name: string; url: string }[];
}

export function productStructuredData(
  product: ProductView,
  shop: Pick<Shop, "currency">,
  options: StructuredDataOptions,
): { [key: string]: Json }[] {
  const data: { [key: string]: Json } = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    productID: String(product.id),
    sku: product.referenceKey,
    brand: { "@type": "Brand", name: product.brand },
    description: product.advancedAttributes.description || product.advancedAttributes.shortDescription,
    image: product.images.map((i) => options.absolute(i.url)),
    url: options.url,
    color: product.attributes.colorDetail?.values[0]?.label ?? product.colorId,
    offers: product.variants.map((v) => ({
      "@type": "Offer",
      sku: String(v.id),
      name: `${product.name} – ${v.sizeLabel}`,
      price: decimalPrice(discountedPrice(v.price)),
      priceCurrency: shop.currency,
      availability: offerAvailability(v.stock),
      itemCondition: "https://schema.org/NewCondition",
      url: options.url,
    })),
  };
  const material = product.attributes.material?.values.map((v) => v.label).join(", ");
  if (material) data.material = material;
  const out = [data];
  if (options.breadcrumbs.length > 0) {
    out.push({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: options.breadcrumbs.map((b, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: b.name,
        item: b.url,
      })),
    });
  }
  return out;
}
