import { type ContentEntry, type Db, shownInStore } from "@vitrine/commerce";
import type { StoreRequest } from "../lib/shop.server.ts";

import { resolveBlocks } from "./resolve.server.ts";
import type { ContentPageData, ResolvedBlock } from "./resolved.ts";
import { richTextPlain } from "./rich-text.ts";

export type { ContentPageData };

/**
 * Published blocks are resolved once per store and entry version and reused for this long: the home page is
 * the busiest page and its sliders read the catalogue. Content edits show at once (the entry's update time is
 * part of the key); stock and price changes in its product tiles show within this time.
 */
const RESOLVED_BLOCKS_TTL_MS = 30_000;
const MAX_CACHED_PAGES = 300;
const DESCRIPTION_LENGTH = 160;

const caches = new WeakMap<Db, Map<string, { expires: number; blocks: Promise<ResolvedBlock[]> }>>();

function cachedBlocks(db: Db, key: string, now: number, resolve: () => Promise<ResolvedBlock[]>) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.blocks;
  const blocks = resolve();
  cache.delete(key);
  cache.set(key, { expires: now + RESOLVED_BLOCKS_TTL_MS, blocks });
  blocks.catch(() => cache.delete(key));
  while (cache.size > MAX_CACHED_PAGES) cache.delete(cache.keys().next().value as string);
  return blocks;
}

/**
 * The page of a content entry as the request may see it: the published blocks, or the drafts in preview
 * mode. Undefined when there is nothing to show (never published, outside preview).
 */
export async function loadContentPage(store: StoreRequest, entry: ContentEntry): Promise<ContentPageData | undefined> {
  const preview = store.editorMode;
  const all = preview ? entry.draftBlocks : entry.publishedBlocks;
  if (all === null) return undefined;
  const { services, shop } = store;
  // The entry is its language's; blocks limited to other stores of that language are left out here.
  const stored = all.filter((block) => shownInStore(block, shop.code));
  const { ctx } = store;
  const onInvalid = (index: number, issues: { field: string; message: string }[]) =>
    store.ctx.log.warn(
      { content: `${entry.language}/${entry.pageType}/${entry.slug || "(home)"}`, block: index, issues },
      "content block left out",
    );
  const resolve = () => resolveBlocks(stored, ctx, { onInvalid });
  const blocks = preview
    ? await resolve()
    : await cachedBlocks(services.db, `${shop.code}|${entry.id}|${entry.updatedAt}`, Date.now(), resolve);
  return {
    title: entry.title,
    seoTitle: entry.seoTitle || entry.title,
    description: entry.seoDescription || summary(blocks),
    pageType: entry.pageType,
    slug: entry.slug,
    blocks,
    preview,
  };
}

/** The opening words of the page's first text: the description when the entry has none. */
function summary(blocks: readonly ResolvedBlock[]): string {
  const first = blocks.find((b) => b.type === "text");
  if (first?.type !== "text") return "";
  const text = richTextPlain(first.nodes);
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_LENGTH / 2))}…`;
}
