import {
  categoryChoices,
  type DomainFailure,
  deleteProduct,
  type FieldError,
  isProductStatus,
  listColourSiblings,
  loadEditableProduct,
  loadVocabulary,
  saveProduct,
  setProductStatus,
} from "@vitrine/commerce";
import { formatMoneyInput, PRICE_ZONES, ZONE_CURRENCY } from "@vitrine/commerce/catalog-admin";
import { LANGUAGES } from "@vitrine/commerce/shops";
import { Link, redirect, useActionData, useNavigation } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { ColourSiblingsSection, SizesSection } from "../../components/admin/ProductEditingSections.tsx";
import { adminLanguageOf, productEditFromForm } from "../../lib/admin/catalog.server.ts";
import { formatAdminDate } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import {
  isProductEditingIntent,
  type ProductEditingAnswer,
  productEditingAction,
} from "../../lib/admin/product-editing.server.ts";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/product";
import "../../styles/admin-orders.css";
import "../../styles/admin-catalog.css";

/**
 * The product editor (owners and merchandisers): names and descriptions per language, attributes from the shop's
 * vocabulary, categories, prices per price zone (EUR for the de, at and en stores, CHF for ch and fr-ch) with
 * reductions, and stock per size; and taking the product out of the shop (hide, archive) or deleting it. A save is
 * one transaction: every field error is shown at once and nothing is half-saved.
 */

function productId(params: { id?: string }): number {
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  if (id <= 0) throw refused(null, { ok: false, error: "NotFound", detail: `No product ${params.id}` });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "catalog" });
  const id = productId(args.params);
  const language = adminLanguageOf(args.request);
  const product = await loadEditableProduct(ctx, id);
  if (!product) throw refused(null, { ok: false, error: "NotFound", detail: `No product ${id}` });
  const [vocabulary, categories, siblings] = await Promise.all([
    loadVocabulary(ctx),
    categoryChoices(ctx, language),
    listColourSiblings(ctx, id, language),
  ]);
  const choices = (kind: "productType" | "colour" | "pattern" | "fit" | "material") =>
    vocabulary.values(kind).map((v) => ({ id: v.id, label: vocabulary.label(kind, v.id, language) }));
  return {
    product,
    categories,
    siblings,
    vocabulary: {
      productType: choices("productType"),
      colour: choices("colour"),
      pattern: choices("pattern"),
      fit: choices("fit"),
      material: choices("material"),
      attributes: vocabulary
        .attributes()
        .map((a) => ({ key: a.key, label: vocabulary.attributeLabel(a.key, language) })),
    },
  };
}

type Answer =
  | { intent: string; ok: true; changed: boolean }
  | {
      intent: string;
      ok?: undefined;
      error: string;
      detail: string;
      fields?: Record<string, FieldError>;
      values?: Record<string, string | string[]>;
    };

/** What the form sent, to show it again beside the errors (a page without JavaScript is rendered anew). */
function sentValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    values[key] = key === "material" || key === "categoryIds" ? all : (all[0] ?? "");
  }
  return values;
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "catalog" });
  const id = productId(args.params);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  // Colour siblings and sizes: their own sections (ProductEditingSections.tsx).
  if (isProductEditingIntent(intent)) return productEditingAction(ctx, actor, id, intent, form);
  if (intent === "save") {
    const current = await loadEditableProduct(ctx, id);
    if (!current) throw refused(null, { ok: false, error: "NotFound", detail: `No product ${id}` });
    const vocabulary = await loadVocabulary(ctx);
    const input = productEditFromForm(
      form,
      current.record,
      vocabulary.attributes().map((a) => a.key),
    );
    const result = await saveProduct(ctx, actor, id, input);
    if (result.ok) return { intent, ok: true as const, changed: result.changed };
    return refused<Answer>(
      {
        intent,
        error: result.error,
        detail: result.detail,
        ...("fields" in result ? { fields: result.fields } : {}),
        values: sentValues(form),
      },
      result as DomainFailure,
    );
  }
  if (intent === "status") {
    const status = form.get("status");
    if (!isProductStatus(status))
      return refused<Answer>({ intent, error: "InvalidInput", detail: "" }, invalidForm(intent));
    const result = await setProductStatus(ctx, actor, id, status);
    if (!result.ok)
      return refused<Answer>({ intent, error: result.error, detail: result.detail }, result as DomainFailure);
    return { intent: `status.${status}`, ok: true as const, changed: result.changed };
  }
  if (intent === "delete") {
    if (form.get("confirm") !== "yes") {
      return refused<Answer>(
        { intent, error: "confirm", detail: "" },
        { ok: false, error: "InvalidInput", detail: "confirm the deletion" },
      );
    }
    const result = await deleteProduct(ctx, actor, id);
    if (!result.ok)
      return refused<Answer>({ intent, error: result.error, detail: result.detail }, result as DomainFailure);
    return redirect(`/admin/products/?deleted=${id}`);
  }
  return refused<Answer>({ intent, error: "unknown_intent", detail: "" }, invalidForm(intent));
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.product.title");

function ErrorText({ id, code }: { id: string; code: FieldError | undefined }) {
  const t = useAdminT();
  if (!code) return null;
  return (
    <small id={id} className="admin-field-error">
      {t(`admin.product.error.${code}`)}
    </small>
  );
}

export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>() as Answer | ProductEditingAnswer | undefined;
  const editing = actionData && "section" in actionData ? actionData : undefined;
  const answer = actionData && !("section" in actionData) ? actionData : undefined;
  const { product, vocabulary, categories, siblings } = loaderData;
  const { record, status } = product;
  const failed = answer && !answer.ok && answer.intent === "save" ? answer : undefined;
  const fields = failed?.fields ?? {};
  const values = failed?.values;
  const value = (name: string, fallback: string) => {
    const sent = values?.[name];
    return typeof sent === "string" ? sent : fallback;
  };
  const many = (name: string, fallback: string[]) => {
    const sent = values?.[name];
    return Array.isArray(sent) ? sent : fallback;
  };
  const invalid = (name: string) =>
    fields[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  const title = record.translations.de?.name ?? record.translations.en?.name ?? record.translations.fr?.name ?? "";
  const saving = navigation.state === "submitting";
  const errorCount = Object.keys(fields).length;

  return (
    <AdminPage
      title={`${title} · #${record.id}`}
      actions={
        <>
          <Link className="admin-button admin-button--small" to="/admin/products/">
            {t("admin.product.back")}
          </Link>
          <Link className="admin-button admin-button--small" to={`/admin/products/${record.id}/images/`}>
            {t("admin.product.images")}
          </Link>
          <Link className="admin-button admin-button--small" to={`/admin/products/${record.id}/store-stock/`}>
            {t("admin.product.store_stock")}
          </Link>
          {status === "active" ? (
            <a
              className="admin-button admin-button--small"
              href={`/de/p/${record.id}/`}
              target="_blank"
              rel="noreferrer"
            >
              {t("admin.product.view_in_shop")}
            </a>
          ) : null}
        </>
      }
    >
      <p className="admin-cell-sub">
        {record.referenceKey} · {t("admin.product.master")} {record.masterKey} ·{" "}
        {t("admin.product.updated", { at: formatAdminDate(product.updatedAt, t.locale) })} ·{" "}
        <span className={`admin-badge admin-product-status admin-product-status--${status}`}>
          {t(`admin.products.status.${status}`)}
        </span>
      </p>
      {answer?.ok ? (
        <FormMessage>
          {t(answer.changed ? `admin.product.done.${answer.intent}` : "admin.product.done.unchanged")}
        </FormMessage>
      ) : null}
      {failed ? (
        <FormMessage error>
          {failed.error === "InvalidInput"
            ? t("admin.product.error.summary", { count: errorCount })
            : t(`admin.product.error.${failed.error === "Conflict" ? "conflict" : "not_found"}`)}
          {fields.form === "record" ? ` ${t("admin.product.error.record", { detail: failed.detail })}` : null}
        </FormMessage>
      ) : null}
      {answer && !answer.ok && answer.intent !== "save" ? (
        <FormMessage error>
          {t(answer.error === "confirm" ? "admin.product.error.confirm" : "admin.product.error.not_found")}
        </FormMessage>
      ) : null}

      <AdminForm className="admin-product-form" key={product.updatedAt} aria-label={t("admin.product.title")}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="updatedAt" value={product.updatedAt} />

        <section aria-labelledby="texts-heading" className="admin-section">
          <h2 id="texts-heading">{t("admin.product.texts")}</h2>
          <p className="admin-cell-sub">{t("admin.product.texts_hint")}</p>
          <div className="admin-languages">
            {LANGUAGES.map((language) => {
              const tr = record.translations[language];
              return (
                <fieldset key={language} className="admin-language-texts" lang={language}>
                  <legend>{t(`admin.product.language.${language}`)}</legend>
                  <label className="admin-field">
                    <span>{t("admin.product.name")}</span>
                    <input
                      type="text"
                      name={`name_${language}`}
                      maxLength={200}
                      defaultValue={value(`name_${language}`, tr?.name ?? "")}
                      {...invalid(`name_${language}`)}
                    />
                    <ErrorText id={`name_${language}-error`} code={fields[`name_${language}`]} />
                  </label>
                  <label className="admin-field">
                    <span>{t("admin.product.short")}</span>
                    <input
                      type="text"
                      name={`short_${language}`}
                      maxLength={500}
                      defaultValue={value(`short_${language}`, tr?.shortDescription ?? "")}
                      {...invalid(`short_${language}`)}
                    />
                    <ErrorText id={`short_${language}-error`} code={fields[`short_${language}`]} />
                  </label>
                  <label className="admin-field">
                    <span>{t("admin.product.description")}</span>
                    <textarea
                      name={`description_${language}`}
                      rows={5}
                      maxLength={10_000}
                      defaultValue={value(`description_${language}`, tr?.description ?? "")}
                      {...invalid(`description_${language}`)}
                    />
                    <ErrorText id={`description_${language}-error`} code={fields[`description_${language}`]} />
                  </label>
                </fieldset>
              );
            })}
          </div>
        </section>

        <section aria-labelledby="attributes-heading" className="admin-section">
          <h2 id="attributes-heading">{t("admin.product.attributes")}</h2>
          <div className="admin-form admin-form--row">
            <label className="admin-field">
              <span>{t("admin.product.brand")}</span>
              <input
                type="text"
                name="brand"
                maxLength={80}
                required
                defaultValue={value("brand", record.brand)}
                {...invalid("brand")}
              />
              <ErrorText id="brand-error" code={fields.brand} />
            </label>
            {(
              [
                ["productType", "productType", record.productType, false],
                ["colorId", "colour", record.colorId, false],
                ["pattern", "pattern", record.pattern, false],
                ["fit", "fit", record.fit ?? "", true],
              ] as const
            ).map(([name, kind, current, optional]) => (
              <label className="admin-field" key={name}>
                <span>{t(`admin.product.field.${name}`)}</span>
                <select name={name} defaultValue={value(name, current)} {...invalid(name)}>
                  {optional ? <option value="">{t("admin.product.none")}</option> : null}
                  {vocabulary[kind].some((v) => v.id === current) || current === "" ? null : (
                    <option value={current}>{current}</option>
                  )}
                  {vocabulary[kind].map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.label}
                    </option>
                  ))}
                </select>
                <ErrorText id={`${name}-error`} code={fields[name]} />
              </label>
            ))}
          </div>
          <fieldset className="admin-choices" {...invalid("material")}>
            <legend>{t("admin.product.field.material")}</legend>
            {vocabulary.material.map((m) => (
              <label key={m.id} className="admin-check">
                <input
                  type="checkbox"
                  name="material"
                  value={m.id}
                  defaultChecked={many("material", record.material).includes(m.id)}
                />
                <span>{m.label}</span>
              </label>
            ))}
            <ErrorText id="material-error" code={fields.material} />
          </fieldset>
          {vocabulary.attributes.length > 0 ? (
            <div className="admin-form admin-form--row">
              {vocabulary.attributes.map((a) => (
                <label className="admin-field" key={a.key}>
                  <span>{a.label}</span>
                  <input
                    type="text"
                    name={`attr_${a.key}`}
                    defaultValue={value(`attr_${a.key}`, (record.attributes[a.key] ?? []).join(", "))}
                    {...invalid(`attr_${a.key}`)}
                  />
                  <small>{t("admin.product.attribute_hint")}</small>
                  <ErrorText id={`attr_${a.key}-error`} code={fields[`attr_${a.key}`]} />
                </label>
              ))}
            </div>
          ) : null}
        </section>

        <section aria-labelledby="categories-heading" className="admin-section">
          <h2 id="categories-heading">{t("admin.product.categories")}</h2>
          <label className="admin-field">
            <span>{t("admin.product.categories_hint")}</span>
            <select
              name="categoryIds"
              multiple
              size={10}
              className="admin-category-select"
              defaultValue={many(
                "categoryIds",
                record.categoryIds.map((c) => String(c)),
              )}
              {...invalid("categoryIds")}
            >
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {`${"\u2003".repeat(c.depth)}${c.name}`}
                </option>
              ))}
            </select>
            <ErrorText id="categoryIds-error" code={fields.categoryIds} />
          </label>
        </section>

        <section aria-labelledby="prices-heading" className="admin-section">
          <h2 id="prices-heading">{t("admin.product.prices")}</h2>
          <p className="admin-cell-sub">{t("admin.product.prices_hint")}</p>
          <div className="admin-table-wrap">
            <table className="admin-table admin-prices">
              <thead>
                <tr>
                  <th scope="col">{t("admin.product.size")}</th>
                  <th scope="col">{t("admin.product.stock")}</th>
                  {PRICE_ZONES.map((zone) => [
                    <th scope="col" key={`${zone}-list`}>
                      {t(`admin.products.zone.${zone}`)} ({ZONE_CURRENCY[zone]})
                    </th>,
                    <th scope="col" key={`${zone}-sale`}>
                      {t("admin.product.reduced")}
                    </th>,
                  ])}
                </tr>
              </thead>
              <tbody>
                {record.variants.map((v) => {
                  const stockName = `v${v.id}_stock`;
                  return (
                    <tr key={v.id}>
                      <th scope="row">
                        {v.size}
                        <span className="admin-cell-sub">#{v.id}</span>
                      </th>
                      <td>
                        <input type="hidden" name={`v${v.id}_stock_was`} value={v.stock.quantity} />
                        <input type="hidden" name={`v${v.id}_stock_version`} value={v.stock.version ?? 0} />
                        <input
                          type="text"
                          inputMode="numeric"
                          name={stockName}
                          size={5}
                          defaultValue={value(stockName, String(v.stock.quantity))}
                          aria-label={t("admin.product.stock_of", { size: v.size })}
                          {...invalid(stockName)}
                        />
                        <ErrorText id={`${stockName}-error`} code={fields[stockName]} />
                      </td>
                      {PRICE_ZONES.map((zone) => {
                        const price = v.prices[zone];
                        const list = `v${v.id}_${zone}_list`;
                        const sale = `v${v.id}_${zone}_sale`;
                        return [
                          <td key={`${zone}-list`}>
                            <input
                              type="text"
                              inputMode="decimal"
                              name={list}
                              size={8}
                              defaultValue={value(list, formatMoneyInput(price?.listPrice))}
                              aria-label={t("admin.product.list_price_of", { size: v.size, zone })}
                              {...invalid(list)}
                            />
                            <ErrorText id={`${list}-error`} code={fields[list]} />
                          </td>,
                          <td key={`${zone}-sale`}>
                            <input
                              type="text"
                              inputMode="decimal"
                              name={sale}
                              size={8}
                              defaultValue={value(sale, formatMoneyInput(price?.salePrice))}
                              aria-label={t("admin.product.sale_price_of", { size: v.size, zone })}
                              {...invalid(sale)}
                            />
                            <ErrorText id={`${sale}-error`} code={fields[sale]} />
                          </td>,
                        ];
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>

        <div className="admin-product-form__save">
          <button type="submit" className="admin-button" disabled={saving}>
            {saving ? t("admin.product.saving") : t("admin.product.save")}
          </button>
        </div>
      </AdminForm>

      <SizesSection record={record} answer={editing} />
      <ColourSiblingsSection
        record={record}
        siblings={siblings}
        colourLabel={(colorId) => vocabulary.colour.find((c) => c.id === colorId)?.label ?? colorId}
        answer={editing}
      />

      <section aria-labelledby="status-heading" className="admin-section">
        <h2 id="status-heading">{t("admin.product.status_title")}</h2>
        <p>{t(`admin.product.status_hint.${status}`)}</p>
        <div className="admin-form admin-form--row">
          {(["active", "hidden", "archived"] as const)
            .filter((s) => s !== status)
            .map((s) => (
              <AdminForm key={s} className="admin-inline-form">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="status" value={s} />
                <button type="submit" className="admin-button">
                  {t(`admin.product.to_status.${s}`)}
                </button>
              </AdminForm>
            ))}
        </div>
        <AdminForm className="admin-form admin-form--row admin-delete">
          <input type="hidden" name="intent" value="delete" />
          <label className="admin-check">
            <input type="checkbox" name="confirm" value="yes" required />
            <span>{t("admin.product.delete_confirm")}</span>
          </label>
          <button type="submit" className="admin-button admin-button--danger">
            {t("admin.product.delete")}
          </button>
        </AdminForm>
      </section>
    </AdminPage>
  );
}
