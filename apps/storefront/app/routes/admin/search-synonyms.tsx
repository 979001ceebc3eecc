import { isStoreCode, LANGUAGES } from "@vitrine/commerce/shops";
import {
  addSynonym,
  checkSynonym,
  getSynonym,
  listSynonyms,
  removeSynonym,
  type SynonymInput,
  type SynonymRule,
  updateSynonym,
} from "@vitrine/search";
import { Link, redirect, useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { SearchIssues } from "../../components/admin/SearchIssues.tsx";
import { SearchTabs } from "../../components/admin/SearchTabs.tsx";
import { TryFields, TryResult } from "../../components/admin/SearchTry.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { formValues, type TryOutcome, tryDraft, wordsOf } from "../../lib/admin/search.server.ts";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { servicesContext } from "../../lib/context.ts";
import { refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/search-synonyms";
import "../../styles/admin-orders.css";
import "../../styles/admin-search.css";

/**
 * Synonyms per language (owners and merchandisers): words a search treats as the same. List, add, change and
 * remove; a "try it" panel shows a query's results now and with the unsaved synonyms. Every change is audited and
 * reaches every shop process's search within 2 seconds through the event feed. Search analytics link here with a
 * query that found nothing (`?query=…&store=…&language=…`).
 */
/** The languages synonyms apply to: one of the shop's, or every one (`*`). */
const SYNONYM_LANGUAGES = ["*", ...LANGUAGES] as const;
type Shown = (typeof SYNONYM_LANGUAGES)[number] | "all";

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "search" });
  const params = new URL(args.request.url).searchParams;
  const lang = params.get("lang") ?? "all";
  const shown: Shown = (SYNONYM_LANGUAGES as readonly string[]).includes(lang) ? (lang as Shown) : "all";
  const all = await listSynonyms(ctx.db);
  const editId = Number(params.get("edit"));
  const editing = Number.isInteger(editId) && editId > 0 ? await getSynonym(ctx.db, editId) : undefined;
  const store = params.get("store") ?? "";
  const query = (params.get("query") ?? "").slice(0, 200);
  const language = params.get("language") ?? "";
  const prefill: Record<string, string> = editing
    ? {
        id: String(editing.id),
        language: editing.language,
        terms: editing.terms.join(", "),
        oneWay: editing.oneWay ? "on" : "",
        tryStore: store && isStoreCode(store) ? store : "de",
        tryQuery: editing.terms[0] ?? "",
      }
    : {
        language: (SYNONYM_LANGUAGES as readonly string[]).includes(language) ? language : "*",
        terms: query ? `${query}, ` : "",
        tryStore: store && isStoreCode(store) ? store : "de",
        tryQuery: query,
      };
  const done = params.get("done");
  return {
    shown,
    synonyms: shown === "all" ? all : all.filter((s) => s.language === shown),
    editingMissing: editId > 0 && !editing,
    prefill,
    done: done === "saved" || done === "added" || done === "removed" ? done : null,
    doneId: params.get("id") ?? "",
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function inputOf(form: FormData): SynonymInput {
  return {
    language: field(form, "language") as SynonymInput["language"],
    terms: wordsOf(field(form, "terms")),
    oneWay: form.get("oneWay") === "on",
  };
}

type Issue = { field: string; message: string };
type Answer =
  | { intent: "try"; values: Record<string, string>; tried: TryOutcome; issues?: undefined }
  | { intent: string; values: Record<string, string>; issues: Issue[]; tried?: undefined };

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "search" });
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const values = formValues(form);
  const id = Number(field(form, "id"));
  const audit = { actor, requestId: ctx.requestId };
  const now = ctx.clock.now();
  const refuse = (issues: Issue[], error: "InvalidInput" | "NotFound" = "InvalidInput") =>
    refused({ intent, values, issues } satisfies Answer, {
      ok: false,
      error,
      detail: issues.map((i) => i.message).join(" "),
    });
  if (intent === "remove") {
    if (!(await removeSynonym(ctx.db, id, now, audit))) {
      return refuse([{ field: "id", message: `no synonyms have the id ${field(form, "id")}.` }], "NotFound");
    }
    throw redirect(`/admin/search/synonyms/?done=removed&id=${id}`);
  }
  if (intent === "try") {
    const checked = checkSynonym(inputOf(form));
    if (!checked.ok) return refuse(checked.issues);
    const query = field(form, "tryQuery").trim();
    const store = field(form, "tryStore");
    if (!query) return refuse([{ field: "tryQuery", message: "enter a query to try." }]);
    const { language, terms, oneWay } = checked.synonym;
    const tried = tryDraft(args.context.get(servicesContext).search, isStoreCode(store) ? store : "de", query, {
      synonym: { language, terms, oneWay },
      ...(id > 0 ? { id } : {}),
    });
    return { intent: "try", values, tried } satisfies Answer;
  }
  if (intent === "save") {
    const result =
      id > 0
        ? await updateSynonym(ctx.db, id, inputOf(form), now, audit)
        : await addSynonym(ctx.db, inputOf(form), now, audit);
    if (!result.ok) return refuse(result.issues, result.notFound ? "NotFound" : "InvalidInput");
    throw redirect(`/admin/search/synonyms/?done=${id > 0 ? "saved" : "added"}&id=${result.synonym.id}`);
  }
  return refuse([{ field: "intent", message: `unknown action "${intent}".` }]);
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.search.synonyms.title");

const SHOWN: readonly Shown[] = ["all", ...SYNONYM_LANGUAGES];

function SynonymRow({ synonym }: { synonym: SynonymRule }) {
  const t = useAdminT();
  return (
    <tr>
      <th scope="row">{synonym.id}</th>
      <td>{t(`admin.search.language.${synonym.language === "*" ? "all" : synonym.language}`)}</td>
      <td>
        {synonym.oneWay ? `${synonym.terms[0]} → ${synonym.terms.slice(1).join(", ")}` : synonym.terms.join(", ")}
      </td>
      <td>{t(synonym.oneWay ? "admin.search.synonyms.one_way" : "admin.search.synonyms.both_ways")}</td>
      <td className="admin-row-actions">
        <Link
          to={`/admin/search/synonyms/?edit=${synonym.id}#editor`}
          className="admin-button admin-button--small admin-button--secondary"
          aria-label={t("admin.search.edit_of", { id: synonym.id })}
        >
          {t("admin.search.edit")}
        </Link>
        <AdminForm className="admin-inline-form">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={synonym.id} />
          <button
            type="submit"
            className="admin-button admin-button--small admin-button--danger"
            aria-label={t("admin.search.remove_of", { id: synonym.id })}
          >
            {t("admin.search.remove")}
          </button>
        </AdminForm>
      </td>
    </tr>
  );
}

export default function AdminSearchSynonyms({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { shown, synonyms, prefill, done, doneId, editingMissing } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const values = answer?.values ?? prefill;
  const editing = Number(values.id) > 0;
  return (
    <AdminPage title={t("admin.search.synonyms.title")}>
      <SearchTabs />
      <p>{t("admin.search.synonyms.intro")}</p>
      {done ? <FormMessage>{t(`admin.search.synonyms.done.${done}`, { id: doneId })}</FormMessage> : null}
      {editingMissing ? <FormMessage error>{t("admin.search.synonyms.missing")}</FormMessage> : null}
      <section aria-labelledby="editor-heading" className="admin-section" id="editor">
        <h2 id="editor-heading">
          {editing ? t("admin.search.synonyms.edit_title", { id: values.id }) : t("admin.search.synonyms.add_title")}
        </h2>
        {answer?.issues ? <SearchIssues issues={answer.issues} /> : null}
        <AdminForm className="admin-form" key={JSON.stringify(values)}>
          {editing ? <input type="hidden" name="id" value={values.id} /> : null}
          <div className="admin-form admin-form--row">
            <label className="admin-field">
              <span>{t("admin.search.field.language")}</span>
              <select name="language" defaultValue={values.language ?? "*"}>
                {SYNONYM_LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {t(`admin.search.language.${language === "*" ? "all" : language}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="admin-field admin-field--wide">
              <span>{t("admin.search.field.terms")}</span>
              <input
                type="text"
                name="terms"
                required
                defaultValue={values.terms ?? ""}
                aria-describedby="terms-hint"
                aria-invalid={answer?.issues?.some((i) => i.field.startsWith("terms")) ? true : undefined}
              />
              <small id="terms-hint">{t("admin.search.synonyms.terms_hint")}</small>
            </label>
            <label className="admin-check">
              <input type="checkbox" name="oneWay" defaultChecked={values.oneWay === "on"} />{" "}
              {t("admin.search.field.one_way")}
            </label>
          </div>
          <TryFields store={values.tryStore ?? "de"} query={values.tryQuery ?? ""} />
          <div className="admin-form__buttons">
            <button type="submit" name="intent" value="save" className="admin-button">
              {t(editing ? "admin.search.save" : "admin.search.synonyms.add")}
            </button>
            {editing ? (
              <Link to="/admin/search/synonyms/" className="admin-button admin-button--secondary">
                {t("admin.search.cancel")}
              </Link>
            ) : null}
          </div>
        </AdminForm>
      </section>
      {answer?.tried ? <TryResult outcome={answer.tried} /> : null}
      <section aria-labelledby="list-heading" className="admin-section">
        <h2 id="list-heading">{t("admin.search.synonyms.list_title")}</h2>
        <nav aria-label={t("admin.search.synonyms.languages")} className="admin-vocabulary__kinds">
          <ul>
            {SHOWN.map((language) => (
              <li key={language}>
                <Link
                  to={`/admin/search/synonyms/?lang=${encodeURIComponent(language)}`}
                  aria-current={language === shown ? "page" : undefined}
                  className={language === shown ? "admin-vocabulary__kind is-current" : "admin-vocabulary__kind"}
                >
                  {t(
                    language === "all"
                      ? "admin.search.synonyms.every"
                      : `admin.search.language.${language === "*" ? "all" : language}`,
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {synonyms.length === 0 ? (
          <p>{t("admin.search.synonyms.empty")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.search.col.id")}</th>
                  <th scope="col">{t("admin.search.field.language")}</th>
                  <th scope="col">{t("admin.search.field.terms")}</th>
                  <th scope="col">{t("admin.search.col.direction")}</th>
                  <th scope="col">
                    <span className="admin-visually-hidden">{t("admin.search.col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {synonyms.map((synonym) => (
                  <SynonymRow key={synonym.id} synonym={synonym} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </AdminPage>
  );
}
