import type { AspectRatio, BlockOf, PageType } from "@vitrine/commerce";
import type { ProductTileData } from "../components/ProductTile.tsx";
import type { ResponsiveImage } from "./images.ts";
import type { RichNode } from "./rich-text.ts";

/**
 * Blocks as the page components receive them: validated, rich text sanitized into a node tree, images with
 * their responsive sources, products and categories looked up in the store. Plain data, so it travels in the
 * loader data to the browser. Every block has an `id` unique in its page (keys, aria references).
 */

export interface BlockLinkData {
  href: string;
  label: string;
}

export interface ResolvedText {
  type: "text";
  id: string;
  nodes: RichNode[];
}

export interface ResolvedAccordion {
  type: "accordion";
  id: string;
  title?: string;
  items: { title: string; nodes: RichNode[] }[];
}

export interface ResolvedBanner {
  type: "banner";
  id: string;
  eyebrow?: string;
  title: string;
  text?: string;
  image: ResponsiveImage;
  link?: BlockLinkData;
  textColor: "dark" | "light";
  /** The first banner of a page: loaded eagerly with high priority (it is the largest paint). */
  eager: boolean;
}

export type ResolvedCallToAction = BlockOf<"call_to_action"> & { id: string };

export interface ResolvedImage {
  type: "image";
  id: string;
  image: ResponsiveImage;
  caption?: string;
  href?: string;
  aspectRatio: AspectRatio;
}

export interface ResolvedImageSlider {
  type: "image_slider";
  id: string;
  title?: string;
  aspectRatio: AspectRatio;
  slides: { image: ResponsiveImage; caption?: string; href?: string }[];
}

export interface ResolvedProduct {
  type: "product";
  id: string;
  title?: string;
  text?: string;
  product: ProductTileData;
}

export interface ResolvedProductSlider {
  type: "product_slider";
  id: string;
  title: string;
  products: ProductTileData[];
  link?: BlockLinkData;
}

export interface ResolvedVideo {
  type: "video";
  id: string;
  title?: string;
  caption?: string;
  sources: { src: string; mimeType: string }[];
  poster?: ResponsiveImage;
  captions?: { src: string; language: string; label: string };
  aspectRatio: AspectRatio;
}

export type ResolvedSizeChart = BlockOf<"size_chart"> & { id: string };

/** One delivery method to a country: prices in cents of the store's currency, working days. */
export interface ShippingRate {
  id: "standard" | "express";
  price: number;
  freeFrom: number | null;
  days: { min: number; max: number };
}

/** The store's delivery countries (its shipping-countries setting) with their rates. */
export interface ResolvedShippingRates {
  type: "shipping_rates";
  id: string;
  title?: string;
  countries: { code: string; methods: ShippingRate[] }[];
}

export interface ResolvedStory {
  type: "story";
  id: string;
  eyebrow?: string;
  title: string;
  paragraphs: string[];
  image: ResponsiveImage;
  imagePosition: "left" | "right";
  link?: BlockLinkData;
}

export type ResolvedFooterColumns = BlockOf<"footer_columns"> & { id: string };

export interface ResolvedCategoryTeaser {
  type: "category_teaser";
  id: string;
  title?: string;
  items: { name: string; href: string; image?: ResponsiveImage }[];
}

export type ResolvedGridItem =
  | ResolvedText
  | ResolvedImage
  | ResolvedCallToAction
  | ResolvedProduct
  | ResolvedVideo
  | ResolvedAccordion;

export interface ResolvedGrid {
  type: "grid";
  id: string;
  title?: string;
  columns: 2 | 3 | 4;
  items: ResolvedGridItem[];
}

export type ResolvedBlock =
  | ResolvedText
  | ResolvedAccordion
  | ResolvedBanner
  | ResolvedCallToAction
  | ResolvedImage
  | ResolvedImageSlider
  | ResolvedProduct
  | ResolvedProductSlider
  | ResolvedGrid
  | ResolvedVideo
  | ResolvedSizeChart
  | ResolvedShippingRates
  | ResolvedStory
  | ResolvedFooterColumns
  | ResolvedCategoryTeaser;

/** What a content page (home, service or content page) renders. */
export interface ContentPageData {
  title: string;
  /** Title for the browser tab and search engines. */
  seoTitle: string;
  description: string;
  pageType: PageType;
  slug: string;
  blocks: ResolvedBlock[];
  /** Drafts are shown (preview-editor mode with a valid token). */
  preview: boolean;
}
