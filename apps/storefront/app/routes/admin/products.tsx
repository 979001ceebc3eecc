import {
  type BulkPriceChange,
  type BulkResult,
  bulkChangePrices,
  bulkChangeStock,
  categoryChoices,
  type DomainFailure,
  listBrands,
  listProducts,
  PRICE_ZONES,
  PRODUCT_STATUSES,
  parseMoney,
  STOCK_STATES,
} from "@vitrine/commerce";
import { BULK_LIMIT, LIST_PAGE_SIZES } from "@vitrine/commerce/catalog-admin";
import type { PriceZone } from "@vitrine/commerce/shops";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { adminLanguageOf, productQueryFromUrl, selectedIds } from "../../lib/admin/catalog.server.ts";
import { formatAdminMoney } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/products";
import "../../styles/admin-orders.css";
import "../../styles/admin-catalog.css";

/**
 * The catalogue (owners and merchandisers): the product list with search (name, number, id, EAN) and filters
 * (category, brand, stock, no image, on sale, status), paged on the server, and bulk changes of prices and stock
 * for the ticked products. Every change is audited and reaches the shop through the event feed.
 */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "catalog" });
  const language = adminLanguageOf(args.request);
  const query = productQueryFromUrl(new URL(args.request.url).searchParams, language);
  const [list, categories, brands] = await Promise.all([
    listProducts(ctx, query),
    categoryChoices(ctx, language),
    listBrands(ctx),
  ]);
  return { list, categories, brands, zones: PRICE_ZONES, stockStates: STOCK_STATES, statuses: PRODUCT_STATUSES };
}

type Answer =
  | { intent: string; ok: true; changed: number }
  | { intent: string; ok?: undefined; error: string; detail: string };

function answer(intent: string, result: BulkResult) {
  if (!result.ok) {
    return refused<Answer>({ intent, error: result.error, detail: result.detail }, result as DomainFailure);
  }
  return { intent, ok: true as const, changed: result.changed.length };
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "catalog" });
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const ids = selectedIds(form);
  if (intent === "bulk-price") {
    const zone = String(form.get("zone") ?? "") as PriceZone;
    const kind = String(form.get("kind") ?? "");
    const value = String(form.get("value") ?? "");
    let change: BulkPriceChange | undefined;
    if (kind === "end_sale") change = { kind, zone };
    else if (kind === "list") {
      const cents = parseMoney(value);
      if (cents !== undefined) change = { kind, zone, cents };
    } else if (kind === "percent_off" && /^\d{1,2}(?:[.,]\d{1,2})?$/.test(value.trim())) {
      change = { kind, zone, percent: Number(value.trim().replace(",", ".")) };
    }
    if (!change) {
      return refused<Answer>(
        { intent, error: "InvalidInput", detail: "value" },
        { ok: false, error: "InvalidInput", detail: "value" },
      );
    }
    return answer(intent, await bulkChangePrices(ctx, actor, ids, change));
  }
  if (intent === "bulk-stock") {
    const kind = String(form.get("stock_kind") ?? "");
    const value = String(form.get("quantity") ?? "").trim();
    if ((kind !== "set" && kind !== "add") || !/^-?\d{1,6}$/.test(value)) {
      return refused<Answer>(
        { intent, error: "InvalidInput", detail: "quantity" },
        { ok: false, error: "InvalidInput", detail: "quantity" },
      );
    }
    return answer(intent, await bulkChangeStock(ctx, actor, ids, { kind, quantity: Number(value) }));
  }
  return refused<Answer>({ intent, error: "unknown_intent", detail: "" }, invalidForm(intent));
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.products");

function Filters({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const t = useAdminT();
  const [params] = useSearchParams();
  return (
    <Form method="get" className="admin-form admin-form--row admin-filters" aria-label={t("admin.products.filters")}>
      <label className="admin-field admin-field--wide">
        <span>{t("admin.products.search")}</span>
        <input
          type="search"
          name="q"
          defaultValue={params.get("q") ?? ""}
          placeholder={t("admin.products.search_hint")}
        />
      </label>
      <label className="admin-field">
        <span>{t("admin.products.filter.category")}</span>
        <select name="category" defaultValue={params.get("category") ?? ""}>
          <option value="">{t("admin.products.all")}</option>
          {loaderData.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {`${"\u2003".repeat(c.depth)}${c.name}`}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        <span>{t("admin.products.filter.brand")}</span>
        <select name="brand" defaultValue={params.get("brand") ?? ""}>
          <option value="">{t("admin.products.all")}</option>
          {loaderData.brands.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        <span>{t("admin.products.filter.stock")}</span>
        <select name="stock" defaultValue={params.get("stock") ?? ""}>
          <option value="">{t("admin.products.all")}</option>
          {loaderData.stockStates.map((s) => (
            <option key={s} value={s}>
              {t(`admin.products.stock.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        <span>{t("admin.products.filter.status")}</span>
        <select name="status" defaultValue={params.get("status") ?? ""}>
          <option value="">{t("admin.products.all")}</option>
          {loaderData.statuses.map((s) => (
            <option key={s} value={s}>
              {t(`admin.products.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-check">
        <input type="checkbox" name="image" value="none" defaultChecked={params.get("image") === "none"} />
        <span>{t("admin.products.filter.no_image")}</span>
      </label>
      <label className="admin-check">
        <input type="checkbox" name="sale" value="1" defaultChecked={params.get("sale") === "1"} />
        <span>{t("admin.products.filter.on_sale")}</span>
      </label>
      <label className="admin-field">
        <span>{t("admin.products.per_page")}</span>
        <select name="per" defaultValue={params.get("per") ?? "50"}>
          {LIST_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="admin-button">
        {t("admin.products.apply")}
      </button>
    </Form>
  );
}

/** One form for both bulk changes (the ticked rows belong to it): the button pressed says which. */
function BulkForm({ zones }: { zones: readonly PriceZone[] }) {
  const t = useAdminT();
  return (
    <section aria-labelledby="bulk-heading" className="admin-section admin-bulk">
      <h2 id="bulk-heading">{t("admin.products.bulk.title")}</h2>
      <p className="admin-cell-sub">{t("admin.products.bulk.hint", { limit: BULK_LIMIT })}</p>
      <AdminForm id="bulk" className="admin-bulk__form">
        <fieldset className="admin-form admin-form--row">
          <legend>{t("admin.products.bulk.prices")}</legend>
          <label className="admin-field">
            <span>{t("admin.products.bulk.zone")}</span>
            <select name="zone" defaultValue="DE">
              {zones.map((z) => (
                <option key={z} value={z}>
                  {t(`admin.products.zone.${z}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-field">
            <span>{t("admin.products.bulk.price_kind")}</span>
            <select name="kind" defaultValue="percent_off">
              <option value="percent_off">{t("admin.products.bulk.kind.percent_off")}</option>
              <option value="list">{t("admin.products.bulk.kind.list")}</option>
              <option value="end_sale">{t("admin.products.bulk.kind.end_sale")}</option>
            </select>
          </label>
          <label className="admin-field">
            <span>{t("admin.products.bulk.value")}</span>
            <input type="text" name="value" inputMode="decimal" size={8} />
          </label>
          <button type="submit" name="intent" value="bulk-price" className="admin-button">
            {t("admin.products.bulk.apply_price")}
          </button>
        </fieldset>
        <fieldset className="admin-form admin-form--row">
          <legend>{t("admin.products.bulk.stock")}</legend>
          <label className="admin-field">
            <span>{t("admin.products.bulk.stock_kind")}</span>
            <select name="stock_kind" defaultValue="set">
              <option value="set">{t("admin.products.bulk.kind.set")}</option>
              <option value="add">{t("admin.products.bulk.kind.add")}</option>
            </select>
          </label>
          <label className="admin-field">
            <span>{t("admin.products.bulk.quantity")}</span>
            <input type="text" name="quantity" inputMode="numeric" size={6} />
          </label>
          <button type="submit" name="intent" value="bulk-stock" className="admin-button">
            {t("admin.products.bulk.apply_stock")}
          </button>
        </fieldset>
      </AdminForm>
    </section>
  );
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const result = useActionData<typeof action>() as Answer | undefined;
  const { list } = loaderData;
  // Beyond the counted matches the list goes on page by page while pages are full.
  const pages = Math.max(list.page, Math.ceil(list.total / list.perPage), 1);
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next}`;
  };
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/products/";
  return (
    <AdminPage
      title={t("admin.nav.products")}
      actions={
        <Link className="admin-button admin-button--small" to="/admin/products/import/">
          {t("admin.products.import_export")}
        </Link>
      }
    >
      <Filters loaderData={loaderData} />
      {params.get("deleted") ? (
        <FormMessage>{t("admin.products.deleted", { id: params.get("deleted") ?? "" })}</FormMessage>
      ) : null}
      {result?.ok ? (
        <FormMessage>{t(`admin.products.bulk.done`, { count: result.changed })}</FormMessage>
      ) : result ? (
        <FormMessage error>
          {t(`admin.products.bulk.error.${result.detail === "" ? "unknown" : "invalid"}`, { detail: result.detail })}
        </FormMessage>
      ) : null}
      <p className="admin-cell-sub" aria-live="polite">
        {loading
          ? t("admin.products.loading")
          : t(list.totalCapped ? "admin.products.count_capped" : "admin.products.count", { count: list.total })}
      </p>
      {list.rows.length === 0 ? (
        <p className="admin-empty">{t("admin.products.empty")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-products" aria-busy={loading}>
            <caption className="admin-visually-hidden">{t("admin.nav.products")}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="admin-visually-hidden">{t("admin.products.col.select")}</span>
                </th>
                <th scope="col">{t("admin.products.col.product")}</th>
                <th scope="col">{t("admin.products.col.status")}</th>
                <th scope="col" className="admin-num">
                  {t("admin.products.col.stock")}
                </th>
                {loaderData.zones.map((z) => (
                  <th scope="col" className="admin-num" key={z}>
                    {t(`admin.products.zone.${z}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((p) => (
                <tr key={p.id}>
                  <td>
                    <input
                      type="checkbox"
                      name="id"
                      value={p.id}
                      form="bulk"
                      aria-label={t("admin.products.select", { name: p.name })}
                    />
                  </td>
                  <th scope="row">
                    <Link className="admin-cell-main" to={`/admin/products/${p.id}/`}>
                      {p.name}
                    </Link>
                    <span className="admin-cell-sub">
                      {p.referenceKey} · {p.brand} · #{p.id}
                      {p.frontImage ? "" : ` · ${t("admin.products.no_image")}`}
                    </span>
                  </th>
                  <td>
                    <span className={`admin-badge admin-product-status admin-product-status--${p.status}`}>
                      {t(`admin.products.status.${p.status}`)}
                    </span>
                  </td>
                  <td className="admin-num">
                    {p.stock}
                    {p.sellableWithoutStock ? (
                      <span className="admin-cell-sub">{t("admin.products.backorder")}</span>
                    ) : null}
                  </td>
                  {loaderData.zones.map((z) => {
                    const price = p.prices[z];
                    const currency = z === "CH" ? "CHF" : "EUR";
                    return (
                      <td className="admin-num" key={z}>
                        {price ? (
                          price.sale !== null ? (
                            <>
                              <span className="admin-price-sale">
                                {formatAdminMoney(price.sale, currency, t.locale)}
                              </span>
                              <s className="admin-cell-sub">{formatAdminMoney(price.list, currency, t.locale)}</s>
                            </>
                          ) : (
                            formatAdminMoney(price.list, currency, t.locale)
                          )
                        ) : (
                          "–"
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 || list.totalCapped ? (
        <nav className="admin-pager" aria-label={t("admin.products.pages")}>
          {list.page > 1 ? <Link to={pageHref(list.page - 1)}>{t("admin.products.previous_page")}</Link> : null}
          <span>{t("admin.products.page_of", { page: list.page, pages: list.totalCapped ? `${pages}+` : pages })}</span>
          {list.page < pages || (list.totalCapped && list.rows.length === list.perPage) ? (
            <Link to={pageHref(list.page + 1)}>{t("admin.products.next_page")}</Link>
          ) : null}
        </nav>
      ) : null}
      {list.rows.length > 0 ? <BulkForm zones={loaderData.zones} /> : null}
    </AdminPage>
  );
}
