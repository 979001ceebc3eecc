import {
  type AdminCategoryNode,
  type CategoryChangeResult,
  createCategory,
  deleteCategory,
  listCategoryTree,
  moveCategoryStep,
  moveCategoryUnder,
  renameCategory,
  setCategoryHidden,
} from "@vitrine/commerce";
import { LANGUAGES } from "@vitrine/commerce/shops";
import { type ReactNode, useMemo } from "react";
import { Link, useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { adminLanguageOf } from "../../lib/admin/catalog.server.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/categories";
import "../../styles/admin-orders.css";
import "../../styles/admin-catalog.css";

/**
 * The category tree (owners and merchandisers): every category with its names, products and subcategories;
 * create, rename per language, move with buttons (up, down, "move under…"; no dragging, so the keyboard does it
 * all), hide and show, delete an empty one (one with subcategories or products is refused, saying how many).
 * Every change is audited and published: every shop process reads the tree again and drops its cached pages
 * (the menu is on every page) within the event feed's interval.
 */

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "catalog" });
  return {
    tree: await listCategoryTree(ctx),
    language: adminLanguageOf(args.request),
    moving: movingOf(args.request),
  };
}

type Answer =
  | { intent: string; ok: true; changed: boolean; name: string }
  | {
      intent: string;
      ok?: undefined;
      reason: string;
      detail: string;
      counts?: { children: number; products: number };
      values?: Record<string, string>;
    };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};
const idOf = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : undefined);

function namesOf(form: FormData) {
  return Object.fromEntries(LANGUAGES.map((l) => [l, field(form, `name_${l}`).slice(0, 200)]));
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "catalog" });
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const id = idOf(field(form, "id"));
  const name = field(form, "name").slice(0, 200);
  const answer = (result: CategoryChangeResult, values?: Record<string, string>) => {
    if (result.ok) return { intent, ok: true as const, changed: result.changed, name };
    return refused<Answer>(
      {
        intent,
        reason: result.reason,
        detail: result.detail,
        ...(result.counts ? { counts: result.counts } : {}),
        ...(values ? { values } : {}),
      },
      result,
    );
  };
  const malformed = () =>
    refused<Answer>({ intent, reason: "invalid", detail: "" }, invalidForm(intent || "unknown_intent"));

  if (intent === "create") {
    const parent = field(form, "parent");
    const parentId = parent === "" ? null : idOf(parent);
    if (parentId === undefined) return malformed();
    const names = namesOf(form);
    const created = await createCategory(ctx, actor, { parentId, names });
    if (created.ok) return { intent, ok: true as const, changed: true, name: names.de || names.fr || names.en || "" };
    return answer(created, { ...names, parent });
  }
  if (id === undefined) return malformed();
  if (intent === "rename") return answer(await renameCategory(ctx, actor, id, namesOf(form)));
  if (intent === "up" || intent === "down") return answer(await moveCategoryStep(ctx, actor, id, intent));
  if (intent === "move") {
    const target = field(form, "parent");
    const parentId = target === "root" ? null : idOf(target);
    if (parentId === undefined) return malformed();
    return answer(await moveCategoryUnder(ctx, actor, id, parentId));
  }
  if (intent === "hide" || intent === "show") return answer(await setCategoryHidden(ctx, actor, id, intent === "hide"));
  if (intent === "delete") return answer(await deleteCategory(ctx, actor, id));
  return malformed();
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.categories");

/** Where the tree is drawn: the categories by parent, the language, and the one category whose move is open. */
type TreeView = {
  tree: readonly AdminCategoryNode[];
  byParent: ReadonlyMap<number | null, AdminCategoryNode[]>;
  language: "de" | "en";
  moving: number | undefined;
};

/** `?move=<id>`: the row whose "move under…" list is open. One row at a time, so the page grows with the tree, not
 * with its square (every row listing every category was 6,500 options for 81 categories). */
const movingOf = (request: Request) => idOf(new URL(request.url).searchParams.get("move") ?? "");

function CategoryRow({ node, view }: { node: AdminCategoryNode; view: TreeView }) {
  const t = useAdminT();
  const name = node.names[view.language];
  const hiddenInShop = node.hidden || node.hiddenAbove;
  const moving = view.moving === node.id;
  const hidden = (
    <>
      <input type="hidden" name="id" value={node.id} />
      <input type="hidden" name="name" value={name} />
    </>
  );
  return (
    <li data-category-id={node.id} id={`category-${node.id}`}>
      <div className={`admin-tree__row${hiddenInShop ? " admin-tree__row--hidden" : ""}`}>
        <div className="admin-tree__name">
          <strong>{name}</strong>
          <span className="admin-cell-sub">
            {LANGUAGES.filter((l) => l !== view.language)
              .map((l) => `${l}: ${node.names[l]}`)
              .join(" · ")}{" "}
            · {t("admin.categories.counts", { products: node.products, children: node.children })}
            {node.hidden
              ? ` · ${t("admin.categories.hidden")}`
              : node.hiddenAbove
                ? ` · ${t("admin.categories.hidden_above")}`
                : ""}
          </span>
        </div>
        <div className="admin-tree__actions">
          {(["up", "down"] as const).map((direction) => {
            const edge = direction === "up" ? node.isFirst : node.isLast;
            return (
              <AdminForm key={direction} className="admin-inline-form">
                <input type="hidden" name="intent" value={direction} />
                {hidden}
                <button
                  type="submit"
                  className="admin-button admin-button--small"
                  disabled={edge}
                  aria-label={t(`admin.categories.${direction}_of`, { name })}
                >
                  {t(`admin.categories.${direction}`)}
                </button>
              </AdminForm>
            );
          })}
          {moving ? null : (
            <Link
              to={`?move=${node.id}`}
              preventScrollReset
              className="admin-button admin-button--small"
              aria-label={t("admin.categories.move_open_of", { name })}
            >
              {t("admin.categories.move_under")}
            </Link>
          )}
          <AdminForm className="admin-inline-form">
            <input type="hidden" name="intent" value={node.hidden ? "show" : "hide"} />
            {hidden}
            <button
              type="submit"
              className="admin-button admin-button--small"
              aria-label={t(`admin.categories.${node.hidden ? "show" : "hide"}_of`, { name })}
            >
              {t(`admin.categories.${node.hidden ? "show" : "hide"}`)}
            </button>
          </AdminForm>
          <AdminForm className="admin-inline-form">
            <input type="hidden" name="intent" value="delete" />
            {hidden}
            <button
              type="submit"
              className="admin-button admin-button--small admin-button--danger"
              aria-label={t("admin.categories.delete_of", { name })}
            >
              {t("admin.categories.delete")}
            </button>
          </AdminForm>
        </div>
        <details className="admin-tree__rename">
          <summary>{t("admin.categories.rename_of", { name })}</summary>
          <AdminForm className="admin-form admin-form--row">
            <input type="hidden" name="intent" value="rename" />
            {hidden}
            {LANGUAGES.map((l) => (
              <label key={l} className="admin-field" lang={l}>
                <span>{t(`admin.product.language.${l}`)}</span>
                <input type="text" name={`name_${l}`} maxLength={120} required defaultValue={node.names[l]} />
              </label>
            ))}
            <button type="submit" className="admin-button admin-button--small">
              {t("admin.categories.rename")}
            </button>
          </AdminForm>
        </details>
        {moving ? <MoveForm node={node} view={view} hidden={hidden} /> : null}
      </div>
      <CategoryList parentId={node.id} view={view} />
    </li>
  );
}

/** The open "move under…" of one row: every category that is not this one, below it, or its parent now. The form
 * posts to the page without `?move`, so the list closes once the category has moved. */
function MoveForm({ node, view, hidden }: { node: AdminCategoryNode; view: TreeView; hidden: ReactNode }) {
  const t = useAdminT();
  const { tree, language } = view;
  const name = node.names[language];
  const below = new Set<number>([node.id]);
  for (const c of tree) if (c.parentId !== null && below.has(c.parentId)) below.add(c.id);
  const targets = tree.filter((c) => !below.has(c.id) && c.id !== node.parentId);
  return (
    <AdminForm className="admin-inline-form admin-tree__move" action="/admin/categories/">
      <input type="hidden" name="intent" value="move" />
      {hidden}
      {/* biome-ignore lint/a11y/noAutofocus: the operator asked for this list by its link; focus goes where they choose */}
      <select name="parent" aria-label={t("admin.categories.move_under_of", { name })} defaultValue="" autoFocus>
        <option value="" disabled>
          {t("admin.categories.move_under")}
        </option>
        {node.parentId !== null ? <option value="root">{t("admin.categories.top_level")}</option> : null}
        {targets.map((c) => (
          <option key={c.id} value={c.id}>
            {`${"\u2003".repeat(c.depth)}${c.names[language]}`}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="admin-button admin-button--small"
        aria-label={t("admin.categories.move_of", { name })}
      >
        {t("admin.categories.move")}
      </button>
      <Link
        to="/admin/categories/"
        preventScrollReset
        className="admin-button admin-button--small admin-button--secondary"
      >
        {t("admin.categories.move_cancel")}
      </Link>
    </AdminForm>
  );
}

/** The categories under `parentId` (null: the top level), each with its own list below it. */
function CategoryList({ parentId, view }: { parentId: number | null; view: TreeView }) {
  const nodes = view.byParent.get(parentId);
  if (!nodes) return null;
  return (
    <ul className="admin-tree">
      {nodes.map((node) => (
        <CategoryRow key={node.id} node={node} view={view} />
      ))}
    </ul>
  );
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { tree, language, moving } = loaderData;
  const view = useMemo(() => {
    const byParent = new Map<number | null, AdminCategoryNode[]>();
    for (const c of tree) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
    return { tree, byParent, language, moving };
  }, [tree, language, moving]);
  const answer = useActionData<typeof action>() as Answer | undefined;
  const failedCreate = answer && !answer.ok && answer.intent === "create" ? answer : undefined;
  const values = failedCreate?.values ?? {};
  return (
    <AdminPage title={t("admin.nav.categories")}>
      <p>{t("admin.categories.intro")}</p>
      {answer?.ok ? (
        <FormMessage>
          {answer.changed
            ? t(`admin.categories.done.${answer.intent}`, { name: answer.name })
            : t("admin.categories.done.unchanged")}
        </FormMessage>
      ) : null}
      {answer && !answer.ok ? (
        <FormMessage error>
          {t(`admin.categories.refused.${answer.reason}`, {
            children: answer.counts?.children ?? 0,
            products: answer.counts?.products ?? 0,
          })}
        </FormMessage>
      ) : null}

      <section aria-labelledby="add-heading" className="admin-section">
        <h2 id="add-heading">{t("admin.categories.add_title")}</h2>
        <AdminForm
          className="admin-form admin-form--row"
          key={answer?.ok && answer.intent === "create" ? `created-${tree.length}` : "create"}
        >
          <input type="hidden" name="intent" value="create" />
          <div className="admin-field">
            <label htmlFor="category-parent">{t("admin.categories.parent")}</label>
            <select id="category-parent" name="parent" defaultValue={values.parent ?? ""}>
              <option value="">{t("admin.categories.top_level")}</option>
              {tree.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${"\u2003".repeat(c.depth)}${c.names[language]}`}
                </option>
              ))}
            </select>
          </div>
          {LANGUAGES.map((l) => (
            <label key={l} className="admin-field" lang={l}>
              <span>{t(`admin.categories.name_in.${l}`)}</span>
              <input
                type="text"
                name={`name_${l}`}
                maxLength={120}
                required={l === "de"}
                defaultValue={values[`name_${l}`] ?? ""}
              />
            </label>
          ))}
          <button type="submit" className="admin-button">
            {t("admin.categories.add")}
          </button>
        </AdminForm>
        <p className="admin-cell-sub">{t("admin.categories.add_hint")}</p>
      </section>

      <section aria-labelledby="tree-heading" className="admin-section">
        <h2 id="tree-heading">{t("admin.categories.tree_title", { count: tree.length })}</h2>
        {tree.length === 0 ? (
          <p className="admin-empty">{t("admin.categories.empty")}</p>
        ) : (
          <CategoryList parentId={null} view={view} />
        )}
      </section>
    </AdminPage>
  );
}
