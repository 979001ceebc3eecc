import { currentVocabulary } from "@vitrine/commerce";
import { discountedPrice, type Reduction } from "@vitrine/commerce/pricing";
import type { Shop } from "@vitrine/commerce/shops";
import {
  type BaseRequest,
  type ChildProduct,
  type Product,
  publicApiKey,
  type RecommendationsRequest,
  toProductTile,
  VISITOR_COOKIE,
} from "@vitrine/search";
import type { ProductBadge, ProductTileData, ProductTileImage } from "../components/ProductTile.tsx";
import type { RecommendationSlotData } from "../components/RecommendationSlider.tsx";
import { isResizable } from "../content/images.ts";
import type { TrackingView } from "./listing.ts";
import type { StoreRequest } from "./shop.server.ts";
import { localizedPath, readCookie } from "./store.ts";

/**
 * The storefront's side of the search service (packages/search, in process): the request context every call
 * carries, response products as product tiles, recommendation slots, and the tracking settings of the page.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The visitor id the browser's event client keeps (`app/lib/tracking.ts`), when it sent a well-formed one. */
export function visitorClientId(request: { headers: { get(name: string): string | null } }): string | undefined {
  const visitor = readCookie(request.headers.get("cookie"), VISITOR_COOKIE);
  return visitor && UUID.test(visitor) ? visitor : undefined;
}

/** Language, country, currency, tracking id and the page (`context.view.url`) of a search call. */
export function searchBase(shop: Shop, request: Request, viewPath: string): BaseRequest {
  const visitor = visitorClientId(request);
  return {
    trackingId: shop.trackingId,
    ...(visitor ? { clientId: visitor } : {}),
    language: shop.language,
    country: shop.country,
    currency: shop.currency,
    context: {
      view: { url: viewPath },
      ...(request.headers.get("user-agent")
        ? { user: { userAgent: request.headers.get("user-agent") as string } }
        : {}),
    },
  };
}

/**
 * A response product as the shop's product tile: the price by the discounted-price rule (the first reduction's
 * absolute amount plus the regular price) with the regular price struck through, badges for sold out, the
 * reduction, new and the free-text badge, a second picture for hover, and one swatch per colour.
 */
export function searchProductTile(product: Product | ChildProduct, shop: Shop, imageBase: string): ProductTileData {
  const tile = toProductTile(product);
  const picture = (url: string | null, alt: string): ProductTileImage | undefined =>
    url ? { url, resizable: isResizable(url, imageBase), alt } : undefined;
  const reductions: Reduction[] = tile.price.reduced
    ? [
        {
          category: "sale",
          amount: {
            absoluteWithTax: tile.price.cents - tile.price.listCents,
            relative: 1 - tile.price.cents / tile.price.listCents,
          },
        },
      ]
    : [];
  const badges: ProductBadge[] = [];
  for (const badge of tile.badges) {
    if (badge.kind === "soldOut") badges.push({ kind: "sold_out" });
    else if (badge.kind === "sale") badges.push({ kind: "sale", percent: badge.percent });
    else if (badge.kind === "new") badges.push({ kind: "new" });
    else if (badge.kind === "text") badges.push({ kind: "text", label: badge.text });
  }
  const swatches = tile.swatches.map((s) => ({
    href: storelessPath(s.href, shop),
    label: s.colorName,
    color: s.colorHex,
    active: s.active,
  }));
  return {
    id: tile.productId,
    href: storelessPath(tile.href, shop),
    brand: tile.brand,
    name: tile.name,
    ...("additionalFields" in product && product.additionalFields.nameLanguage !== shop.language
      ? { nameLang: product.additionalFields.nameLanguage }
      : {}),
    price: discountedPrice({ withTax: tile.price.listCents, appliedReductions: reductions }),
    ...(tile.price.reduced ? { oldPrice: tile.price.listCents } : {}),
    fromPrice: false,
    badges,
    image: picture(tile.image, `${tile.brand} ${tile.name}`),
    hoverImage: picture(tile.hoverImage, ""),
    colourCount: Math.max(1, swatches.length),
    ...(swatches.length > 1 ? { swatches } : {}),
  };
}

/** `/de/p/…/` → `/p/…/`: links in the shop are written without the store prefix (the Link component adds it). */
function storelessPath(path: string, shop: Shop): string {
  const prefix = `/${shop.pathPrefix}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length - 1) : path;
}

/** Where a redirect trigger leads: an outside address as it is, a shop path in the shopper's store. */
export function triggerTarget(content: string, shop: Shop): string {
  if (/^https?:\/\//i.test(content)) return content;
  const path = content.startsWith("/") ? content : `/${content}`;
  if (path === `/${shop.pathPrefix}` || path.startsWith(`/${shop.pathPrefix}/`)) return path;
  return `/${shop.pathPrefix}${path}`;
}

/** Colour facet values are colour names in the store's language: their swatch colour. */
export function colourOfName(name: string): string | undefined {
  return currentVocabulary().colourByName(name)?.hex ?? undefined;
}

/** What the page's product-click events are sent with (the store's public search key; it never expires). */
export function trackingView(store: StoreRequest): TrackingView {
  return {
    trackingId: store.shop.trackingId,
    accessToken: publicApiKey(store.services.secret, store.shop.code),
    currency: store.shop.currency,
  };
}

/**
 * A recommendation slot of the search service as tiles, for the sliders of the home page, the basket, the
 * product page and the empty search page. Slots: `trending`, `new-arrivals`, `similar` and `complete-the-look`
 * (need `productId`), `bought-together` (a product or the cart). An empty or failing slot gives no products.
 */
export async function loadRecommendationSlot(
  store: StoreRequest,
  request: Request,
  options: { slotId: string; viewPath: string; productId?: number; cartProductIds?: number[]; perPage?: number },
): Promise<RecommendationSlotData> {
  const base = searchBase(store.shop, request, options.viewPath);
  const body: RecommendationsRequest = {
    ...base,
    context: {
      ...base.context,
      ...(options.productId !== undefined ? { product: { productId: String(options.productId) } } : {}),
      ...(options.cartProductIds?.length
        ? { cart: options.cartProductIds.map((id) => ({ productId: String(id), quantity: 1 })) }
        : {}),
    },
    slotId: options.slotId,
    page: 0,
    ...(options.perPage ? { perPage: options.perPage } : {}),
  };
  try {
    const response = await store.services.search.recommendations(body);
    const imageBase = store.services.config.IMAGE_BASE_URL;
    return {
      slotId: options.slotId,
      headline: response.headline,
      products: response.products.map((p) => searchProductTile(p, store.shop, imageBase)),
      responseId: response.responseId,
    };
  } catch (error) {
    store.ctx.log.warn({ err: error, slotId: options.slotId }, "recommendations failed");
    return { slotId: options.slotId, headline: "", products: [], responseId: "" };
  }
}

/** Products offered on the 404 page of a missing product or category: what shoppers look at now. */
export function notFoundProducts(store: StoreRequest, request: Request): Promise<RecommendationSlotData | undefined> {
  const viewPath = localizedPath(store.shop, "/");
  return loadRecommendationSlot(store, request, { slotId: "trending", viewPath, perPage: 8 }).catch(() => undefined);
}
