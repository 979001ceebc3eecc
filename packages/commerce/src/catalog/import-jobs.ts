import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { type Actor, recordAudit } from "../audit/audit.ts";
import type { Ctx } from "../context.ts";
import { parseJson } from "../json.ts";
import { PRODUCT_CSV_MAPPING } from "./csv-export.ts";
import { type CsvMapping, csvItems, parseCsvMapping } from "./csv-import.ts";
import {
  type ImportIssue,
  type ImportOptions,
  type ImportProgress,
  type ImportResult,
  type ImportStock,
  importCatalogItems,
  jsonLineItems,
} from "./import.ts";

/**
 * Catalogue imports from the back office: the upload is checked and written by the streaming import
 * (import.ts: all or nothing, line-numbered issues) in the background, while the page shows its progress from the
 * `catalog_import_job` row, which any process can read.
 */

export const IMPORT_FORMATS = ["jsonl", "csv"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** How often a running import writes its progress. */
const PROGRESS_WRITE_MS = 300;
/** A job that has not moved for this long died with its process. */
const STALE_JOB_MS = 10 * 60_000;

export interface ImportJobInput {
  format: ImportFormat;
  fileName: string;
  content: string;
  /** For CSV: the mapping's JSON; empty for the product CSV this shop exports. */
  mapping?: string;
  stock: ImportStock;
  /** Absolute image addresses in the file: fetched into the media store (IMPORT_IMAGE_URLS=fetch) or kept as they are. */
  imageAddresses?: ImportOptions["imageAddresses"];
}

export interface ImportJob {
  id: string;
  format: ImportFormat;
  fileName: string;
  status: "running" | "done" | "refused" | "failed";
  phase: ImportProgress["phase"];
  done: number;
  total: number | null;
  result: ImportResult | { error: string } | null;
  startedAt: string;
}

export type StartImportResult =
  | { ok: true; id: string; finished: Promise<void> }
  | { ok: false; error: "InvalidInput"; detail: string };

/**
 * Starts an import: checks the request, records the job and runs it without waiting. `finished` settles when the
 * job has written its outcome (tests and the CLI wait for it; a page polls the job instead).
 */
export async function startImportJob(ctx: Ctx, actor: Actor, input: ImportJobInput): Promise<StartImportResult> {
  let mapping: CsvMapping | undefined;
  if (input.format === "csv") {
    try {
      mapping = input.mapping?.trim() ? parseCsvMapping(JSON.parse(input.mapping)) : PRODUCT_CSV_MAPPING;
    } catch (error) {
      return { ok: false, error: "InvalidInput", detail: (error as Error).message };
    }
  } else if (input.format !== "jsonl") {
    return { ok: false, error: "InvalidInput", detail: "format must be jsonl or csv" };
  }
  if (input.content.trim() === "") return { ok: false, error: "InvalidInput", detail: "the file is empty" };
  const id = randomUUID();
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto("catalog_import_job")
    .values({
      id,
      format: input.format,
      file_name: input.fileName.slice(0, 200),
      actor: actor.label,
      status: "running",
      phase: "reading",
      done: 0,
      total: null,
      result: null,
      started_at: now,
      updated_at: now,
    })
    .execute();
  const finished = runImport(ctx, actor, id, input, mapping).catch((error: unknown) => {
    ctx.log.error({ err: error, job: id }, "catalogue import failed");
  });
  return { ok: true, id, finished };
}

async function runImport(
  ctx: Ctx,
  actor: Actor,
  id: string,
  input: ImportJobInput,
  mapping: CsvMapping | undefined,
): Promise<void> {
  let last = 0;
  let writing = Promise.resolve();
  const onProgress = (progress: ImportProgress) => {
    const at = Date.now();
    if (at - last < PROGRESS_WRITE_MS) return;
    last = at;
    writing = writing.then(async () => {
      await ctx.db
        .updateTable("catalog_import_job")
        .set({
          phase: progress.phase,
          done: progress.done,
          total: progress.total ?? null,
          updated_at: ctx.clock.now().toISOString(),
        })
        .where("id", "=", id)
        .where("status", "=", "running")
        .execute();
    });
  };
  let status: ImportJob["status"];
  let result: ImportJob["result"];
  try {
    const items = mapping
      ? csvItems(Readable.from([input.content]), mapping)
      : jsonLineItems(input.content.split(/\r?\n/));
    const outcome = await importCatalogItems(ctx, items, ctx.clock.now(), {
      stock: input.stock,
      onProgress,
      ...(input.imageAddresses ? { imageAddresses: input.imageAddresses } : {}),
    });
    status = outcome.ok ? "done" : "refused";
    result = outcome;
    if (outcome.ok) {
      await recordAudit(ctx, actor, {
        action: "catalog.import",
        subjectType: "catalog",
        subjectId: id,
        after: {
          file: input.fileName,
          format: input.format,
          products: outcome.products,
          categories: outcome.categories,
          variants: outcome.variants,
        },
      });
    }
  } catch (error) {
    // A mapping naming a column the file lacks, or a database failure: nothing was written.
    status = "failed";
    result = { error: (error as Error).message };
  }
  await writing.catch(() => undefined);
  await ctx.db
    .updateTable("catalog_import_job")
    .set({ status, result: JSON.stringify(result), updated_at: ctx.clock.now().toISOString() })
    .where("id", "=", id)
    .execute();
}

/** An import job as its page shows it, or undefined. */
export async function getImportJob(ctx: Pick<Ctx, "db" | "clock">, id: string): Promise<ImportJob | undefined> {
  const row = await ctx.db.selectFrom("catalog_import_job").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const stale =
    row.status === "running" && ctx.clock.now().getTime() - new Date(row.updated_at).getTime() > STALE_JOB_MS;
  return {
    id: row.id,
    format: row.format as ImportFormat,
    fileName: row.file_name,
    status: stale ? "failed" : (row.status as ImportJob["status"]),
    phase: row.phase as ImportProgress["phase"],
    done: row.done,
    total: row.total,
    result: stale
      ? { error: "the import stopped (its process ended): nothing was written, start it again" }
      : parseJson<ImportJob["result"]>(row.result ?? "null", null),
    startedAt: row.started_at,
  };
}

export type { ImportIssue };
