import { buildProductView, CategoryTree, type ProductRecord, shopByCode } from "@vitrine/commerce";
import { describe, expect, it } from "vitest";
import { offerAvailability, productStructuredData } from "./structured-data.ts";

const zone = (listPrice: number, salePrice: number | null = null) => ({
  currency: "EUR" as const,
  listPrice,
  salePrice,
  reductionCategory: salePrice === null ? null : "sale",
});

const record: ProductRecord = {
  type: "product",
  id: 1234,
  masterKey: "M-1",
  referenceKey: "VT-1234",
  brand: "Nordlicht",
  productType: "tshirt",
  colorId: "navy",
  pattern: "plain",
  material: ["cotton"],
  fit: "regular",
  care: ["wash_30"],
  seasonMonth: 3,
  seasonYear: 2026,
  campaign: null,
  arrivalDate: "2026-01-01",
  promotionId: null,
  attributes: {},
  categoryIds: [100],
  translations: {
    de: { name: "T-Shirt aus Baumwolle", shortDescription: "", description: "Weich.", freeTextBadge: null },
    fr: { name: "T-shirt en coton", shortDescription: "", description: "Doux.", freeTextBadge: null },
    en: { name: "Cotton T-shirt", shortDescription: "", description: "Soft.", freeTextBadge: null },
  },
  images: [{ assetName: "front", path: "demo/tshirt/navy/plain/front.svg" }],
  variants: [
    {
      id: 12341,
      size: "m",
      ean: null,
      stock: { quantity: 0, isSellableWithoutStock: true },
      deliveryDays: { min: 14, max: 21 },
      prices: { DE: zone(2995, 1995) },
    },
    {
      id: 12340,
      size: "s",
      ean: null,
      stock: { quantity: 5, isSellableWithoutStock: false },
      deliveryDays: { min: 2, max: 4 },
      prices: { DE: zone(2995, 1995) },
    },
    {
      id: 12342,
      size: "l",
      ean: null,
      stock: { quantity: 0, isSellableWithoutStock: false },
      deliveryDays: { min: 2, max: 4 },
      prices: { DE: zone(2995, 1995) },
    },
  ],
};

describe("Product structured data", () => {
  const shop = shopByCode("en");
  if (!shop) throw new Error("en store missing");
  const view = buildProductView(record, {
    shop,
    tree: new CategoryTree([]),
    today: new Date("2026-03-01T00:00:00Z"),
    imageUrl: (p) => `/images/${p}`,
  });
  if (!view) throw new Error("view missing");
  const [product, breadcrumbs] = productStructuredData(view, shop, {
    url: "https://shop.example/en/p/cotton-t-shirt-1234/",
    absolute: (u) => `https://shop.example${u}`,
    breadcrumbs: [{ name: "Women", url: "https://shop.example/en/c/women/" }],
  });

  it("names the product, its brand, pictures and canonical address", () => {
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Cotton T-shirt",
      sku: "VT-1234",
      brand: { "@type": "Brand", name: "Nordlicht" },
      image: ["https://shop.example/images/demo/tshirt/navy/plain/front.svg"],
      url: "https://shop.example/en/p/cotton-t-shirt-1234/",
    });
  });

  it("offers every size in size order with the price paid, the currency and the availability", () => {
    expect(product?.offers).toEqual([
      expect.objectContaining({
        sku: "12340",
        price: "19.95",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
      }),
      expect.objectContaining({ sku: "12341", price: "19.95", availability: "https://schema.org/BackOrder" }),
      expect.objectContaining({ sku: "12342", availability: "https://schema.org/OutOfStock" }),
    ]);
  });

  it("adds the breadcrumb trail", () => {
    expect(breadcrumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [{ "@type": "ListItem", position: 1, name: "Women", item: "https://shop.example/en/c/women/" }],
    });
  });

  it("maps stock to schema.org availability", () => {
    expect(offerAvailability({ quantity: 3, isSellableWithoutStock: false })).toBe("https://schema.org/InStock");
    expect(offerAvailability({ quantity: 0, isSellableWithoutStock: true })).toBe("https://schema.org/BackOrder");
    expect(offerAvailability({ quantity: 0, isSellableWithoutStock: false })).toBe("https://schema.org/OutOfStock");
  });
});
