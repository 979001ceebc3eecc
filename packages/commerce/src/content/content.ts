import { z } from "zod";
import { type Ctx, withTransaction } from "../context.ts";
import { publishEvents } from "../events/publish.ts";
import { parseJson } from "../json.ts";
import { SHOPS } from "../shop/shops.ts";
import { hasControlCharacters } from "../validation.ts";
import { type ContentBlock, contentBlocksSchema } from "./blocks.ts";

/**
 * Content entries (home, content and service pages) per store language, with a draft and a published list of
 * blocks (schemas in `blocks.ts`). The home page has the empty slug; a service page has one slug segment
 * (`versand`), a content page may have several (`magazin/herbst`).
 */

export const PAGE_TYPES = ["home", "content", "service"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

const SLUG_SEGMENT = "[a-z0-9]+(?:-[a-z0-9]+)*";
const SLUG = new RegExp(`^${SLUG_SEGMENT}(?:/${SLUG_SEGMENT})*$`);

export const contentEntryRecordSchema = z
  .strictObject({
    language: z.enum(["de", "fr", "en"]),
    slug: z.string().max(200),
    pageType: z.enum(PAGE_TYPES),
    title: z.string().trim().min(1).max(200),
    seoTitle: z.string().trim().max(200).default(""),
    seoDescription: z.string().trim().max(400).default(""),
    draftBlocks: contentBlocksSchema,
    /** Blocks as published, or null when the entry was never published. */
    publishedBlocks: contentBlocksSchema.nullable(),
    /**
     * The page this entry translates: entries of one page in each language share the key, which is how the
     * language switch finds the page's slug in another language.
     */
    pageKey: z
      .string()
      .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "must be lower-case words joined by dashes or underscores")
      .max(100)
      .nullable()
      .default(null),
  })
  .superRefine((entry, ctx) => {
    const problem =
      entry.pageType === "home"
        ? entry.slug === ""
          ? undefined
          : "must be empty for the home page"
        : !SLUG.test(entry.slug)
          ? "must be lower-case words joined by dashes (segments separated by /)"
          : entry.pageType === "service" && entry.slug.includes("/")
            ? "must be a single segment for a service page"
            : undefined;
    if (problem) ctx.addIssue({ code: "custom", path: ["slug"], message: problem });
    // A block limited to some stores names stores of the entry's language only.
    const stores = SHOPS.filter((s) => s.language === entry.language).map((s) => s.code as string);
    for (const [list, blocks] of [
      ["draftBlocks", entry.draftBlocks],
      ["publishedBlocks", entry.publishedBlocks ?? []],
    ] as const) {
      blocks.forEach((block, index) => {
        const foreign = (block.stores ?? []).filter((store) => !stores.includes(store));
        if (foreign.length > 0)
          ctx.addIssue({
            code: "custom",
            path: [list, index, "stores"],
            message: `must be stores of this language (${stores.join(", ")}), not ${foreign.join(", ")}`,
          });
      });
    }
  });

export type ContentEntryRecord = z.output<typeof contentEntryRecordSchema>;
export type ContentEntryInput = z.input<typeof contentEntryRecordSchema>;

export interface ContentEntry extends ContentEntryRecord {
  id: number;
  publishedAt: string | null;
  updatedAt: string;
}

/**
 * Saves entries (inserted or replaced by language, page type and slug) and publishes `content.published` for each
 * saved with a published version, `content.changed` for the others: every process's page cache follows both.
 */
export async function writeContentEntries(
  ctx: Pick<Ctx, "db">,
  records: readonly (Omit<ContentEntryRecord, "pageKey"> & { pageKey?: string | null })[],
  now: Date,
): Promise<void> {
  const { db } = ctx;
  if (records.length === 0) return;
  if (!db.isTransaction) return withTransaction(ctx, (tx) => writeContentEntries(tx, records, now));
  const stamp = now.toISOString();
  for (const e of records) {
    const values = {
      language: e.language,
      slug: e.slug,
      page_type: e.pageType,
      title: e.title,
      seo_title: e.seoTitle,
      seo_description: e.seoDescription,
      draft_blocks: JSON.stringify(e.draftBlocks),
      published_blocks: e.publishedBlocks === null ? null : JSON.stringify(e.publishedBlocks),
      published_at: e.publishedBlocks === null ? null : stamp,
      updated_at: stamp,
      page_key: e.pageKey ?? null,
    };
    await db
      .insertInto("content_entry")
      .values(values)
      .onConflict((oc) =>
        oc.columns(["language", "page_type", "slug"]).doUpdateSet({
          title: values.title,
          seo_title: values.seo_title,
          seo_description: values.seo_description,
          draft_blocks: values.draft_blocks,
          published_blocks: values.published_blocks,
          published_at: values.published_at,
          updated_at: values.updated_at,
          page_key: values.page_key,
        }),
      )
      .execute();
  }
  await publishEvents(
    db,
    records.map((e) => ({
      type: e.publishedBlocks === null ? ("content.changed" as const) : ("content.published" as const),
      entity: "content",
      entityId: `${e.language}:${e.pageType}:${e.slug}`,
    })),
    now,
  );
}

type ContentRow = {
  id: number;
  language: string;
  slug: string;
  page_type: string;
  title: string;
  seo_title: string;
  seo_description: string;
  draft_blocks: string;
  published_blocks: string | null;
  published_at: string | null;
  updated_at: string;
  page_key: string | null;
};

function toEntry(row: ContentRow): ContentEntry {
  return {
    id: Number(row.id),
    language: row.language as ContentEntry["language"],
    slug: row.slug,
    pageType: row.page_type as PageType,
    title: row.title,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    draftBlocks: parseJson<ContentBlock[]>(row.draft_blocks, []),
    publishedBlocks: row.published_blocks === null ? null : parseJson<ContentBlock[]>(row.published_blocks, []),
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    pageKey: row.page_key,
  };
}

export async function findContentEntry(
  ctx: Pick<Ctx, "db">,
  language: string,
  pageType: PageType,
  slug: string,
): Promise<ContentEntry | undefined> {
  const { db } = ctx;
  // A slug from a URL may hold anything; no entry's holds control characters (nor can PostgreSQL compare NUL).
  if (hasControlCharacters(slug)) return undefined;
  const row = await db
    .selectFrom("content_entry")
    .selectAll()
    .where("language", "=", language)
    .where("page_type", "=", pageType)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

export async function listContentEntries(ctx: Pick<Ctx, "db">, language?: string): Promise<ContentEntry[]> {
  const { db } = ctx;
  const query = db.selectFrom("content_entry").selectAll().orderBy("language").orderBy("page_type").orderBy("slug");
  const rows = await (language ? query.where("language", "=", language) : query).execute();
  return rows.map(toEntry);
}

/**
 * The page a store path without a route of its own shows (the catch-all): a content page, else a service page
 * with that slug.
 */
export async function findContentPage(
  ctx: Pick<Ctx, "db">,
  language: string,
  slug: string,
): Promise<ContentEntry | undefined> {
  const { db } = ctx;
  const rows = await db
    .selectFrom("content_entry")
    .selectAll()
    .where("language", "=", language)
    .where("slug", "=", slug)
    .where("page_type", "in", ["content", "service"])
    .execute();
  const row = rows.find((r) => r.page_type === "content") ?? rows[0];
  return row ? toEntry(row) : undefined;
}
