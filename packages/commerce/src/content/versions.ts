import { type Actor, changedFields, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import type { Db } from "../db/database.ts";
import { publishEvents } from "../events/publish.ts";
import type { NewEvent } from "../events/types.ts";
import { parseJson } from "../json.ts";
import type { FieldIssue } from "../validation.ts";
import { type ContentBlock, MAX_BLOCKS_PER_ENTRY, validateBlock } from "./blocks.ts";
import { type ContentEntry, contentEntryRecordSchema, findContentEntry, type PageType } from "./content.ts";

/**
 * The editor's work on a content entry (back office /admin/content/): save a draft, publish it, see the published
 * versions and roll back to one. Drafts show only in the shop's preview mode; publishing copies the draft live and
 * keeps a version. Every step is audited and published as an event (`content.changed` for a draft,
 * `content.published` when the live page changes) in its transaction, so every process's page cache follows.
 */

export interface ContentVersion {
  id: number;
  /** 1 for the first version of the entry, counting up. */
  number: number;
  entryId: number;
  title: string;
  seoTitle: string;
  seoDescription: string;
  blocks: ContentBlock[];
  publishedAt: string;
  publishedBy: string;
  note: string | null;
}

export interface ContentDraftInput {
  language: string;
  pageType: PageType;
  slug: string;
  title: string;
  seoTitle?: string;
  seoDescription?: string;
  pageKey?: string | null;
  /** The blocks as written (each validated against its type's schema). */
  blocks: readonly unknown[];
}

export type ContentFailure =
  | { ok: false; error: "InvalidInput"; detail: string; issues: FieldIssue[] }
  | { ok: false; error: "NotFound" | "Conflict"; detail: string; issues?: undefined };
export type ContentResult<T> = { ok: true; value: T; changed: boolean } | ContentFailure;

function invalid(issues: FieldIssue[]): ContentFailure {
  return {
    ok: false,
    error: "InvalidInput",
    detail: issues.map((i) => `${i.field}: ${i.message}`).join("; "),
    issues,
  };
}

/** Checks every block; the issues name the block by its position (`blocks.2.title`). */
export function validateBlocks(blocks: readonly unknown[]): { ok: true; blocks: ContentBlock[] } | ContentFailure {
  if (blocks.length > MAX_BLOCKS_PER_ENTRY) {
    return invalid([{ field: "blocks", message: `at most ${MAX_BLOCKS_PER_ENTRY} blocks` }]);
  }
  const issues: FieldIssue[] = [];
  const valid: ContentBlock[] = [];
  blocks.forEach((block, index) => {
    const result = validateBlock(block);
    if (result.ok) valid.push(result.block);
    else
      for (const issue of result.issues)
        issues.push({ field: `blocks.${index}.${issue.field}`, message: issue.message });
  });
  return issues.length > 0 ? invalid(issues) : { ok: true, blocks: valid };
}

type EntryRow = {
  id: number;
  language: string;
  slug: string;
  page_type: string;
};

export async function findContentEntryById(ctx: Pick<Ctx, "db">, id: number): Promise<ContentEntry | undefined> {
  const row = (await ctx.db
    .selectFrom("content_entry")
    .select(["language", "page_type", "slug"])
    .where("id", "=", id)
    .executeTakeFirst()) as Omit<EntryRow, "id"> | undefined;
  return row ? findContentEntry(ctx, row.language, row.page_type as PageType, row.slug) : undefined;
}

function entryEvent(entry: Pick<ContentEntry, "language" | "pageType" | "slug">, published: boolean): NewEvent {
  return {
    type: published ? "content.published" : "content.changed",
    entity: "content",
    entityId: `${entry.language}:${entry.pageType}:${entry.slug}`,
  };
}

const draftState = (e: Pick<ContentEntry, "title" | "seoTitle" | "seoDescription" | "draftBlocks" | "pageKey">) => ({
  title: e.title,
  seoTitle: e.seoTitle,
  seoDescription: e.seoDescription,
  pageKey: e.pageKey,
  draftBlocks: e.draftBlocks,
});

/**
 * Saves a draft: a new entry when its language, page type and slug are new, else the entry's draft (the live
 * page stays as published).
 */
export function saveContentDraft(
  ctx: Ctx,
  actor: Actor,
  input: ContentDraftInput,
): Promise<ContentResult<ContentEntry>> {
  const blocks = validateBlocks(input.blocks);
  if (!blocks.ok) return Promise.resolve(blocks);
  const parsed = contentEntryRecordSchema.safeParse({
    language: input.language,
    slug: input.slug,
    pageType: input.pageType,
    title: input.title,
    seoTitle: input.seoTitle ?? "",
    seoDescription: input.seoDescription ?? "",
    draftBlocks: blocks.blocks,
    publishedBlocks: null,
    pageKey: input.pageKey ?? null,
  });
  if (!parsed.success) {
    return Promise.resolve(
      invalid(
        parsed.error.issues.map((i) => ({
          // The draft's blocks are the input's `blocks`.
          field:
            i.path
              .map(String)
              .join(".")
              .replace(/^draftBlocks\./, "blocks.") || "entry",
          message: i.message,
        })),
      ),
    );
  }
  const record = parsed.data;
  return withTransaction(ctx, async (tx): Promise<ContentResult<ContentEntry>> => {
    const before = await findContentEntry(tx, record.language, record.pageType, record.slug);
    const now = tx.clock.now().toISOString();
    const values = {
      title: record.title,
      seo_title: record.seoTitle,
      seo_description: record.seoDescription,
      draft_blocks: JSON.stringify(record.draftBlocks),
      page_key: record.pageKey,
      updated_at: now,
    };
    if (before) {
      const diff = changedFields(draftState(before), draftState(record));
      if (!diff) return { ok: true, value: before, changed: false };
      await tx.db.updateTable("content_entry").set(values).where("id", "=", before.id).execute();
      await recordAudit(tx, actor, {
        action: "content.draft",
        subjectType: "content",
        subjectId: before.id,
        before: diff.before,
        after: diff.after,
      });
    } else {
      const row = await tx.db
        .insertInto("content_entry")
        .values({
          ...values,
          language: record.language,
          slug: record.slug,
          page_type: record.pageType,
          published_blocks: null,
          published_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(tx, actor, {
        action: "content.create",
        subjectType: "content",
        subjectId: Number(row.id),
        after: { language: record.language, pageType: record.pageType, slug: record.slug, ...draftState(record) },
      });
    }
    await publishEvents(tx, [entryEvent(record, false)], tx.clock.now());
    const saved = (await findContentEntry(tx, record.language, record.pageType, record.slug)) as ContentEntry;
    return { ok: true, value: saved, changed: true };
  });
}

async function nextVersionNumber(db: Db, entryId: number): Promise<number> {
  const row = await db
    .selectFrom("content_version")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("entry_id", "=", entryId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** Makes the given blocks (and the entry's title and SEO texts) the live page and keeps them as a new version. */
async function goLive(
  tx: Ctx,
  actor: Actor,
  entry: ContentEntry,
  blocks: ContentBlock[],
  texts: { title: string; seoTitle: string; seoDescription: string },
  action: "content.publish" | "content.rollback",
  note: string | null,
): Promise<ContentVersion> {
  const now = tx.clock.now().toISOString();
  const json = JSON.stringify(blocks);
  await tx.db
    .updateTable("content_entry")
    .set({
      ...(action === "content.rollback"
        ? { draft_blocks: json, title: texts.title, seo_title: texts.seoTitle, seo_description: texts.seoDescription }
        : {}),
      published_blocks: json,
      published_at: now,
      updated_at: now,
    })
    .where("id", "=", entry.id)
    .execute();
  const number = await nextVersionNumber(tx.db, entry.id);
  const row = await tx.db
    .insertInto("content_version")
    .values({
      entry_id: entry.id,
      title: texts.title,
      seo_title: texts.seoTitle,
      seo_description: texts.seoDescription,
      blocks: json,
      published_at: now,
      published_by: actor.label,
      note,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await publishEvents(tx, [entryEvent(entry, true)], tx.clock.now());
  await recordAudit(tx, actor, {
    action,
    subjectType: "content",
    subjectId: entry.id,
    before: { version: number - 1, blocks: entry.publishedBlocks },
    after: { version: number, blocks },
    note,
  });
  return {
    id: Number(row.id),
    number,
    entryId: entry.id,
    title: texts.title,
    seoTitle: texts.seoTitle,
    seoDescription: texts.seoDescription,
    blocks,
    publishedAt: now,
    publishedBy: actor.label,
    note,
  };
}

/** Publishes an entry's draft: the live page shows it from now on, and it is kept as a version. */
export function publishContent(ctx: Ctx, actor: Actor, entryId: number): Promise<ContentResult<ContentVersion>> {
  return withTransaction(ctx, async (tx): Promise<ContentResult<ContentVersion>> => {
    const entry = await findContentEntryById(tx, entryId);
    if (!entry) return { ok: false, error: "NotFound", detail: `No content entry ${entryId}` };
    const blocks = validateBlocks(entry.draftBlocks);
    if (!blocks.ok) return blocks;
    const version = await goLive(tx, actor, entry, blocks.blocks, entry, "content.publish", null);
    return { ok: true, value: version, changed: true };
  });
}

function toVersion(
  row: {
    id: number;
    entry_id: number;
    title: string;
    seo_title: string;
    seo_description: string;
    blocks: string;
    published_at: string;
    published_by: string;
    note: string | null;
  },
  number: number,
): ContentVersion {
  return {
    id: Number(row.id),
    number,
    entryId: Number(row.entry_id),
    title: row.title,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    blocks: parseJson<ContentBlock[]>(row.blocks, []),
    publishedAt: row.published_at,
    publishedBy: row.published_by,
    note: row.note,
  };
}

/** The published versions of an entry, newest first. */
export async function listContentVersions(ctx: Pick<Ctx, "db">, entryId: number): Promise<ContentVersion[]> {
  const rows = await ctx.db
    .selectFrom("content_version")
    .selectAll()
    .where("entry_id", "=", entryId)
    .orderBy("id")
    .execute();
  return rows.map((row, index) => toVersion(row, index + 1)).reverse();
}

/**
 * Rolls an entry back to an earlier version: that version's blocks and texts become the draft and the live page
 * again, kept as a new version (the history never loses a step).
 */
export function rollBackContent(
  ctx: Ctx,
  actor: Actor,
  entryId: number,
  versionId: number,
): Promise<ContentResult<ContentVersion>> {
  return withTransaction(ctx, async (tx): Promise<ContentResult<ContentVersion>> => {
    const entry = await findContentEntryById(tx, entryId);
    if (!entry) return { ok: false, error: "NotFound", detail: `No content entry ${entryId}` };
    const target = (await listContentVersions(tx, entryId)).find((v) => v.id === versionId);
    if (!target) return { ok: false, error: "NotFound", detail: `No version ${versionId} of content entry ${entryId}` };
    const blocks = validateBlocks(target.blocks);
    if (!blocks.ok) return blocks;
    const version = await goLive(
      tx,
      actor,
      entry,
      blocks.blocks,
      target,
      "content.rollback",
      `roll-back to version ${target.number}`,
    );
    return { ok: true, value: version, changed: true };
  });
}
