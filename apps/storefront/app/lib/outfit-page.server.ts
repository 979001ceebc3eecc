import {
  formatMoney,
  getCategoryByPath,
  getOutfit,
  getProductViews,
  listOutfits,
  type OutfitSummary,
  type ProductView,
} from "@vitrine/commerce";
import { createTranslator } from "../i18n/i18n.tsx";
import { messagesFor } from "../i18n/messages.server.ts";
import { OUTFIT_GENDERS, type OutfitGender, type OutfitItem, type OutfitTileData, outfitTotal } from "./outfit-page.ts";
import {
  frontImageUrl,
  outfitPath,
  productCard,
  redirectToCanonical,
  shopOrigin,
  sizeOptions,
} from "./product-page.server.ts";
import type { StoreRequest } from "./shop.server.ts";
import { localizedPath } from "./store.ts";

/** The outfits category of the catalogue (`/c/outfits/`): its name and description head the looks page. */
const OUTFITS_CATEGORY_SLUG = "outfits";

function outfitItems(outfit: OutfitSummary, views: Map<number, ProductView>, locale: string): OutfitItem[] {
  return outfit.productIds.flatMap((id) => {
    const view = views.get(id);
    return view
      ? [
          {
            product: productCard(view),
            colourLabel: view.attributes.colorDetail?.values[0]?.label ?? view.colorId,
            sizes: sizeOptions(view, locale),
          },
        ]
      : [];
  });
}

/**
 * The outfit page: the look's pieces with their sizes, or undefined when the look is unknown or sells nothing
 * here; throws the redirect to the canonical path when the address spells the name differently.
 */
export async function loadOutfitPage(store: StoreRequest, request: Request, id: number) {
  const ctx = store.ctx;
  const { shop } = store;
  const outfit = await getOutfit(ctx, id, shop.language);
  if (!outfit) return undefined;
  const path = outfitPath(outfit.name, outfit.id);
  const canonicalPath = localizedPath(shop, path);
  redirectToCanonical(request, canonicalPath);
  const [views, outfits] = await Promise.all([
    getProductViews(ctx, outfit.productIds),
    getCategoryByPath(ctx, [OUTFITS_CATEGORY_SLUG], 0),
  ]);
  const items = outfitItems(outfit, views, shop.locale);
  if (items.length === 0) return undefined;
  const origin = shopOrigin(store, request);
  const t = createTranslator(messagesFor(shop.language), shop.locale);
  const image = items.find((i) => i.product.imageUrl)?.product.imageUrl;
  return {
    outfit: { id: outfit.id, name: outfit.name, description: outfit.description, path },
    outfitsCategory: outfits ? { name: outfits.category.name, path: outfits.category.path } : null,
    items,
    total: outfitTotal(items),
    seo: {
      canonicalPath,
      canonicalUrl: `${origin}${canonicalPath}`,
      title: t("outfit.meta_title", { name: outfit.name }),
      description: outfit.description,
      image: image ? (/^https?:\/\//.test(image) ? image : `${origin}${image}`) : null,
    },
  };
}

/** Pictures a tile of the looks page shows (a 2×2 grid). */
const TILE_IMAGES = 4;

/** The looks page (`/c/outfits/`): every look sold in the store, optionally for one gender. */
export async function loadOutfitsPage(store: StoreRequest, gender: OutfitGender | null) {
  const ctx = store.ctx;
  const { shop } = store;
  const [all, category] = await Promise.all([
    listOutfits(ctx, shop.language),
    getCategoryByPath(ctx, [OUTFITS_CATEGORY_SLUG], 0),
  ]);
  const shown = gender ? all.filter((o) => o.gender === gender) : all;
  const views = await getProductViews(
    ctx,
    shown.flatMap((o) => o.productIds),
  );
  const tiles: OutfitTileData[] = shown.flatMap((outfit) => {
    const products = outfit.productIds.flatMap((id) => {
      const view = views.get(id);
      return view ? [view] : [];
    });
    if (products.length === 0) return [];
    const total = outfitTotal(products.map((p) => ({ product: productCard(p) })));
    return [
      {
        id: outfit.id,
        name: outfit.name,
        gender: outfit.gender,
        path: outfitPath(outfit.name, outfit.id),
        images: products.flatMap((p) => frontImageUrl(p) ?? []).slice(0, TILE_IMAGES),
        pieces: products.length,
        total: { text: formatMoney(total.current, shop), from: total.from },
      },
    ];
  });
  const t = createTranslator(messagesFor(shop.language), shop.locale);
  return {
    title: category?.category.name ?? t("outfit.title"),
    description: category?.category.description ?? "",
    gender,
    genders: OUTFIT_GENDERS.filter((g) => all.some((o) => o.gender === g)),
    tiles,
  };
}
