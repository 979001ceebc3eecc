import type { BlockType, ContentBlockInput } from "./blocks.ts";

/**
 * A starting point for each block type, as the content editor adds it: valid as it is, so a new block can be
 * previewed at once and then changed. Pictures are demo drawings every shop has (`banner/…`).
 */
export const BLOCK_TEMPLATES: Record<BlockType, ContentBlockInput> = {
  accordion: {
    type: "accordion",
    title: "Questions",
    items: [{ title: "Question", html: "<p>Answer</p>" }],
  },
  banner: {
    type: "banner",
    eyebrow: "New",
    title: "Banner title",
    text: "A short line about the offer.",
    image: { src: "banner/coat/camel.svg", alt: "" },
    link: { href: "/c/new/", label: "Shop now" },
    textColor: "dark",
  },
  call_to_action: {
    type: "call_to_action",
    title: "Call to action",
    text: "Why the shopper should click.",
    link: { href: "/c/new/", label: "Discover" },
    style: "light",
  },
  image: { type: "image", image: { src: "banner/coat/camel.svg", alt: "" }, aspectRatio: "16:9" },
  image_slider: {
    type: "image_slider",
    aspectRatio: "16:9",
    slides: [
      { image: { src: "banner/coat/camel.svg", alt: "" } },
      { image: { src: "banner/coat/camel.svg", alt: "" } },
    ],
  },
  product: { type: "product", productId: 1 },
  product_slider: {
    type: "product_slider",
    title: "Trending now",
    source: { kind: "recommendation", slotId: "trending" },
    limit: 12,
  },
  grid: {
    type: "grid",
    columns: 2,
    items: [
      { type: "text", html: "<p>Left</p>" },
      { type: "text", html: "<p>Right</p>" },
    ],
  },
  video: {
    type: "video",
    sources: [{ src: "video/autumn.mp4", mimeType: "video/mp4" }],
    aspectRatio: "16:9",
  },
  size_chart: {
    type: "size_chart",
    title: "Sizes",
    headers: ["Size", "Chest (cm)"],
    rows: [
      ["S", "88"],
      ["M", "96"],
    ],
  },
  shipping_rates: { type: "shipping_rates" },
  story: {
    type: "story",
    title: "Our story",
    text: "A paragraph.\n\nAnother paragraph.",
    image: { src: "banner/coat/camel.svg", alt: "" },
    imagePosition: "left",
  },
  text: { type: "text", html: "<p>Text</p>" },
  footer_columns: {
    type: "footer_columns",
    columns: [{ title: "Service", links: [{ href: "/s/versand/", label: "Shipping" }] }],
  },
  category_teaser: { type: "category_teaser", items: [{ categoryKey: "women" }] },
};
