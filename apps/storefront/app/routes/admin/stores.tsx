import {
  addPhysicalStore,
  listPhysicalStores,
  type PhysicalStoreInput,
  type PhysicalStoreRecord,
  removePhysicalStore,
  type StoreFieldError,
  storeStockTotals,
  updatePhysicalStore,
} from "@vitrine/commerce";
import { Link, useActionData, useNavigation } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/stores";
import "../../styles/admin-orders.css";
import "../../styles/admin-catalog.css";
import "../../styles/admin-marketing.css";
import "../../styles/admin-stores.css";

/**
 * Physical stores (owners and merchandisers, the catalogue's area): list, add, change (`?edit=ID`), remove. Every
 * wrong field is shown beside it at once. Each change is audited and published (`physical_store.changed`): the
 * store finder, the "available in store" filter and every page that speaks of stores follow within two seconds.
 * A store that still holds stock is removed only when the operator confirms removing its stock too.
 */

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "catalog" });
  const [stores, totals] = await Promise.all([listPhysicalStores(ctx), storeStockTotals(ctx)]);
  const editId = new URL(args.request.url).searchParams.get("edit");
  const editing = editId ? (stores.find((s) => s.id === editId) ?? null) : null;
  return {
    stores: stores.map((s) => ({ ...s, stock: totals.get(s.id) ?? { variants: 0, pieces: 0 } })),
    editing,
    editMissing: editId !== null && editing === null,
  };
}

const DAYS = [0, 1, 2, 3, 4, 5, 6];
/** The countries a store may be in (the service's STORE_COUNTRIES; the page's bundle takes no server module). */
const COUNTRIES = ["DE", "AT", "CH"] as const;
const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** The store as the form sent it (times from `opens_N` / `closes_N`, a day closed by `closed_N`). */
function storeInput(form: FormData): PhysicalStoreInput {
  return {
    name: text(form, "name"),
    street: text(form, "street"),
    zipCode: text(form, "zipCode"),
    city: text(form, "city"),
    countryCode: text(form, "countryCode"),
    latitude: text(form, "latitude"),
    longitude: text(form, "longitude"),
    phone: text(form, "phone"),
    email: text(form, "email"),
    openingHours: DAYS.map((day) =>
      form.get(`closed_${day}`) === "on" ? null : [text(form, `opens_${day}`), text(form, `closes_${day}`)],
    ),
  };
}

function sentValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") values[key] = value;
  return values;
}

type Answer =
  | { intent: string; ok: true; id: string; name: string; changed: boolean; pieces: number }
  | {
      intent: string;
      ok?: undefined;
      id: string;
      error: string;
      detail: string;
      fields?: Record<string, StoreFieldError>;
      values?: Record<string, string>;
      stock?: { variants: number; pieces: number };
    };

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "catalog" });
  const form = await args.request.formData();
  const intent = text(form, "intent");
  const id = text(form, "id");
  if (intent === "add" || (intent === "save" && id)) {
    const result =
      intent === "add"
        ? await addPhysicalStore(ctx, actor, storeInput(form))
        : await updatePhysicalStore(ctx, actor, id, storeInput(form));
    if (result.ok)
      return {
        intent,
        ok: true as const,
        id: result.store.id,
        name: result.store.name,
        changed: result.changed,
        pieces: 0,
      };
    return refused<Answer>(
      {
        intent,
        id,
        error: result.error,
        detail: result.detail,
        ...("fields" in result ? { fields: result.fields } : {}),
        values: sentValues(form),
      },
      result,
    );
  }
  if (intent === "remove" && id) {
    const result = await removePhysicalStore(ctx, actor, id, { withStock: form.get("withStock") === "yes" });
    if (result.ok)
      return {
        intent,
        ok: true as const,
        id,
        name: result.store.name,
        changed: true,
        pieces: result.removedStock.pieces,
      };
    return refused<Answer>(
      {
        intent,
        id,
        error: result.error,
        detail: result.detail,
        ...("stock" in result ? { stock: result.stock } : {}),
      },
      result,
    );
  }
  return refused<Answer>({ intent, id, error: "InvalidInput", detail: "" }, invalidForm(intent));
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.stores");

/** Weekday names Monday..Sunday in the back office's language (2024-01-01 was a Monday). */
function weekdays(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  return DAYS.map((i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

function ErrorText({ id, code }: { id: string; code: StoreFieldError | undefined }) {
  const t = useAdminT();
  if (!code) return null;
  return (
    <small id={id} className="admin-field-error">
      {t(`admin.stores.error.${code}`)}
    </small>
  );
}

const DEFAULT_HOURS: PhysicalStoreRecord["openingHours"] = [
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "18:00"],
  null,
];

function StoreForm({ store, answer }: { store: PhysicalStoreRecord | null; answer: Answer | undefined }) {
  const t = useAdminT();
  const navigation = useNavigation();
  const intent = store ? "save" : "add";
  const failed =
    answer && !answer.ok && answer.intent === intent && answer.id === (store?.id ?? "") ? answer : undefined;
  const fields = failed?.fields ?? {};
  const values = failed?.values;
  const value = (name: string, fallback: string) => values?.[name] ?? fallback;
  const invalid = (name: string) =>
    fields[name] ? { "aria-invalid": true as const, "aria-describedby": `store-${name}-error` } : {};
  const days = weekdays(t.locale);
  const hours = store?.openingHours ?? DEFAULT_HOURS;
  const field = (name: keyof PhysicalStoreInput & string, label: string, current: string, props: object = {}) => (
    <label className="admin-field">
      <span>{label}</span>
      <input name={name} defaultValue={value(name, current)} {...props} {...invalid(name)} />
      <ErrorText id={`store-${name}-error`} code={fields[name]} />
    </label>
  );
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <section aria-labelledby="store-form-heading" className="admin-section">
      <h2 id="store-form-heading">
        {store ? t("admin.stores.edit_title", { name: store.name }) : t("admin.stores.add_title")}
      </h2>
      {failed?.fields ? (
        <FormMessage error>{t("admin.stores.error.summary", { count: Object.keys(fields).length })}</FormMessage>
      ) : null}
      <AdminForm className="admin-store-form" key={store?.id ?? (answer?.ok ? `added-${answer.id}` : "add")}>
        <input type="hidden" name="intent" value={intent} />
        {store ? <input type="hidden" name="id" value={store.id} /> : null}
        <div className="admin-store-form__grid">
          {field("name", t("admin.stores.name"), store?.name ?? "", { required: true, maxLength: 120 })}
          {field("street", t("admin.stores.street"), store?.street ?? "", {
            required: true,
            maxLength: 200,
            autoComplete: "off",
          })}
          {field("zipCode", t("admin.stores.zip"), store?.zipCode ?? "", { required: true, maxLength: 10 })}
          {field("city", t("admin.stores.city"), store?.city ?? "", { required: true, maxLength: 100 })}
          <label className="admin-field">
            <span>{t("admin.stores.country")}</span>
            <select
              name="countryCode"
              defaultValue={value("countryCode", store?.countryCode ?? "DE")}
              {...invalid("countryCode")}
            >
              {COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {t(`admin.stores.country.${code}`)}
                </option>
              ))}
            </select>
            <ErrorText id="store-countryCode-error" code={fields.countryCode} />
          </label>
          {field("latitude", t("admin.stores.latitude"), store ? String(store.latitude) : "", {
            required: true,
            inputMode: "decimal",
            placeholder: "53.5526",
          })}
          {field("longitude", t("admin.stores.longitude"), store ? String(store.longitude) : "", {
            required: true,
            inputMode: "decimal",
            placeholder: "9.9928",
          })}
          {field("phone", t("admin.stores.phone"), store?.phone ?? "", { type: "tel", maxLength: 40 })}
          {field("email", t("admin.stores.email"), store?.email ?? "", {
            type: "email",
            required: true,
            maxLength: 200,
          })}
        </div>
        <p className="admin-cell-sub">{t("admin.stores.coordinates_hint")}</p>
        <fieldset className="admin-store-hours">
          <legend>{t("admin.stores.hours")}</legend>
          {days.map((day, i) => {
            const current = hours[i] ?? null;
            const closed = values ? values[`closed_${i}`] === "on" : current === null;
            const error = fields[`hours.${i}`];
            const described = error
              ? { "aria-invalid": true as const, "aria-describedby": `store-hours-${i}-error` }
              : {};
            return (
              <div className="admin-store-hours__day" key={day}>
                <span className="admin-store-hours__name" id={`store-day-${i}`}>
                  {day}
                </span>
                <label className="admin-store-hours__time">
                  <span>{t("admin.stores.opens")}</span>
                  <input
                    type="time"
                    name={`opens_${i}`}
                    defaultValue={value(`opens_${i}`, current?.[0] ?? "10:00")}
                    aria-label={t("admin.stores.opens_on", { day })}
                    {...described}
                  />
                </label>
                <label className="admin-store-hours__time">
                  <span>{t("admin.stores.closes")}</span>
                  <input
                    type="time"
                    name={`closes_${i}`}
                    defaultValue={value(`closes_${i}`, current?.[1] ?? "18:00")}
                    aria-label={t("admin.stores.closes_on", { day })}
                    {...described}
                  />
                </label>
                <label className="admin-store-hours__closed">
                  <input
                    type="checkbox"
                    name={`closed_${i}`}
                    defaultChecked={closed}
                    aria-label={t("admin.stores.closed_on", { day })}
                  />
                  <span aria-hidden="true">{t("admin.stores.closed")}</span>
                </label>
                {error ? (
                  <small id={`store-hours-${i}-error`} className="admin-field-error">
                    {t(`admin.stores.error.${error}`)}
                  </small>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <div className="admin-store-form__actions">
          <button type="submit" className="admin-button" aria-busy={saving || undefined}>
            {saving ? t("admin.stores.saving") : store ? t("admin.stores.save") : t("admin.stores.add")}
          </button>
          {store ? (
            <Link className="admin-button admin-button--plain" to="/admin/stores/">
              {t("admin.stores.cancel")}
            </Link>
          ) : null}
        </div>
      </AdminForm>
    </section>
  );
}

/** "Mo–Fr 10:00–20:00", "Sa 10:00–18:00", "So geschlossen": days in a row with the same hours go together. */
function hoursSummary(store: PhysicalStoreRecord, days: string[], closed: string): string[] {
  const short = (i: number) => (days[i] ?? "").slice(0, 2);
  const lines: string[] = [];
  let start = 0;
  for (let i = 1; i <= 7; i++) {
    const same = i < 7 && JSON.stringify(store.openingHours[i]) === JSON.stringify(store.openingHours[start]);
    if (same) continue;
    const h = store.openingHours[start] ?? null;
    const span = i - 1 === start ? short(start) : `${short(start)}–${short(i - 1)}`;
    lines.push(`${span} ${h ? `${h[0]}–${h[1]}` : closed}`);
    start = i;
  }
  return lines;
}

export default function AdminStores({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { stores, editing, editMissing } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const days = weekdays(t.locale);
  const removeRefused = answer && !answer.ok && answer.intent === "remove" ? answer : undefined;
  const refusedStore = removeRefused ? stores.find((s) => s.id === removeRefused.id) : undefined;
  return (
    <AdminPage
      title={t("admin.nav.stores")}
      actions={
        <a className="admin-button admin-button--small" href="#store-form-heading">
          {editing ? t("admin.stores.to_form_edit") : t("admin.stores.add_title")}
        </a>
      }
    >
      <p>{t("admin.stores.intro")}</p>
      {answer?.ok ? (
        <FormMessage>
          {answer.intent === "save" && !answer.changed
            ? t("admin.stores.done.unchanged", { name: answer.name })
            : answer.intent === "remove" && answer.pieces > 0
              ? t("admin.stores.done.remove_with_stock", { name: answer.name, pieces: answer.pieces })
              : t(`admin.stores.done.${answer.intent}`, { name: answer.name })}
        </FormMessage>
      ) : null}
      {answer && !answer.ok && !answer.fields && answer.intent !== "remove" ? (
        <FormMessage error>{t("admin.stores.error.not_found")}</FormMessage>
      ) : null}
      {removeRefused ? (
        removeRefused.error === "Conflict" && refusedStore && removeRefused.stock ? (
          <div className="admin-message admin-message--error" role="alert">
            <p>
              {t("admin.stores.error.has_stock", {
                name: refusedStore.name,
                pieces: removeRefused.stock.pieces,
                sizes: removeRefused.stock.variants,
              })}
            </p>
            <AdminForm className="admin-inline-form">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={refusedStore.id} />
              <input type="hidden" name="withStock" value="yes" />
              <button type="submit" className="admin-button admin-button--small admin-button--danger">
                {t("admin.stores.remove_with_stock", { name: refusedStore.name })}
              </button>
            </AdminForm>
          </div>
        ) : (
          <FormMessage error>{t("admin.stores.error.not_found")}</FormMessage>
        )
      ) : null}
      {editMissing ? <FormMessage error>{t("admin.stores.error.not_found")}</FormMessage> : null}

      <section aria-labelledby="stores-list-heading" className="admin-section">
        <h2 id="stores-list-heading">{t("admin.stores.list_title", { count: stores.length })}</h2>
        {stores.length === 0 ? (
          <p className="admin-empty">{t("admin.stores.empty")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-stores-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.stores.col.store")}</th>
                  <th scope="col">{t("admin.stores.col.contact")}</th>
                  <th scope="col">{t("admin.stores.col.hours")}</th>
                  <th scope="col">{t("admin.stores.col.stock")}</th>
                  <th scope="col">
                    <span className="admin-visually-hidden">{t("admin.stores.col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {stores.map((store) => (
                  <tr key={store.id} data-store-id={store.id}>
                    <td>
                      <strong>{store.name}</strong>
                      <div className="admin-cell-sub">
                        {store.street}, {store.zipCode} {store.city} · {t(`admin.stores.country.${store.countryCode}`)}
                      </div>
                    </td>
                    <td>
                      {store.phone ? <div>{store.phone}</div> : null}
                      <div className="admin-cell-sub">{store.email}</div>
                    </td>
                    <td className="admin-stores-table__hours">
                      {hoursSummary(store, days, t("admin.stores.closed")).map((line) => (
                        <div key={line}>{line}</div>
                      ))}
                    </td>
                    <td>
                      {store.stock.pieces > 0
                        ? t("admin.stores.stock", { pieces: store.stock.pieces, sizes: store.stock.variants })
                        : t("admin.stores.no_stock")}
                    </td>
                    <td>
                      <div className="admin-stores-table__actions">
                        <Link
                          className="admin-button admin-button--small"
                          to={`/admin/stores/?edit=${encodeURIComponent(store.id)}#store-form-heading`}
                          aria-label={t("admin.stores.edit_of", { name: store.name })}
                        >
                          {t("admin.stores.edit")}
                        </Link>
                        <AdminForm className="admin-inline-form">
                          <input type="hidden" name="intent" value="remove" />
                          <input type="hidden" name="id" value={store.id} />
                          <button
                            type="submit"
                            className="admin-button admin-button--small admin-button--plain"
                            aria-label={t("admin.stores.remove_of", { name: store.name })}
                          >
                            {t("admin.stores.remove")}
                          </button>
                        </AdminForm>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <StoreForm key={editing?.id ?? "new"} store={editing} answer={answer} />
    </AdminPage>
  );
}
