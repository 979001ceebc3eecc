import type { ColourSibling, ProductRecord } from "@vitrine/commerce";
import { Link } from "react-router";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import type { ProductEditingAnswer } from "../../lib/admin/product-editing.server.ts";
import { AdminForm } from "./AdminForm.tsx";
import { FormMessage } from "./Plain.tsx";

/**
 * The product editor's colour siblings and sizes (routes/admin/product.tsx): each change is its own small form,
 * so it never mixes with the editor's unsaved fields.
 */

function Answer({ answer }: { answer: ProductEditingAnswer | undefined }) {
  const t = useAdminT();
  if (!answer) return null;
  if (answer.ok)
    return <FormMessage>{t(`admin.product.done.${answer.intent}`, { size: answer.size ?? "" })}</FormMessage>;
  // The add forms show their refusal beside their fields.
  if (answer.intent === "colour-link" || answer.intent === "size-add") return null;
  return <FormMessage error>{t(`admin.product.refused.${answer.reason}`)}</FormMessage>;
}

export function ColourSiblingsSection({
  record,
  siblings,
  colourLabel,
  answer,
}: {
  record: ProductRecord;
  siblings: readonly ColourSibling[];
  colourLabel: (id: string) => string;
  answer: ProductEditingAnswer | undefined;
}) {
  const t = useAdminT();
  const failed = answer && !answer.ok && answer.intent === "colour-link" ? answer : undefined;
  return (
    <section aria-labelledby="colours-heading" className="admin-section" id="colours">
      <h2 id="colours-heading">{t("admin.product.colours")}</h2>
      <p className="admin-cell-sub">{t("admin.product.colours_hint")}</p>
      <Answer answer={answer?.section === "colours" ? answer : undefined} />
      {siblings.length === 0 ? (
        <p>{t("admin.product.colours_none")}</p>
      ) : (
        <ul className="admin-siblings">
          <li className="admin-sibling admin-sibling--self">
            <span className="admin-badge">{colourLabel(record.colorId)}</span>
            <span>
              {t("admin.product.colours_this")} · #{record.id}
            </span>
          </li>
          {siblings.map((s) => (
            <li key={s.id} className="admin-sibling">
              <span className="admin-badge">{colourLabel(s.colorId)}</span>
              <Link to={`/admin/products/${s.id}/`}>
                {s.name} · #{s.id}
              </Link>
              <span className="admin-cell-sub">
                {s.referenceKey}
                {s.status !== "active" ? ` · ${t(`admin.products.status.${s.status}`)}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="admin-form admin-form--row">
        <AdminForm
          className="admin-form admin-form--row"
          aria-label={t("admin.product.colours_link")}
          key={`link-${siblings.map((s) => s.id).join(",")}`}
        >
          <input type="hidden" name="intent" value="colour-link" />
          <label className="admin-field">
            <span>{t("admin.product.colours_link_label")}</span>
            <input
              type="text"
              name="sibling"
              required
              maxLength={80}
              placeholder="1042"
              defaultValue={failed?.values?.sibling ?? ""}
              {...(failed ? { "aria-invalid": true, "aria-describedby": "sibling-error" } : {})}
            />
            {failed ? (
              <small id="sibling-error" className="admin-field-error">
                {t(`admin.product.refused.${failed.reason}`)}
              </small>
            ) : null}
          </label>
          <button type="submit" className="admin-button">
            {t("admin.product.colours_link")}
          </button>
        </AdminForm>
        {siblings.length > 0 ? (
          <AdminForm className="admin-inline-form">
            <input type="hidden" name="intent" value="colour-unlink" />
            <button type="submit" className="admin-button admin-button--secondary-catalog">
              {t("admin.product.colours_unlink")}
            </button>
          </AdminForm>
        ) : null}
      </div>
    </section>
  );
}

export function SizesSection({ record, answer }: { record: ProductRecord; answer: ProductEditingAnswer | undefined }) {
  const t = useAdminT();
  const failed = answer && !answer.ok && answer.intent === "size-add" ? answer : undefined;
  const values = failed?.values ?? {};
  const fieldOf: Partial<Record<string, string>> = {
    size: "size",
    size_taken: "size",
    ean: "ean",
    ean_taken: "ean",
    stock: "stock",
  };
  const errorField = failed ? fieldOf[failed.reason] : undefined;
  const invalid = (name: string) =>
    errorField === name ? { "aria-invalid": true as const, "aria-describedby": "size-add-error" } : {};
  return (
    <section aria-labelledby="sizes-heading" className="admin-section" id="sizes">
      <h2 id="sizes-heading">{t("admin.product.sizes")}</h2>
      <p className="admin-cell-sub">{t("admin.product.sizes_hint")}</p>
      <Answer answer={answer?.section === "sizes" ? answer : undefined} />
      <ul className="admin-sizes">
        {record.variants.map((v) => (
          <li key={v.id} className="admin-size">
            <span>
              <strong>{v.size}</strong>{" "}
              <span className="admin-cell-sub">
                #{v.id}
                {v.ean ? ` · EAN ${v.ean}` : ""} · {t("admin.product.sizes_stock", { count: v.stock.quantity })}
              </span>
            </span>
            {record.variants.length > 1 ? (
              <AdminForm className="admin-inline-form">
                <input type="hidden" name="intent" value="size-remove" />
                <input type="hidden" name="variant" value={v.id} />
                <input type="hidden" name="size" value={v.size} />
                <button
                  type="submit"
                  className="admin-button admin-button--small admin-button--danger"
                  aria-label={t("admin.product.sizes_remove_of", { size: v.size })}
                >
                  {t("admin.product.sizes_remove")}
                </button>
              </AdminForm>
            ) : null}
          </li>
        ))}
      </ul>
      <AdminForm
        className="admin-form admin-form--row"
        aria-label={t("admin.product.sizes_add")}
        key={`add-${record.variants.map((v) => v.id).join(",")}`}
      >
        <input type="hidden" name="intent" value="size-add" />
        <label className="admin-field">
          <span>{t("admin.product.size")}</span>
          <input
            type="text"
            name="size"
            required
            maxLength={20}
            defaultValue={values.size ?? ""}
            {...invalid("size")}
          />
        </label>
        <label className="admin-field">
          <span>{t("admin.product.sizes_ean")}</span>
          <input
            type="text"
            name="ean"
            inputMode="numeric"
            maxLength={14}
            pattern="\d{8,14}"
            defaultValue={values.ean ?? ""}
            {...invalid("ean")}
          />
        </label>
        <label className="admin-field">
          <span>{t("admin.product.stock")}</span>
          <input
            type="text"
            name="stock"
            inputMode="numeric"
            size={5}
            defaultValue={values.stock ?? "0"}
            {...invalid("stock")}
          />
        </label>
        <button type="submit" className="admin-button">
          {t("admin.product.sizes_add")}
        </button>
      </AdminForm>
      {failed ? (
        <p id="size-add-error" className="admin-field-error">
          {t(`admin.product.refused.${failed.reason}`)}
        </p>
      ) : null}
      <p className="admin-cell-sub">{t("admin.product.sizes_add_hint")}</p>
    </section>
  );
}
