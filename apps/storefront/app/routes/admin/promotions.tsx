import {
  endPromotion,
  getCategoryTree,
  loadPromotions,
  type PromotionRecord,
  type PromotionResult,
  productsReached,
  promotionName,
  promotionStatus,
  savePromotion,
  setPromotionPriority,
} from "@vitrine/commerce";
import { type Language, SHOPS, STORE_CODES } from "@vitrine/commerce/shops";
import { Link, useActionData, useNavigation } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { adminLocalToIso, formatAdminDate, isoToAdminLocal } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/promotions";
import "../../styles/admin-orders.css";
import "../../styles/admin-marketing.css";

/**
 * Promotions (owners and merchandisers): automatic discounts (a percentage off each qualifying item, or an amount
 * off the basket from a minimum order value) and buy-x-get-y (the cheapest units free, or gift units of listed
 * variants), with the products they reach, their stores, period and priority (the lowest number wins). Create,
 * change, schedule, reprioritise and end; audited, published as `catalog.changed` events: every process's search
 * index, product pages and baskets follow within the feed's polling interval.
 */

const KINDS = ["percentage", "absolute", "buy_x_get_y"] as const;
type Kind = (typeof KINDS)[number];
const PREVIEW_LIMIT = 50;

const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const list = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const ids = (text: string) => list(text).map(Number);
const cents = (text: string) => (text === "" ? undefined : Math.round(Number(text.replace(",", ".")) * 100));

/** The form's values, as the promotion record the rules take (the rules' schema then checks every field). */
function recordFromForm(form: FormData): { record: Record<string, unknown>; values: Record<string, string> } {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "storeCodes") values[key] = value;
  const kind = (field(form, "kind") || "percentage") as Kind;
  const money = (prefix: string) => {
    const eur = cents(field(form, `${prefix}EUR`));
    const chf = cents(field(form, `${prefix}CHF`));
    return eur === undefined && chf === undefined ? undefined : { EUR: eur, CHF: chf };
  };
  const effect =
    kind === "buy_x_get_y"
      ? {
          type: "buy_x_get_y",
          buyQuantity: Number(field(form, "buyQuantity")),
          getQuantity: Number(field(form, "getQuantity")),
          variantIds: ids(field(form, "variantIds")),
        }
      : kind === "percentage"
        ? { type: "automatic_discount", kind, percentage: Number(field(form, "percentage")) }
        : { type: "automatic_discount", kind, amount: money("amount") };
  const categoryIds = form.getAll("categoryIds").map(Number).filter(Number.isSafeInteger);
  const brands = list(field(form, "brands"));
  const productIds = ids(field(form, "productIds"));
  const minimum = money("minimum");
  const conditions = {
    ...(categoryIds.length ? { categoryIds } : {}),
    ...(brands.length ? { brands } : {}),
    ...(productIds.length ? { productIds } : {}),
    ...(minimum ? { minimumOrderValue: minimum } : {}),
  };
  const record = {
    id: field(form, "id"),
    priority: Number(field(form, "priority") || 0),
    effect,
    conditions,
    colorHex: field(form, "colorHex"),
    names: { de: field(form, "name_de"), fr: field(form, "name_fr"), en: field(form, "name_en") },
    storeCodes: form.getAll("storeCodes").map(String),
    validFrom: adminLocalToIso(field(form, "validFrom")) ?? field(form, "validFrom"),
    validTo: adminLocalToIso(field(form, "validTo")) ?? field(form, "validTo"),
  };
  values.storeCodes = record.storeCodes.join(",");
  values.categoryIds = categoryIds.join(",");
  return { record, values };
}

/** The form's values of a stored promotion (for editing). */
function valuesOf(p: PromotionRecord): Record<string, string> {
  const e = p.effect;
  const c = p.conditions;
  const money = (m: { EUR: number; CHF: number } | undefined, which: "EUR" | "CHF") =>
    m ? String(m[which] / 100) : "";
  return {
    id: p.id,
    priority: String(p.priority),
    kind: e.type === "buy_x_get_y" ? "buy_x_get_y" : e.kind,
    percentage: e.type === "automatic_discount" && e.percentage !== undefined ? String(e.percentage) : "",
    amountEUR: e.type === "automatic_discount" ? money(e.amount, "EUR") : "",
    amountCHF: e.type === "automatic_discount" ? money(e.amount, "CHF") : "",
    buyQuantity: e.type === "buy_x_get_y" ? String(e.buyQuantity) : "",
    getQuantity: e.type === "buy_x_get_y" ? String(e.getQuantity) : "",
    variantIds: e.type === "buy_x_get_y" ? e.variantIds.join(", ") : "",
    categoryIds: (c.categoryIds ?? []).join(","),
    brands: (c.brands ?? []).join(", "),
    productIds: (c.productIds ?? []).join(", "),
    minimumEUR: money(c.minimumOrderValue, "EUR"),
    minimumCHF: money(c.minimumOrderValue, "CHF"),
    colorHex: p.colorHex,
    name_de: p.names.de,
    name_fr: p.names.fr,
    name_en: p.names.en,
    storeCodes: p.storeCodes.join(","),
    validFrom: isoToAdminLocal(p.validFrom),
    validTo: isoToAdminLocal(p.validTo),
  };
}

function blankValues(now: Date): Record<string, string> {
  const day = 86_400_000;
  return {
    kind: "percentage",
    priority: "50",
    colorHex: "#c62f2f",
    storeCodes: STORE_CODES.join(","),
    validFrom: isoToAdminLocal(new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000).toISOString()),
    validTo: isoToAdminLocal(new Date(now.getTime() + 14 * day).toISOString()),
  };
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "marketing" });
  const ctx = staffCtx(args);
  const now = ctx.clock.now();
  const url = new URL(args.request.url);
  const editId = url.searchParams.get("edit");
  const [promotions, tree] = await Promise.all([loadPromotions(ctx), getCategoryTree(ctx)]);
  const editing = editId ? promotions.find((p) => p.id === editId) : undefined;
  const language: Language = "de";
  const de = SHOPS[0] as (typeof SHOPS)[number];
  const categories = [...tree.nodes.values()]
    .sort((a, b) => tree.path(a.record.id, language).localeCompare(tree.path(b.record.id, language)))
    .map((n) => ({
      id: n.record.id,
      label: `${"— ".repeat(n.depth)}${n.record.translations.de.name}`,
      key: n.record.key,
    }));
  const reach = editing ? await productsReached(ctx, editing.conditions, language, PREVIEW_LIMIT) : undefined;
  return {
    now: now.toISOString(),
    promotions: promotions.map((p) => ({
      ...p,
      status: promotionStatus(p, now),
      label: promotionName(p, de),
    })),
    categories,
    editing: editing ? { id: editing.id, values: valuesOf(editing), reach } : undefined,
    blank: blankValues(now),
  };
}

function answer(intent: string, result: PromotionResult, values?: Record<string, string>) {
  if (!result.ok) return refused({ intent, error: result.error, detail: result.detail, values }, result);
  return { intent, ok: true as const, id: result.promotion.id, changed: result.changed };
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "marketing" });
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const id = field(form, "id");
  if (intent === "create" || intent === "update") {
    const { record, values } = recordFromForm(form);
    return answer(intent, await savePromotion(ctx, actor, record, intent), values);
  }
  if (intent === "preview") {
    const { record, values } = recordFromForm(form);
    const conditions = record.conditions as { categoryIds?: number[]; brands?: string[]; productIds?: number[] };
    const reach = await productsReached(ctx, conditions, "de", PREVIEW_LIMIT);
    return { intent, preview: true as const, reach, values };
  }
  if (intent === "priority") {
    const priority = Number(field(form, "priority"));
    if (!Number.isSafeInteger(priority) || priority < 0)
      return refused(
        { intent, error: "InvalidInput", detail: "priority: a whole number, 0 or more" },
        invalidForm(intent),
      );
    return answer(intent, await setPromotionPriority(ctx, actor, id, priority));
  }
  if (intent === "end") return answer(intent, await endPromotion(ctx, actor, id));
  return refused({ intent, error: "InvalidInput", detail: "" }, invalidForm(intent));
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.promotions");

type Reach = { count: number; products: { id: number; name: string; brand: string }[] };
type Answer =
  | { intent: string; ok: true; id: string; changed: boolean; preview?: undefined }
  | { intent: string; preview: true; reach: Reach; values: Record<string, string>; ok?: undefined }
  | {
      intent: string;
      ok?: undefined;
      preview?: undefined;
      error: string;
      detail: string;
      values?: Record<string, string>;
    };

function ReachList({ reach }: { reach: Reach }) {
  const t = useAdminT();
  return (
    <section aria-labelledby="reach-heading" className="admin-section admin-marketing__reach">
      <h2 id="reach-heading">{t("admin.promotions.reach_title", { count: reach.count })}</h2>
      {reach.count === 0 ? (
        <p>{t("admin.promotions.reach_none")}</p>
      ) : (
        <>
          <ul className="admin-marketing__products">
            {reach.products.map((p) => (
              <li key={p.id}>
                <a href={`/de/p/${p.id}/`} target="_blank" rel="noreferrer">
                  {p.name}
                </a>{" "}
                <span className="admin-cell-sub">
                  {p.brand} · {p.id}
                </span>
              </li>
            ))}
          </ul>
          {reach.count > reach.products.length ? (
            <p>{t("admin.promotions.reach_more", { shown: reach.products.length, count: reach.count })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function PromotionForm({
  mode,
  values,
  categories,
}: {
  mode: "create" | "update";
  values: Record<string, string>;
  categories: { id: number; label: string }[];
}) {
  const t = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const v = (name: string) => values[name] ?? "";
  const stores = new Set(v("storeCodes").split(",").filter(Boolean));
  const chosen = new Set(v("categoryIds").split(",").filter(Boolean));
  return (
    <AdminForm className="admin-form admin-marketing__promotion" key={`${mode}-${v("id")}`}>
      <fieldset>
        <legend>{t("admin.promotions.what")}</legend>
        <label className="admin-field">
          <span>{t("admin.promotions.col.id")}</span>
          <input
            type="text"
            name="id"
            required
            maxLength={80}
            pattern="[a-z0-9_\-]+"
            defaultValue={v("id")}
            readOnly={mode === "update"}
            aria-describedby="promotion-id-hint"
          />
        </label>
        <p id="promotion-id-hint" className="admin-marketing__hint">
          {t("admin.promotions.id_hint")}
        </p>
        {(["de", "fr", "en"] as const).map((l) => (
          <label className="admin-field admin-field--wide" key={l}>
            <span>{t(`admin.promotions.name_${l}`)}</span>
            <input type="text" name={`name_${l}`} lang={l} required maxLength={120} defaultValue={v(`name_${l}`)} />
          </label>
        ))}
        <p className="admin-marketing__hint">{t("admin.promotions.name_hint")}</p>
        <label className="admin-field">
          <span>{t("admin.promotions.col.kind")}</span>
          <select name="kind" defaultValue={v("kind") || "percentage"}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`admin.promotions.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="admin-marketing__row">
          <label className="admin-field">
            <span>{t("admin.promotions.percentage")}</span>
            <input type="number" name="percentage" min={1} max={100} step="any" defaultValue={v("percentage")} />
          </label>
          <label className="admin-field">
            <span>{t("admin.promotions.amount_eur")}</span>
            <input type="number" name="amountEUR" min={0.01} step={0.01} defaultValue={v("amountEUR")} />
          </label>
          <label className="admin-field">
            <span>{t("admin.promotions.amount_chf")}</span>
            <input type="number" name="amountCHF" min={0.01} step={0.01} defaultValue={v("amountCHF")} />
          </label>
        </div>
        <div className="admin-marketing__row">
          <label className="admin-field">
            <span>{t("admin.promotions.buy")}</span>
            <input type="number" name="buyQuantity" min={1} step={1} defaultValue={v("buyQuantity")} />
          </label>
          <label className="admin-field">
            <span>{t("admin.promotions.get")}</span>
            <input type="number" name="getQuantity" min={1} step={1} defaultValue={v("getQuantity")} />
          </label>
          <label className="admin-field admin-field--wide">
            <span>{t("admin.promotions.gift_variants")}</span>
            <input type="text" name="variantIds" inputMode="numeric" defaultValue={v("variantIds")} />
          </label>
        </div>
        <p className="admin-marketing__hint">{t("admin.promotions.kind_hint")}</p>
      </fieldset>
      <fieldset>
        <legend>{t("admin.promotions.which")}</legend>
        <label className="admin-field admin-field--wide">
          <span>{t("admin.promotions.categories")}</span>
          <select name="categoryIds" multiple size={8} defaultValue={[...chosen]}>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field admin-field--wide">
          <span>{t("admin.promotions.brands")}</span>
          <input type="text" name="brands" defaultValue={v("brands")} />
        </label>
        <label className="admin-field admin-field--wide">
          <span>{t("admin.promotions.products")}</span>
          <input type="text" name="productIds" inputMode="numeric" defaultValue={v("productIds")} />
        </label>
        <div className="admin-marketing__row">
          <label className="admin-field">
            <span>{t("admin.promotions.minimum_eur")}</span>
            <input type="number" name="minimumEUR" min={0.01} step={0.01} defaultValue={v("minimumEUR")} />
          </label>
          <label className="admin-field">
            <span>{t("admin.promotions.minimum_chf")}</span>
            <input type="number" name="minimumCHF" min={0.01} step={0.01} defaultValue={v("minimumCHF")} />
          </label>
        </div>
        <p className="admin-marketing__hint">{t("admin.promotions.which_hint")}</p>
        <button type="submit" name="intent" value="preview" formNoValidate className="admin-button admin-button--plain">
          {t("admin.promotions.preview")}
        </button>
      </fieldset>
      <fieldset>
        <legend>{t("admin.promotions.where_when")}</legend>
        <fieldset className="admin-marketing__stores">
          <legend>{t("admin.promotions.col.stores")}</legend>
          {STORE_CODES.map((code) => (
            <label key={code}>
              <input type="checkbox" name="storeCodes" value={code} defaultChecked={stores.has(code)} /> {code}
            </label>
          ))}
        </fieldset>
        <div className="admin-marketing__row">
          <label className="admin-field">
            <span>{t("admin.promotions.valid_from")}</span>
            <input type="datetime-local" name="validFrom" required defaultValue={v("validFrom")} />
          </label>
          <label className="admin-field">
            <span>{t("admin.promotions.valid_to")}</span>
            <input type="datetime-local" name="validTo" required defaultValue={v("validTo")} />
          </label>
          <label className="admin-field">
            <span>{t("admin.promotions.col.priority")}</span>
            <input type="number" name="priority" min={0} step={1} required defaultValue={v("priority")} />
          </label>
          <label className="admin-field">
            <span>{t("admin.promotions.colour")}</span>
            <input type="color" name="colorHex" defaultValue={v("colorHex") || "#c62f2f"} />
          </label>
        </div>
        <p className="admin-marketing__hint">{t("admin.promotions.when_hint")}</p>
      </fieldset>
      <div className="admin-actions">
        <button type="submit" name="intent" value={mode} className="admin-button" aria-busy={busy || undefined}>
          {t(mode === "create" ? "admin.promotions.create" : "admin.promotions.save")}
        </button>
        {mode === "update" ? (
          <Link to="/admin/promotions/" className="admin-button admin-button--plain">
            {t("admin.promotions.cancel")}
          </Link>
        ) : null}
      </div>
    </AdminForm>
  );
}

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { promotions, categories, editing, blank } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const formValues = answer && !answer.ok && answer.values ? answer.values : (editing?.values ?? blank);
  const mode = editing ? "update" : "create";
  const reach = answer?.preview ? answer.reach : editing?.reach;
  return (
    <AdminPage title={t("admin.nav.promotions")}>
      <p>{t("admin.promotions.intro")}</p>
      {answer?.ok ? (
        <FormMessage>
          {t(answer.changed ? `admin.promotions.done.${answer.intent}` : "admin.promotions.done.unchanged", {
            id: answer.id,
          })}
        </FormMessage>
      ) : null}
      {answer && !answer.ok && !answer.preview ? (
        <FormMessage error>{t(`admin.promotions.error.${answer.error}`, { detail: answer.detail })}</FormMessage>
      ) : null}
      <section aria-labelledby="list-heading" className="admin-section">
        <h2 id="list-heading">{t("admin.promotions.list_title", { count: promotions.length })}</h2>
        {promotions.length === 0 ? (
          <p>{t("admin.promotions.empty")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-marketing__table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.promotions.col.name")}</th>
                  <th scope="col">{t("admin.promotions.col.kind")}</th>
                  <th scope="col">{t("admin.promotions.col.stores")}</th>
                  <th scope="col">{t("admin.promotions.col.period")}</th>
                  <th scope="col">{t("admin.promotions.col.status")}</th>
                  <th scope="col">{t("admin.promotions.col.priority")}</th>
                  <th scope="col">
                    <span className="admin-visually-hidden">{t("admin.promotions.col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {promotions.map((p) => (
                  <tr key={p.id} data-promotion-id={p.id}>
                    <td>
                      <span className="admin-marketing__swatch" style={{ background: p.colorHex }} aria-hidden="true" />
                      <span className="admin-cell-main">{p.label}</span>
                      <span className="admin-cell-sub">{p.id}</span>
                    </td>
                    <td>
                      {t(`admin.promotions.kind.${p.effect.type === "buy_x_get_y" ? "buy_x_get_y" : p.effect.kind}`)}
                    </td>
                    <td>{p.storeCodes.join(", ")}</td>
                    <td>
                      {formatAdminDate(p.validFrom, t.locale)} – {formatAdminDate(p.validTo, t.locale)}
                    </td>
                    <td>
                      <span className={`admin-badge admin-marketing__status--${p.status}`}>
                        {t(`admin.promotions.status.${p.status}`)}
                      </span>
                    </td>
                    <td>
                      <AdminForm className="admin-inline-form">
                        <input type="hidden" name="intent" value="priority" />
                        <input type="hidden" name="id" value={p.id} />
                        <input
                          type="number"
                          name="priority"
                          min={0}
                          step={1}
                          required
                          defaultValue={p.priority}
                          className="admin-marketing__priority"
                          aria-label={t("admin.promotions.priority_of", { id: p.id })}
                        />
                        <button
                          type="submit"
                          className="admin-button admin-button--small"
                          aria-label={t("admin.promotions.priority_save_of", { id: p.id })}
                        >
                          {t("admin.promotions.priority_save")}
                        </button>
                      </AdminForm>
                    </td>
                    <td>
                      <div className="admin-marketing__row-actions">
                        <Link
                          to={`/admin/promotions/?edit=${encodeURIComponent(p.id)}#promotion-form`}
                          className="admin-button admin-button--small admin-button--plain"
                          aria-label={t("admin.promotions.edit_of", { id: p.id })}
                        >
                          {t("admin.promotions.edit")}
                        </Link>
                        {p.status !== "ended" ? (
                          <AdminForm className="admin-inline-form">
                            <input type="hidden" name="intent" value="end" />
                            <input type="hidden" name="id" value={p.id} />
                            <button
                              type="submit"
                              className="admin-button admin-button--small admin-button--danger"
                              aria-label={t("admin.promotions.end_of", { id: p.id })}
                            >
                              {t("admin.promotions.end")}
                            </button>
                          </AdminForm>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="promotion-form-heading" className="admin-section" id="promotion-form">
        <h2 id="promotion-form-heading">
          {editing ? t("admin.promotions.edit_title", { id: editing.id }) : t("admin.promotions.create_title")}
        </h2>
        <div className="admin-marketing__split">
          <PromotionForm mode={mode} values={formValues} categories={categories} />
          {reach ? <ReachList reach={reach} /> : null}
        </div>
      </section>
    </AdminPage>
  );
}
