import type { Ctx } from "../context.ts";
import { specErrorMap } from "../validation.ts";
import {
  type ContentEntryRecord,
  contentEntryRecordSchema,
  listContentEntries,
  writeContentEntries,
} from "./content.ts";

/** One problem in a content file: the entry (1-based, as a person counts), the field and why it is refused. */
export interface ContentImportIssue {
  entry: number;
  field: string;
  reason: string;
}

export type ContentImportResult = { ok: true; entries: number } | { ok: false; issues: ContentImportIssue[] };

const MAX_ISSUES = 200;

export function formatContentImportIssue(issue: ContentImportIssue): string {
  return issue.entry === 0
    ? `${issue.field}: ${issue.reason}`
    : `entry ${issue.entry}, ${issue.field}: ${issue.reason}`;
}

/**
 * Parses and validates a content file: a JSON array of entries (the format `vitrine content export` writes).
 * Returns every entry, or every problem found (entry, field, reason).
 */
export function parseContentFile(text: string): { entries: ContentEntryRecord[]; issues: ContentImportIssue[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      entries: [],
      issues: [{ entry: 0, field: "(file)", reason: `not valid JSON: ${(error as Error).message}` }],
    };
  }
  if (!Array.isArray(value)) {
    return { entries: [], issues: [{ entry: 0, field: "(file)", reason: "must be a JSON array of content entries" }] };
  }
  const entries: ContentEntryRecord[] = [];
  const issues: ContentImportIssue[] = [];
  const seen = new Map<string, number>();
  value.forEach((raw, index) => {
    if (issues.length >= MAX_ISSUES) return;
    const entry = index + 1;
    const result = contentEntryRecordSchema.safeParse(raw, { error: specErrorMap });
    if (!result.success) {
      for (const issue of result.error.issues) {
        issues.push({ entry, field: issue.path.map(String).join(".") || "(entry)", reason: issue.message });
      }
      return;
    }
    const key = `${result.data.language}|${result.data.pageType}|${result.data.slug}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({
        entry,
        field: "slug",
        reason: `${result.data.language} ${result.data.pageType} "${result.data.slug}" appears twice (first as entry ${first})`,
      });
      return;
    }
    seen.set(key, entry);
    entries.push(result.data);
  });
  return { entries, issues };
}

/**
 * Imports a content file: all entries or none. Entries are matched by language, page type and slug; an
 * existing entry is replaced, others stay as they are.
 */
export async function importContent(ctx: Pick<Ctx, "db">, text: string, now: Date): Promise<ContentImportResult> {
  const { db } = ctx;
  const { entries, issues } = parseContentFile(text);
  if (issues.length > 0) return { ok: false, issues };
  await db.transaction().execute((trx) => writeContentEntries({ db: trx }, entries, now));
  return { ok: true, entries: entries.length };
}

/** Every content entry as import records, in a stable order (language, page type, slug). */
export async function exportContent(ctx: Pick<Ctx, "db">): Promise<ContentEntryRecord[]> {
  const entries = await listContentEntries(ctx);
  return entries.map((e) => ({
    language: e.language,
    slug: e.slug,
    pageType: e.pageType,
    title: e.title,
    seoTitle: e.seoTitle,
    seoDescription: e.seoDescription,
    draftBlocks: e.draftBlocks,
    publishedBlocks: e.publishedBlocks,
    pageKey: e.pageKey,
  }));
}
