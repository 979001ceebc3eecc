import {
  type DomainFailure,
  getImportJob,
  type ImportFormat,
  type ImportJob,
  importImageResolver,
  startImportJob,
} from "@vitrine/commerce";
import { useEffect } from "react";
import { Link, redirect, useActionData, useNavigation, useRevalidator } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/products-import";
import "../../styles/admin-orders.css";
import "../../styles/admin-catalog.css";

/**
 * Import and export of the catalogue (owners and merchandisers). An uploaded file (JSON Lines, or CSV: the product
 * CSV of the export, or any CSV with a mapping) is imported in the background; this page shows its progress and
 * then the result: counts, or every refused line with its number and reason. An import is all or nothing.
 */

/** How often the page asks for the progress of a running import. */
const POLL_MS = 700;

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "catalog" });
  const id = new URL(args.request.url).searchParams.get("job");
  const job = id && /^[0-9a-f-]{36}$/.test(id) ? ((await getImportJob(ctx, id)) ?? null) : null;
  return { job };
}

type Answer = { error: string; detail: string };

async function fileText(value: FormDataEntryValue | null): Promise<{ name: string; text: string } | undefined> {
  if (value === null || typeof value === "string") return undefined;
  return { name: value.name, text: await value.text() };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, actor } = await requireStaff(args, { area: "catalog" });
  const form = await args.request.formData();
  const file = await fileText(form.get("file"));
  const mapping = await fileText(form.get("mapping"));
  const refuse = (error: string, detail = "") =>
    refused<Answer>({ error, detail }, { ok: false, error: "InvalidInput", detail: error } as DomainFailure);
  if (!file || file.text.trim() === "") return refuse("no_file");
  const chosen = String(form.get("format") ?? "auto");
  const format: ImportFormat =
    chosen === "csv" || chosen === "jsonl" ? chosen : /\.csv$/i.test(file.name) ? "csv" : "jsonl";
  const started = await startImportJob(ctx, actor, {
    format,
    fileName: file.name,
    content: file.text,
    ...(mapping?.text.trim() ? { mapping: mapping.text } : {}),
    stock: form.get("stock") === "set" ? "set" : "keep",
    // The same image setting as the CLI's import (IMPORT_IMAGE_URLS).
    imageAddresses: importImageResolver(ctx),
  });
  if (!started.ok) return refuse("invalid", started.detail);
  return redirect(`/admin/products/import/?job=${started.id}`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.import.title");

function Progress({ job }: { job: ImportJob }) {
  const t = useAdminT();
  const revalidator = useRevalidator();
  const running = job.status === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, revalidator]);
  const result = job.result;
  return (
    <section aria-labelledby="job-heading" className="admin-section">
      <h2 id="job-heading">{t("admin.import.job", { file: job.fileName })}</h2>
      {running ? (
        <>
          {/* Without JavaScript the page reloads itself until the import is done. */}
          <noscript>
            <meta httpEquiv="refresh" content="1" />
          </noscript>
          <p role="status">{t(`admin.import.phase.${job.phase}`, { done: job.done, total: job.total ?? 0 })}</p>
          <progress
            className="admin-progress"
            max={job.phase === "writing" && job.total ? job.total : undefined}
            value={job.phase === "writing" && job.total ? job.done : undefined}
            aria-label={t("admin.import.progress")}
          />
        </>
      ) : null}
      {job.status === "done" && result && "ok" in result && result.ok ? (
        <FormMessage>
          {t("admin.import.done", {
            products: result.products,
            categories: result.categories,
            variants: result.variants,
            lines: result.lines,
          })}
        </FormMessage>
      ) : null}
      {job.status === "refused" && result && "ok" in result && !result.ok ? (
        <>
          <FormMessage error>{t("admin.import.refused", { count: result.issues.length })}</FormMessage>
          <ol className="admin-import-errors" aria-label={t("admin.import.issues")}>
            {result.issues.map((issue) => (
              <li key={`${issue.line}-${issue.field}-${issue.reason}`} value={issue.line}>
                {t("admin.import.issue", { line: issue.line, field: issue.field, reason: issue.reason })}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {job.status === "failed" ? (
        <FormMessage error>
          {t("admin.import.failed", { reason: result && "error" in result ? result.error : "" })}
        </FormMessage>
      ) : null}
    </section>
  );
}

export default function AdminProductsImport({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting";
  return (
    <AdminPage
      title={t("admin.import.title")}
      actions={
        <Link className="admin-button admin-button--small" to="/admin/products/">
          {t("admin.product.back")}
        </Link>
      }
    >
      {loaderData.job ? <Progress job={loaderData.job} /> : null}
      <section aria-labelledby="import-heading" className="admin-section">
        <h2 id="import-heading">{t("admin.import.upload")}</h2>
        <p>{t("admin.import.intro")}</p>
        {answer ? (
          <FormMessage error>{t(`admin.import.error.${answer.error}`, { detail: answer.detail })}</FormMessage>
        ) : null}
        <AdminForm encType="multipart/form-data" className="admin-form admin-form--row">
          <label className="admin-field">
            <span>{t("admin.import.file")}</span>
            <input type="file" name="file" required accept=".jsonl,.ndjson,.json,.csv,text/csv,application/x-ndjson" />
          </label>
          <label className="admin-field">
            <span>{t("admin.import.format")}</span>
            <select name="format" defaultValue="auto">
              <option value="auto">{t("admin.import.format.auto")}</option>
              <option value="jsonl">{t("admin.import.format.jsonl")}</option>
              <option value="csv">{t("admin.import.format.csv")}</option>
            </select>
          </label>
          <label className="admin-field">
            <span>{t("admin.import.mapping")}</span>
            <input type="file" name="mapping" accept=".json,application/json" />
            <small>{t("admin.import.mapping_hint")}</small>
          </label>
          <label className="admin-field">
            <span>{t("admin.import.stock")}</span>
            <select name="stock" defaultValue="keep">
              <option value="keep">{t("admin.import.stock.keep")}</option>
              <option value="set">{t("admin.import.stock.set")}</option>
            </select>
          </label>
          <button type="submit" className="admin-button" disabled={uploading}>
            {uploading ? t("admin.import.uploading") : t("admin.import.start")}
          </button>
        </AdminForm>
      </section>
      <section aria-labelledby="export-heading" className="admin-section">
        <h2 id="export-heading">{t("admin.import.export")}</h2>
        <p>{t("admin.import.export_intro")}</p>
        <div className="admin-form admin-form--row">
          <a className="admin-button" href="/admin/products/export.jsonl" download>
            {t("admin.import.export_jsonl")}
          </a>
          <a className="admin-button" href="/admin/products/export.csv" download>
            {t("admin.import.export_csv")}
          </a>
        </div>
      </section>
    </AdminPage>
  );
}
