import { listContentEntries, PAGE_TYPES, type PageType, saveContentDraft } from "@vitrine/commerce";
import { LANGUAGES, type Language } from "@vitrine/commerce/shops";
import { Link, redirect, useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { formatAdminDate } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/content";
import "../../styles/admin-orders.css";
import "../../styles/admin-marketing.css";

/**
 * Content pages (owners and merchandisers): the home, content and service pages of each language (the stores of a
 * language share them: de, at and ch the German ones). Each is a draft and a published version; the editor
 * (content-entry.tsx) changes the draft, previews it in the shop, publishes and rolls back.
 */

function languageOf(url: string): Language {
  const l = new URL(url).searchParams.get("language");
  return LANGUAGES.includes(l as Language) ? (l as Language) : "de";
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "marketing" });
  const language = languageOf(args.request.url);
  const entries = await listContentEntries(staffCtx(args), language);
  return {
    language,
    pageTypes: [...PAGE_TYPES],
    entries: entries.map((e) => ({
      id: e.id,
      title: e.title,
      slug: e.slug,
      pageType: e.pageType,
      publishedAt: e.publishedAt,
      updatedAt: e.updatedAt,
      blocks: e.draftBlocks.length,
      // A draft differs from the live page (or was never published).
      pending: JSON.stringify(e.draftBlocks) !== JSON.stringify(e.publishedBlocks),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "marketing" });
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "create") return refused({ intent, error: "InvalidInput", detail: "" }, invalidForm(intent));
  const language = String(form.get("language") ?? "");
  const pageType = String(form.get("pageType") ?? "") as PageType;
  const slug = pageType === "home" ? "" : String(form.get("slug") ?? "").trim();
  const title = String(form.get("title") ?? "");
  const values = { language, pageType, slug, title };
  const existing = PAGE_TYPES.includes(pageType)
    ? (await listContentEntries(ctx, language)).find((e) => e.pageType === pageType && e.slug === slug)
    : undefined;
  if (existing) {
    return refused(
      { intent, error: "Conflict", detail: `${pageType} ${slug || "/"}`, values },
      { ok: false, error: "Conflict", detail: "exists" },
    );
  }
  const result = await saveContentDraft(ctx, actor, { language, pageType, slug, title, blocks: [] });
  if (!result.ok) return refused({ intent, error: result.error, detail: result.detail, values }, result);
  throw redirect(`/admin/content/${result.value.id}/`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.content");

type Answer = { intent: string; error: string; detail: string; values: Record<string, string> };

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { language, entries, pageTypes } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  return (
    <AdminPage title={t("admin.nav.content")}>
      <p>{t("admin.content.intro")}</p>
      <nav aria-label={t("admin.content.languages")} className="admin-vocabulary__kinds">
        <ul>
          {LANGUAGES.map((l) => (
            <li key={l}>
              <Link
                to={`/admin/content/?language=${l}`}
                aria-current={l === language ? "page" : undefined}
                className={l === language ? "admin-vocabulary__kind is-current" : "admin-vocabulary__kind"}
              >
                {t(`admin.content.language.${l}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {answer ? (
        <FormMessage error>{t(`admin.content.error.${answer.error}`, { detail: answer.detail })}</FormMessage>
      ) : null}
      <section aria-labelledby="pages-heading" className="admin-section">
        <h2 id="pages-heading">{t("admin.content.pages_title", { count: entries.length })}</h2>
        {entries.length === 0 ? (
          <p>{t("admin.content.empty")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.content.col.title")}</th>
                  <th scope="col">{t("admin.content.col.type")}</th>
                  <th scope="col">{t("admin.content.col.path")}</th>
                  <th scope="col">{t("admin.content.col.published")}</th>
                  <th scope="col">{t("admin.content.col.state")}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <Link to={`/admin/content/${e.id}/`}>{e.title}</Link>
                    </td>
                    <td>{t(`admin.content.type.${e.pageType}`)}</td>
                    <td>
                      <code>
                        {e.pageType === "home" ? "/" : e.pageType === "service" ? `/s/${e.slug}/` : `/${e.slug}/`}
                      </code>
                    </td>
                    <td>{e.publishedAt ? formatAdminDate(e.publishedAt, t.locale) : t("admin.content.never")}</td>
                    <td>
                      {e.pending ? (
                        <span className="admin-badge admin-marketing__status--scheduled">
                          {t("admin.content.state.draft")}
                        </span>
                      ) : (
                        <span className="admin-badge admin-marketing__status--running">
                          {t("admin.content.state.live")}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="new-heading" className="admin-section">
        <h2 id="new-heading">{t("admin.content.new_title")}</h2>
        <AdminForm className="admin-form admin-form--row">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="language" value={language} />
          <label className="admin-field">
            <span>{t("admin.content.col.type")}</span>
            <select name="pageType" defaultValue={answer?.values.pageType ?? "content"}>
              {pageTypes.map((p) => (
                <option key={p} value={p}>
                  {t(`admin.content.type.${p}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-field">
            <span>{t("admin.content.slug")}</span>
            <input
              type="text"
              name="slug"
              maxLength={200}
              placeholder="magazin/herbst"
              defaultValue={answer?.values.slug ?? ""}
            />
          </label>
          <label className="admin-field admin-field--wide">
            <span>{t("admin.content.col.title")}</span>
            <input type="text" name="title" required maxLength={200} defaultValue={answer?.values.title ?? ""} />
          </label>
          <button type="submit" className="admin-button">
            {t("admin.content.create")}
          </button>
        </AdminForm>
        <p className="admin-marketing__hint">{t("admin.content.slug_hint")}</p>
      </section>
    </AdminPage>
  );
}
