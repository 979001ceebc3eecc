import {
  loadProductStoreStock,
  type StoreFieldError,
  type StoreStockChange,
  setProductStoreStock,
} from "@vitrine/commerce";
import { Link, useActionData, useNavigation } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/product-store-stock";
import "../../styles/admin-orders.css";
import "../../styles/admin-catalog.css";
import "../../styles/admin-stores.css";

/**
 * A product's stock in the physical stores (owners and merchandisers): each size × each store with a quantity,
 * saved in one transaction (every wrong quantity named at once), audited and published as the product's stock
 * change, which the shop's "available in store" filter follows within two seconds.
 */

function productIdOf(params: { id?: string }): number | undefined {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function notFound() {
  return refused(null, { ok: false, error: "NotFound", detail: "No such product" });
}

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "catalog" });
  const id = productIdOf(args.params);
  if (id === undefined) throw notFound();
  const stock = await loadProductStoreStock(ctx, id);
  if (!stock) throw notFound();
  return stock;
}

type Answer =
  | { ok: true; changed: number }
  | {
      ok?: undefined;
      error: string;
      detail: string;
      fields?: Record<string, StoreFieldError>;
      values?: Record<string, string>;
    };

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "catalog" });
  const id = productIdOf(args.params);
  if (id === undefined) throw notFound();
  const form = await args.request.formData();
  if (form.get("intent") !== "save")
    return refused<Answer>({ error: "InvalidInput", detail: "" }, invalidForm(String(form.get("intent") ?? "")));
  const changes: StoreStockChange[] = [];
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    const match = /^qty\.(\d+)\.([a-z0-9-]+)$/.exec(name);
    if (!match || typeof value !== "string") continue;
    values[name] = value;
    changes.push({ variantId: Number(match[1]), storeId: match[2] as string, quantity: value });
  }
  const result = await setProductStoreStock(ctx, actor, id, changes);
  if (result.ok) return { ok: true as const, changed: result.changed };
  return refused<Answer>(
    {
      error: result.error,
      detail: result.detail,
      ...("fields" in result ? { fields: result.fields } : {}),
      values,
    },
    result,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.store_stock.title");

export default function AdminProductStoreStock({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const navigation = useNavigation();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const { productId, name, referenceKey, stores, variants } = loaderData;
  const failed = answer && !answer.ok ? answer : undefined;
  const fields = failed?.fields ?? {};
  const saving = navigation.state === "submitting";
  return (
    <AdminPage
      title={t("admin.store_stock.heading", { name })}
      actions={
        <Link className="admin-button admin-button--small" to={`/admin/products/${productId}/`}>
          {t("admin.store_stock.back")}
        </Link>
      }
    >
      <p className="admin-cell-sub">
        {referenceKey} · #{productId}
      </p>
      <p>{t("admin.store_stock.intro")}</p>
      {answer?.ok ? (
        <FormMessage>
          {answer.changed > 0
            ? t("admin.store_stock.done", { count: answer.changed })
            : t("admin.store_stock.unchanged")}
        </FormMessage>
      ) : null}
      {failed ? (
        <FormMessage error>
          {failed.fields
            ? t("admin.store_stock.error.summary", { count: Object.keys(fields).length })
            : t("admin.store_stock.error.not_found")}
        </FormMessage>
      ) : null}
      {stores.length === 0 ? (
        <p className="admin-empty">
          {t("admin.store_stock.no_stores")} <Link to="/admin/stores/">{t("admin.store_stock.to_stores")}</Link>
        </p>
      ) : variants.length === 0 ? (
        <p className="admin-empty">{t("admin.store_stock.no_sizes")}</p>
      ) : (
        <AdminForm className="admin-store-form">
          <input type="hidden" name="intent" value="save" />
          <div className="admin-table-wrap">
            <table className="admin-table admin-store-stock">
              <caption className="admin-visually-hidden">{t("admin.store_stock.caption", { name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("admin.store_stock.size")}</th>
                  {stores.map((store) => (
                    <th scope="col" key={store.id}>
                      {store.name}
                      <div className="admin-cell-sub">{store.city}</div>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {variants.map((variant) => (
                  <tr key={variant.id}>
                    <th scope="row">{variant.size}</th>
                    {stores.map((store) => {
                      // The service's field name (storeStockField): the page's bundle takes no server module.
                      const field = `qty.${variant.id}.${store.id}`;
                      const error = fields[field];
                      return (
                        <td key={store.id}>
                          <input
                            type="number"
                            name={field}
                            min={0}
                            max={99999}
                            step={1}
                            inputMode="numeric"
                            defaultValue={failed?.values?.[field] ?? String(variant.quantities[store.id] ?? 0)}
                            aria-label={t("admin.store_stock.quantity_of", { size: variant.size, store: store.name })}
                            {...(error ? { "aria-invalid": true as const, "aria-describedby": `${field}-error` } : {})}
                          />
                          {error ? (
                            <small id={`${field}-error`} className="admin-field-error">
                              {t("admin.store_stock.error.quantity")}
                            </small>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="admin-store-form__actions">
            <button type="submit" className="admin-button" aria-busy={saving || undefined}>
              {saving ? t("admin.store_stock.saving") : t("admin.store_stock.save")}
            </button>
          </div>
        </AdminForm>
      )}
    </AdminPage>
  );
}
