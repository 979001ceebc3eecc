import { loadCategoryRecords } from "@vitrine/commerce";
import { isStoreCode, SHOPS } from "@vitrine/commerce/shops";
import {
  addRule,
  checkRule,
  getRule,
  listRules,
  type RuleInput,
  type RuleKind,
  removeRule,
  type StoredRule,
  updateRule,
} from "@vitrine/search";
import { Link, redirect, useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { SearchIssues } from "../../components/admin/SearchIssues.tsx";
import { SearchTabs } from "../../components/admin/SearchTabs.tsx";
import { TryFields, TryResult } from "../../components/admin/SearchTry.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { formValues, type TryOutcome, tryCategoryDraft, tryDraft } from "../../lib/admin/search.server.ts";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { servicesContext } from "../../lib/context.ts";
import { refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/search-rules";
import "../../styles/admin-orders.css";
import "../../styles/admin-search.css";

/**
 * Search rules (owners and merchandisers): on a query, redirect to a page, search another query instead, or show
 * a notice; and products pinned to the top of a category's listing. List, add, change, remove, with the form's
 * problems shown together; a "try it" panel shows a query's results now and with the unsaved rule. Every change
 * is audited and reaches every shop process within 2 seconds through the event feed.
 */
const KINDS: readonly RuleKind[] = ["redirect", "query", "notify", "pin"];

function isKind(value: string | null): value is RuleKind {
  return KINDS.includes(value as RuleKind);
}

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "search" });
  const params = new URL(args.request.url).searchParams;
  const show = params.get("show");
  const rules = await listRules(ctx.db, isKind(show) ? { kind: show } : {});
  const editId = Number(params.get("edit"));
  const editing = Number.isInteger(editId) && editId > 0 ? await getRule(ctx.db, editId) : undefined;
  const store = params.get("store") ?? "";
  const query = (params.get("query") ?? "").slice(0, 200);
  const kind = params.get("kind");
  const prefill: Record<string, string> = editing
    ? {
        id: String(editing.id),
        kind: editing.kind,
        store: editing.store,
        query: editing.query ?? "",
        match: editing.match,
        content: editing.content,
        category: editing.category ?? "",
        products: editing.products.join(", "),
        tryStore: editing.store !== "*" ? editing.store : "de",
        tryQuery: editing.query ?? "",
      }
    : {
        kind: isKind(kind) ? kind : "redirect",
        store: isStoreCode(store) ? store : "*",
        query,
        match: "exact",
        content: "",
        category: "",
        products: "",
        tryStore: isStoreCode(store) ? store : "de",
        tryQuery: query,
      };
  const categories = (await loadCategoryRecords(ctx)).map((c) => c.key).sort();
  const done = params.get("done");
  return {
    show: isKind(show) ? show : "all",
    rules,
    categories,
    prefill,
    editingMissing: editId > 0 && !editing,
    done: done === "saved" || done === "added" || done === "removed" ? done : null,
    doneId: params.get("id") ?? "",
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The rule a form describes: only the fields its kind has. */
function inputOf(form: FormData): RuleInput {
  const kind = field(form, "kind");
  const store = field(form, "store") || "*";
  if (kind === "pin") {
    const products = field(form, "products")
      .split(/[\s,]+/)
      .filter((p) => p !== "")
      .map(Number);
    return { kind, store, category: field(form, "category"), products };
  }
  return {
    kind: kind as "redirect",
    store,
    query: field(form, "query"),
    match: field(form, "match") === "contains" ? "contains" : "exact",
    content: field(form, "content"),
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
    if (!(await removeRule(ctx.db, id, now, audit))) {
      return refuse([{ field: "id", message: `no rule has the id ${field(form, "id")}.` }], "NotFound");
    }
    throw redirect(`/admin/search/rules/?done=removed&id=${id}`);
  }
  if (intent === "try") {
    const checked = await checkRule(ctx.db, inputOf(form));
    if (!checked.ok) return refuse(checked.issues);
    const store = field(form, "tryStore");
    const search = args.context.get(servicesContext).search;
    const draft = { rule: checked.row, ...(id > 0 ? { id } : {}) };
    // Pinned products show in their category's listing, the other rules in a search.
    if (checked.row.kind === "pin") {
      const tried = tryCategoryDraft(search, isStoreCode(store) ? store : "de", checked.row.category_key ?? "", draft);
      if (!tried) return refuse([{ field: "category", message: "the category is not in the shop's index yet." }]);
      return { intent: "try", values, tried } satisfies Answer;
    }
    const query = field(form, "tryQuery").trim();
    if (!query) return refuse([{ field: "tryQuery", message: "enter a query to try." }]);
    const tried = tryDraft(search, isStoreCode(store) ? store : "de", query, draft);
    return { intent: "try", values, tried } satisfies Answer;
  }
  if (intent === "save") {
    const result =
      id > 0
        ? await updateRule(ctx.db, id, inputOf(form), now, audit)
        : await addRule(ctx.db, inputOf(form), now, audit);
    if (!result.ok) return refuse(result.issues, result.notFound ? "NotFound" : "InvalidInput");
    throw redirect(`/admin/search/rules/?done=${id > 0 ? "saved" : "added"}&id=${result.rule.id}`);
  }
  return refuse([{ field: "intent", message: `unknown action "${intent}".` }]);
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.search.rules.title");

function RuleRow({ rule }: { rule: StoredRule }) {
  const t = useAdminT();
  return (
    <tr>
      <th scope="row">{rule.id}</th>
      <td>{t(`admin.search.kind.${rule.kind}`)}</td>
      <td>{rule.store === "*" ? t("admin.search.all_stores") : rule.store}</td>
      <td>
        {rule.kind === "pin" ? (
          <>
            {t("admin.search.field.category")}: <code>{rule.category}</code>
          </>
        ) : (
          <>
            <code>{rule.query}</code> <span className="admin-cell-sub">({t(`admin.search.match.${rule.match}`)})</span>
          </>
        )}
      </td>
      <td className="admin-rule-content">{rule.kind === "pin" ? rule.products.join(", ") : rule.content}</td>
      <td className="admin-row-actions">
        <Link
          to={`/admin/search/rules/?edit=${rule.id}#editor`}
          className="admin-button admin-button--small admin-button--secondary"
          aria-label={t("admin.search.edit_rule_of", { id: rule.id })}
        >
          {t("admin.search.edit")}
        </Link>
        <AdminForm className="admin-inline-form">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={rule.id} />
          <button
            type="submit"
            className="admin-button admin-button--small admin-button--danger"
            aria-label={t("admin.search.remove_rule_of", { id: rule.id })}
          >
            {t("admin.search.remove")}
          </button>
        </AdminForm>
      </td>
    </tr>
  );
}

export default function AdminSearchRules({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { show, rules, categories, prefill, done, doneId, editingMissing } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const values = answer?.values ?? prefill;
  const editing = Number(values.id) > 0;
  const invalid = (name: string) => (answer?.issues?.some((i) => i.field.split(".")[0] === name) ? true : undefined);
  return (
    <AdminPage title={t("admin.search.rules.title")}>
      <SearchTabs />
      <p>{t("admin.search.rules.intro")}</p>
      {done ? <FormMessage>{t(`admin.search.rules.done.${done}`, { id: doneId })}</FormMessage> : null}
      {editingMissing ? <FormMessage error>{t("admin.search.rules.missing")}</FormMessage> : null}
      <section aria-labelledby="editor-heading" className="admin-section" id="editor">
        <h2 id="editor-heading">
          {editing ? t("admin.search.rules.edit_title", { id: values.id }) : t("admin.search.rules.add_title")}
        </h2>
        {answer?.issues ? <SearchIssues issues={answer.issues} /> : null}
        <AdminForm className="admin-form" key={JSON.stringify(values)}>
          {editing ? <input type="hidden" name="id" value={values.id} /> : null}
          <div className="admin-form admin-form--row">
            <label className="admin-field">
              <span>{t("admin.search.field.kind")}</span>
              <select name="kind" defaultValue={values.kind ?? "redirect"}>
                {KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`admin.search.kind.${kind}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="admin-field">
              <span>{t("admin.search.field.store")}</span>
              <select name="store" defaultValue={values.store ?? "*"}>
                <option value="*">{t("admin.search.all_stores")}</option>
                {SHOPS.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.label} ({s.code})
                  </option>
                ))}
              </select>
            </label>
          </div>
          <fieldset className="admin-fieldset">
            <legend>{t("admin.search.rules.on_query")}</legend>
            <div className="admin-form admin-form--row">
              <label className="admin-field admin-field--wide">
                <span>{t("admin.search.field.query")}</span>
                <input
                  type="text"
                  name="query"
                  maxLength={200}
                  defaultValue={values.query ?? ""}
                  aria-invalid={invalid("query")}
                />
              </label>
              <label className="admin-field">
                <span>{t("admin.search.field.match")}</span>
                <select name="match" defaultValue={values.match ?? "exact"}>
                  <option value="exact">{t("admin.search.match.exact")}</option>
                  <option value="contains">{t("admin.search.match.contains")}</option>
                </select>
              </label>
              <label className="admin-field admin-field--wide">
                <span>{t("admin.search.field.content")}</span>
                <input
                  type="text"
                  name="content"
                  maxLength={500}
                  defaultValue={values.content ?? ""}
                  aria-describedby="content-hint"
                  aria-invalid={invalid("content")}
                />
                <small id="content-hint">{t("admin.search.rules.content_hint")}</small>
              </label>
            </div>
          </fieldset>
          <fieldset className="admin-fieldset">
            <legend>{t("admin.search.rules.on_category")}</legend>
            <div className="admin-form admin-form--row">
              <label className="admin-field">
                <span>{t("admin.search.field.category")}</span>
                <input
                  type="text"
                  name="category"
                  list="category-keys"
                  maxLength={80}
                  defaultValue={values.category ?? ""}
                  aria-invalid={invalid("category")}
                />
                <datalist id="category-keys">
                  {categories.map((key) => (
                    <option key={key} value={key} />
                  ))}
                </datalist>
              </label>
              <label className="admin-field admin-field--wide">
                <span>{t("admin.search.field.products")}</span>
                <input
                  type="text"
                  name="products"
                  inputMode="numeric"
                  defaultValue={values.products ?? ""}
                  aria-describedby="products-hint"
                  aria-invalid={invalid("products")}
                />
                <small id="products-hint">{t("admin.search.rules.products_hint")}</small>
              </label>
            </div>
          </fieldset>
          <TryFields store={values.tryStore ?? "de"} query={values.tryQuery ?? ""} />
          <div className="admin-form__buttons">
            <button type="submit" name="intent" value="save" className="admin-button">
              {t(editing ? "admin.search.save" : "admin.search.rules.add")}
            </button>
            {editing ? (
              <Link to="/admin/search/rules/" className="admin-button admin-button--secondary">
                {t("admin.search.cancel")}
              </Link>
            ) : null}
          </div>
        </AdminForm>
      </section>
      {answer?.tried ? <TryResult outcome={answer.tried} /> : null}
      <section aria-labelledby="list-heading" className="admin-section">
        <h2 id="list-heading">{t("admin.search.rules.list_title")}</h2>
        <nav aria-label={t("admin.search.rules.kinds")} className="admin-vocabulary__kinds">
          <ul>
            {(["all", ...KINDS] as const).map((kind) => (
              <li key={kind}>
                <Link
                  to={`/admin/search/rules/?show=${kind}`}
                  aria-current={kind === show ? "page" : undefined}
                  className={kind === show ? "admin-vocabulary__kind is-current" : "admin-vocabulary__kind"}
                >
                  {t(kind === "all" ? "admin.search.rules.every" : `admin.search.kind.${kind}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {rules.length === 0 ? (
          <p>{t("admin.search.rules.empty")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.search.col.id")}</th>
                  <th scope="col">{t("admin.search.field.kind")}</th>
                  <th scope="col">{t("admin.search.field.store")}</th>
                  <th scope="col">{t("admin.search.col.when")}</th>
                  <th scope="col">{t("admin.search.col.what")}</th>
                  <th scope="col">
                    <span className="admin-visually-hidden">{t("admin.search.col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rules.map((rule) => (
                  <RuleRow key={rule.id} rule={rule} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </AdminPage>
  );
}
