import {
  type BlockOf,
  type ContentBlock,
  deliveryMethodsFor,
  type FieldIssue,
  type GridItemBlock,
  getCategoryTree,
  getProductViews,
  isHttpsUrl,
  type ShopCtx,
  shippingCountriesOf,
  shippingRatesOf,
  shopSettings,
  validateBlock,
} from "@vitrine/commerce";
import { productTileData } from "../lib/product-tile.server.ts";
import { ASPECT_RATIO_SIZES, IMAGE_WIDTHS, imageCandidate, isResizable, type ResponsiveImage } from "./images.ts";
import { productIdsForSource } from "./product-sources.server.ts";
import type {
  ResolvedBlock,
  ResolvedCategoryTeaser,
  ResolvedGridItem,
  ResolvedImage,
  ResolvedProduct,
  ResolvedVideo,
} from "./resolved.ts";
import { sanitizeRichText } from "./rich-text.server.ts";

/** The shipping-rates block's table: the store's countries at the store's prices (shop settings). */
async function shippingRatesBlock(ctx: ShopCtx) {
  const [countries, settings] = await Promise.all([shippingCountriesOf(ctx, ctx.shop), shopSettings(ctx)]);
  const rates = shippingRatesOf(settings, ctx.shop.code);
  return countries.map((code) => ({
    code,
    methods: deliveryMethodsFor(code, ctx.shop.currency, rates).map((m) => ({ ...m })),
  }));
}

export interface ResolveOptions {
  /** Called for a stored block that no longer fits its schema (it is left out of the page). */
  onInvalid?(index: number, issues: FieldIssue[]): void;
}

type BlockImage = { src: string; alt: string };

const FULL_SIZES = "(min-width: 1440px) 1440px, 100vw";

/**
 * Turns stored blocks into what the page components render: validates each block (an invalid one is left
 * out, never breaking the page), sanitizes rich text, builds responsive image sources, and looks products and
 * categories up in the store, with one catalogue read for all products of the page. Blocks whose products or
 * categories are all gone are left out.
 */
export async function resolveBlocks(
  stored: readonly unknown[],
  ctx: ShopCtx,
  options: ResolveOptions = {},
): Promise<ResolvedBlock[]> {
  const blocks: { index: number; block: ContentBlock }[] = [];
  stored.forEach((value, index) => {
    const result = validateBlock(value);
    if (result.ok) blocks.push({ index, block: result.block });
    else options.onInvalid?.(index, result.issues);
  });

  // Products: every source of the page at once, then one catalogue read.
  const sliderIds = new Map<number, Promise<number[]>>();
  const singleIds: number[] = [];
  for (const { index, block } of blocks) {
    if (block.type === "product_slider") sliderIds.set(index, productIdsForSource(ctx, block.source, block.limit));
    if (block.type === "product") singleIds.push(block.productId);
    if (block.type === "grid")
      for (const item of block.items) if (item.type === "product") singleIds.push(item.productId);
  }
  const lists = await Promise.all(sliderIds.values());
  const sliderLists = new Map([...sliderIds.keys()].map((index, i) => [index, lists[i] ?? []]));
  const allIds = [...singleIds, ...[...sliderLists.values()].flat()];
  const needsTree = blocks.some(({ block }) => block.type === "category_teaser");
  const [views, tree] = await Promise.all([
    allIds.length > 0 ? getProductViews(ctx, allIds) : Promise.resolve(new Map()),
    needsTree ? getCategoryTree(ctx) : Promise.resolve(undefined),
  ]);
  const tile = (id: number) => {
    const view = views.get(id);
    return view ? productTileData(view, ctx.config.IMAGE_BASE_URL) : undefined;
  };

  const assetUrl = (src: string) => (isHttpsUrl(src) ? src : ctx.imageUrl(src));
  const image = (
    source: BlockImage,
    aspect: readonly [number, number],
    widths: readonly number[],
    sizes: string,
  ): ResponsiveImage => {
    const url = assetUrl(source.src);
    return {
      ...imageCandidate(url, aspect, widths, isResizable(url, ctx.config.IMAGE_BASE_URL)),
      alt: source.alt,
      sizes,
    };
  };

  const gridItem = (item: GridItemBlock, id: string, columns: number): ResolvedGridItem | undefined => {
    const sizes = `(min-width: 1024px) ${Math.round(100 / columns)}vw, (min-width: 768px) 50vw, 100vw`;
    switch (item.type) {
      case "text":
        return { type: "text", id, nodes: sanitizeRichText(item.html) };
      case "accordion":
        return accordion(item, id);
      case "call_to_action":
        return { ...item, id };
      case "image":
        return imageBlock(item, id, IMAGE_WIDTHS.half, sizes);
      case "product":
        return productBlock(item, id);
      case "video":
        return video(item, id);
    }
  };

  const accordion = (block: BlockOf<"accordion">, id: string): ResolvedBlock & { type: "accordion" } => ({
    type: "accordion",
    id,
    ...(block.title ? { title: block.title } : {}),
    items: block.items.map((item) => ({ title: item.title, nodes: sanitizeRichText(item.html) })),
  });

  const imageBlock = (
    block: BlockOf<"image">,
    id: string,
    widths: readonly number[],
    sizes: string,
  ): ResolvedImage => ({
    type: "image",
    id,
    image: image(block.image, ASPECT_RATIO_SIZES[block.aspectRatio], widths, sizes),
    ...(block.caption ? { caption: block.caption } : {}),
    ...(block.href ? { href: block.href } : {}),
    aspectRatio: block.aspectRatio,
  });

  const productBlock = (block: BlockOf<"product">, id: string): ResolvedProduct | undefined => {
    const product = tile(block.productId);
    if (!product) return undefined;
    return {
      type: "product",
      id,
      product,
      ...(block.title ? { title: block.title } : {}),
      ...(block.text ? { text: block.text } : {}),
    };
  };

  const video = (block: BlockOf<"video">, id: string): ResolvedVideo => ({
    type: "video",
    id,
    ...(block.title ? { title: block.title } : {}),
    ...(block.caption ? { caption: block.caption } : {}),
    sources: block.sources.map((s) => ({ src: assetUrl(s.src), mimeType: s.mimeType })),
    ...(block.poster
      ? { poster: image(block.poster, ASPECT_RATIO_SIZES[block.aspectRatio], IMAGE_WIDTHS.full, FULL_SIZES) }
      : {}),
    ...(block.captions
      ? {
          captions: {
            src: assetUrl(block.captions.src),
            language: block.captions.language,
            label: block.captions.label,
          },
        }
      : {}),
    aspectRatio: block.aspectRatio,
  });

  let firstBanner = true;
  const out: ResolvedBlock[] = [];
  for (const { index, block } of blocks) {
    const id = `b${index}`;
    switch (block.type) {
      case "text":
        out.push({ type: "text", id, nodes: sanitizeRichText(block.html) });
        break;
      case "accordion":
        out.push(accordion(block, id));
        break;
      case "banner": {
        const mobile = image(block.image, [4, 3], [480, 768, 1080], "100vw");
        const wideUrl = assetUrl(block.image.src);
        const wide = imageCandidate(
          wideUrl,
          [16, 7],
          [1024, 1440, 1920, 2560],
          isResizable(wideUrl, ctx.config.IMAGE_BASE_URL),
        );
        out.push({
          type: "banner",
          id,
          ...(block.eyebrow ? { eyebrow: block.eyebrow } : {}),
          title: block.title,
          ...(block.text ? { text: block.text } : {}),
          image: { ...mobile, wide: { ...wide, media: "(min-width: 768px)" } },
          ...(block.link ? { link: block.link } : {}),
          textColor: block.textColor,
          eager: firstBanner,
        });
        firstBanner = false;
        break;
      }
      case "shipping_rates":
        out.push({
          type: "shipping_rates",
          id,
          ...(block.title ? { title: block.title } : {}),
          countries: await shippingRatesBlock(ctx),
        });
        break;
      case "call_to_action":
      case "size_chart":
      case "footer_columns":
        out.push({ ...block, id });
        break;
      case "image":
        out.push(imageBlock(block, id, IMAGE_WIDTHS.full, FULL_SIZES));
        break;
      case "image_slider":
        out.push({
          type: "image_slider",
          id,
          ...(block.title ? { title: block.title } : {}),
          aspectRatio: block.aspectRatio,
          slides: block.slides.map((slide) => ({
            image: image(slide.image, ASPECT_RATIO_SIZES[block.aspectRatio], IMAGE_WIDTHS.full, FULL_SIZES),
            ...(slide.caption ? { caption: slide.caption } : {}),
            ...(slide.href ? { href: slide.href } : {}),
          })),
        });
        break;
      case "product": {
        const resolved = productBlock(block, id);
        if (resolved) out.push(resolved);
        break;
      }
      case "product_slider": {
        const products = (sliderLists.get(index) ?? []).flatMap((pid) => tile(pid) ?? []);
        if (products.length === 0) break;
        out.push({
          type: "product_slider",
          id,
          title: block.title,
          products,
          ...(block.link ? { link: block.link } : {}),
        });
        break;
      }
      case "grid": {
        const items = block.items.flatMap((item, i) => gridItem(item, `${id}-${i}`, block.columns) ?? []);
        if (items.length === 0) break;
        out.push({ type: "grid", id, ...(block.title ? { title: block.title } : {}), columns: block.columns, items });
        break;
      }
      case "video":
        out.push(video(block, id));
        break;
      case "story":
        out.push({
          type: "story",
          id,
          ...(block.eyebrow ? { eyebrow: block.eyebrow } : {}),
          title: block.title,
          paragraphs: block.text
            .split(/\n\s*\n/)
            .map((p) => p.trim())
            .filter(Boolean),
          image: image(block.image, [4, 3], IMAGE_WIDTHS.half, "(min-width: 1024px) 50vw, 100vw"),
          imagePosition: block.imagePosition,
          ...(block.link ? { link: block.link } : {}),
        });
        break;
      case "category_teaser": {
        const items: ResolvedCategoryTeaser["items"] = [];
        for (const item of block.items) {
          const node = tree?.byKey(item.categoryKey);
          const view = node ? tree?.view(node.record.id, ctx.shop.language, 0) : undefined;
          if (!view) continue;
          items.push({
            name: item.label ?? view.name,
            href: view.path,
            ...(item.image
              ? { image: image(item.image, [3, 4], IMAGE_WIDTHS.tile, "(min-width: 1024px) 25vw, 50vw") }
              : {}),
          });
        }
        if (items.length === 0) break;
        out.push({ type: "category_teaser", id, ...(block.title ? { title: block.title } : {}), items });
        break;
      }
    }
  }
  return out;
}
