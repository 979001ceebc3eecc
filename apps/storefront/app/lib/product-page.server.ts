import type { ShopCtx } from "@vitrine/commerce";
import {
  activePromotions,
  colourHex,
  currentVocabulary,
  deliveryDateRange,
  deliveryMethodsFor,
  getCategoryTree,
  getProductType,
  getProductViews,
  loadOutfitRecords,
  type OutfitRecord,
  type ProductView,
  pictureAltTexts,
  productSegment,
  publicUrl,
  shippingRatesOf,
  shopSettings,
} from "@vitrine/commerce";
import { redirect } from "react-router";
import { createTranslator } from "../i18n/i18n.tsx";
import { messagesFor } from "../i18n/messages.server.ts";
import { renderProductDetails } from "./product-details.server.tsx";
import {
  type ColourOption,
  deliveryDisplay,
  type ProductCardData,
  priceDisplay,
  readableOn,
  SIZE_CHART_ID,
  type SizeOption,
  sizeAvailability,
} from "./product-page.ts";
import { loadRecommendationSlot, trackingView } from "./search.server.ts";
import type { StoreRequest } from "./shop.server.ts";
import { sizeChartKind, sizeChartTable } from "./size-chart.ts";
import { localizedPath } from "./store.ts";
import { productStructuredData } from "./structured-data.ts";

/** The router's data requests for client navigations: `/{path}/_.data` (or `/{path}.data`) and `_routes`. */
const DATA_REQUEST_SUFFIX = /(?:\/_)?\.data$/;

/**
 * A catalogue page answers only at its canonical path: any other spelling of the name (or none) redirects there
 * permanently, keeping the shopper's query. Loaders see client navigations as data requests
 * (`…/{segment}/_.data?_routes=…`); the suffix and `_routes` are the router's, not part of the page's address.
 */
export function redirectToCanonical(request: Request, canonicalPath: string): void {
  const url = new URL(request.url);
  const bare = url.pathname.replace(DATA_REQUEST_SUFFIX, "");
  const path = bare.endsWith("/") ? bare : `${bare}/`;
  if (path === canonicalPath) return;
  url.searchParams.delete("_routes");
  throw redirect(`${canonicalPath}${url.search}`, 301);
}

/** The public origin for canonical links and social images: the configured one, else the request's. */
export function shopOrigin(store: StoreRequest, request: Request): string {
  return store.services.config.PUBLIC_URL ? publicUrl(store.services.config) : new URL(request.url).origin;
}

export function sizeOptions(product: ProductView, locale: string): SizeOption[] {
  return product.variants.map((v) => {
    const availability = sizeAvailability(v.stock);
    return {
      variantId: v.id,
      size: v.size,
      label: v.sizeLabel,
      availability,
      left: availability === "low_stock" ? v.stock.quantity : null,
      delivery: deliveryDisplay(v.deliveryDate, locale),
      price: priceDisplay(v.price),
    };
  });
}

function colourOptions(product: ProductView): ColourOption[] {
  return product.siblings.map((s) => ({
    productId: s.id,
    colorId: s.colorId,
    colorHex: colourHex(s.colorId),
    label: s.attributes.colorDetail.values[0]?.label ?? s.colorId,
    path: s.path,
    isActive: s.isActive,
  }));
}

export function frontImageUrl(product: Pick<ProductView, "images">): string | undefined {
  return (product.images.find((i) => i.assetName === "front") ?? product.images[0])?.url;
}

export function productCard(product: ProductView): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    path: product.path,
    imageUrl: frontImageUrl(product),
    price: product.price
      ? priceDisplay(product.price, product.priceRange)
      : { current: 0, original: null, reductionPercent: 0, from: false },
    isNew: product.isNew,
    isSoldOut: product.isSoldOut,
  };
}

/** The most specific category of a product (its leaf): the one with the longest path. */
export function leafCategoryId(product: Pick<ProductView, "categories">): number | undefined {
  let best: { id: number; depth: number } | undefined;
  for (const category of product.categories) {
    const depth = category.path.split("/").length;
    if (!best || depth > best.depth) best = { id: category.id, depth };
  }
  return best?.id;
}

export interface PromotionBadge {
  id: string;
  name: string;
  colorHex: string;
}

/** The promotion badge of a product: only for a promotion running in this store now. */
async function promotionBadge(ctx: ShopCtx, promotionId: string | null): Promise<PromotionBadge | null> {
  if (!promotionId) return null;
  const running = await activePromotions(ctx, ctx.shop.code, ctx.clock.now());
  const promotion = running.find((p) => p.id === promotionId);
  return promotion
    ? { id: promotion.id, name: promotion.names[ctx.shop.language], colorHex: promotion.colorHex }
    : null;
}

export interface Breadcrumb {
  name: string;
  path: string;
}

export interface ProductDetail {
  key: string;
  label: string;
  value: string;
}

/** Looks (outfits) that contain the product. */
export function looksWithProduct(outfits: readonly OutfitRecord[], productId: number): OutfitRecord[] {
  return outfits.filter((o) => o.productIds.includes(productId));
}

export interface LookLink {
  id: number;
  name: string;
  path: string;
}

/** `/p/shop-the-look/{outfitName}-{id}/`: the outfit's segment follows the product segment's rule. */
export function outfitPath(name: string, id: number): string {
  return `/p/shop-the-look/${productSegment(name, id)}/`;
}

/**
 * Everything the product page shows, or undefined for an unknown product or one not sold in this store; throws
 * the redirect to the canonical path when the address spells the name differently.
 */
export async function loadProductPage(store: StoreRequest, request: Request, id: number) {
  const ctx = store.ctx;
  const { shop } = store;
  const views = await getProductViews(ctx, [id]);
  const product = views.get(id);
  if (!product) return undefined;

  const origin = shopOrigin(store, request);
  const canonicalPath = localizedPath(shop, product.path);
  const canonicalUrl = `${origin}${canonicalPath}`;
  redirectToCanonical(request, canonicalPath);
  const [promotion, tree, similar, completeTheLook, outfits, altTexts, settings] = await Promise.all([
    promotionBadge(ctx, product.promotionId),
    getCategoryTree(ctx),
    loadRecommendationSlot(store, request, { slotId: "similar", viewPath: canonicalPath, productId: product.id }),
    loadRecommendationSlot(store, request, {
      slotId: "complete-the-look",
      viewPath: canonicalPath,
      productId: product.id,
    }),
    loadOutfitRecords(ctx),
    pictureAltTexts(ctx, product.id, shop.language),
    shopSettings(ctx),
  ]);

  const leaf = leafCategoryId(product);
  const breadcrumbs: Breadcrumb[] =
    leaf === undefined
      ? []
      : tree.ancestry(leaf).map((node) => ({
          name: node.record.translations[shop.language].name,
          path: tree.path(node.record.id, shop.language),
        }));
  const shopBaseCategory = product.categories.find((c) => c.id === leaf)?.shopLevelCustomData.shopBaseCategory;
  const t = createTranslator(messagesFor(shop.language), shop.locale);
  const chartKind = sizeChartKind({
    sizeSystem: getProductType(product.productType)?.sizeSystem ?? "onesize",
    shopBaseCategory,
  });

  const sizes = sizeOptions(product, shop.locale);
  const buyable = product.variants.filter((v) => v.isSellable);
  const range = deliveryDateRange(buyable);
  // The built-in details, then the merchant's own attributes in the vocabulary's order.
  const builtInDetails = ["material", "fit", "pattern", "colorDetail"];
  const merchantDetails = currentVocabulary()
    .attributes()
    .map((a) => a.key)
    .filter((key) => !builtInDetails.includes(key));
  const details: ProductDetail[] = [...builtInDetails, ...merchantDetails].flatMap((key) => {
    const attribute = product.attributes[key];
    return attribute && attribute.values.length > 0
      ? [{ key, label: attribute.label, value: attribute.values.map((v) => v.label).join(", ") }]
      : [];
  });

  const sizeChart = chartKind
    ? sizeChartTable(
        chartKind,
        product.variants.map((v) => v.size),
        t,
      )
    : null;
  const detailsHtml = renderProductDetails(
    {
      description: product.advancedAttributes.description,
      textLang: product.textLanguage === shop.language ? undefined : product.textLanguage,
      referenceKey: product.referenceKey,
      details,
      care: (product.attributes.care?.values ?? []).map((v) => ({ id: v.id, label: v.label })),
      sizeChart,
      sizeChartId: SIZE_CHART_ID,
      delivery: {
        methods: deliveryMethodsFor(shop.country, shop.currency, shippingRatesOf(settings, shop.code)).map((m) => ({
          id: m.id,
          price: m.price,
          freeFrom: m.freeFrom,
          days: m.days,
        })),
        returnDays: settings.returnDays,
      },
    },
    shop,
  );

  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
  const description = product.advancedAttributes.shortDescription || product.advancedAttributes.description;

  return {
    product: {
      id: product.id,
      referenceKey: product.referenceKey,
      name: product.name,
      /** The name's language when the product has none in the store's: the page marks it with `lang`. */
      nameLang: product.textLanguage === shop.language ? undefined : product.textLanguage,
      brand: product.brand,
      path: product.path,
      isSoldOut: product.isSoldOut,
      isNew: product.isNew,
      freeTextBadge: product.advancedAttributes.freeTextBadge,
      shortDescription: product.advancedAttributes.shortDescription,
      colourLabel: product.attributes.colorDetail?.values[0]?.label ?? product.colorId,
      images: product.images.map((i) => {
        const alt = altTexts.get(i.path);
        return alt ? { assetName: i.assetName, url: i.url, alt } : { assetName: i.assetName, url: i.url };
      }),
      price: product.price
        ? priceDisplay(product.price, product.priceRange)
        : { current: 0, original: null, reductionPercent: 0, from: false },
      sizes,
      colours: colourOptions(product),
      hasSizeChart: sizeChart !== null,
      /** Description, material and care, size chart, delivery and returns, as HTML (ProductDetails). */
      detailsHtml,
    },
    promotion: promotion ? { ...promotion, textColor: readableOn(promotion.colorHex) } : null,
    breadcrumbs,
    /** Over the sizes that can be bought (earliest min to latest max). */
    delivery: range ? deliveryDisplay(range, shop.locale) : null,
    similar,
    completeTheLook,
    looks: looksWithProduct(outfits, product.id).map((o) => ({
      id: o.id,
      name: o.names[shop.language],
      path: outfitPath(o.names[shop.language], o.id),
    })) satisfies LookLink[],
    seo: {
      canonicalPath,
      canonicalUrl,
      title: t("product.meta_title", { brand: product.brand, name: product.name }),
      description: truncate(description, META_DESCRIPTION_LENGTH),
      image: product.images[0] ? absolute(product.images[0].url) : null,
      structuredData: productStructuredData(product, shop, {
        url: canonicalUrl,
        absolute,
        breadcrumbs: breadcrumbs.map((b) => ({ name: b.name, url: `${origin}${localizedPath(shop, b.path)}` })),
      }),
    },
    tracking: trackingView(store),
    viewed: {
      productId: String(product.id),
      name: product.name,
      price: (product.price ? priceDisplay(product.price).current : 0) / 100,
    },
  };
}

/** Search engines show about this many characters of a description. */
const META_DESCRIPTION_LENGTH = 160;

function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
