import {
  adjustCustomerPoints,
  type DomainFailure,
  eraseCustomer,
  failureAnswer,
  getCustomerOperatorView,
} from "@vitrine/commerce";
import { data, Link, redirect, useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { formatAdminDate, formatAdminMoney } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/customer";
import "../../styles/admin-orders.css";

/**
 * One customer (owner, customer service): profile, addresses, orders, returns, fashion card points (adjusted by
 * hand with a reason), newsletter; the GDPR export as a JSON download and the erasure.
 */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "customers" });
  const view = await getCustomerOperatorView(ctx, args.params.id);
  if (!view) throw refused(null, { ok: false, error: "NotFound", detail: `No customer ${args.params.id}` });
  return { view };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.customers.detail");

type Answer = { intent: string; ok: true } | { intent: string; ok?: undefined; error: string; detail: string };

function refusedAction(intent: string, failure: DomainFailure) {
  const answer = failureAnswer(failure);
  return refused<Answer>({ intent, error: answer.code, detail: answer.detail }, failure);
}

export async function action(args: Route.ActionArgs) {
  const { ctx, actor } = await requireStaff(args, { area: "customers" });
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "points") {
    const points = Number(String(form.get("points") ?? "").trim());
    const result = await adjustCustomerPoints(ctx, actor, args.params.id, points, String(form.get("reason") ?? ""));
    if (!result.ok) return refusedAction(intent, result);
    return data<Answer>({ intent, ok: true });
  }
  if (intent === "erase") {
    if (String(form.get("confirm") ?? "") !== "erase") {
      return refusedAction(intent, { ok: false, error: "InvalidInput", detail: "confirm" });
    }
    const result = await eraseCustomer(ctx, actor, args.params.id, String(form.get("reason") ?? ""));
    if (!result.ok) return refusedAction(intent, result);
    return redirect(`/admin/customers/${encodeURIComponent(args.params.id)}/?erased=1`);
  }
  return refused<Answer>({ intent, error: "unknown_intent", detail: "" }, invalidForm(intent));
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { view } = loaderData;
  const c = view.customer;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const message = (intent: string) =>
    answer?.intent === intent ? (
      answer.ok ? (
        <FormMessage>{t(`admin.customers.done.${intent}`)}</FormMessage>
      ) : (
        <FormMessage error>{t(`admin.customers.error.${answer.error}`)}</FormMessage>
      )
    ) : null;
  const name = `${c.firstName} ${c.lastName}`.trim() || c.email;
  const kind = view.erasedAt ? "erased" : c.status.isGuestCustomer ? "guest" : "account";
  return (
    <AdminPage
      title={name}
      actions={
        <>
          <a
            className="admin-button admin-button--small"
            href={`/admin/customers/${c.referenceKey}/export.json`}
            download
          >
            {t("admin.customers.export")}
          </a>
          <Link to="/admin/customers/" className="admin-button admin-button--small">
            {t("admin.customers.back")}
          </Link>
        </>
      }
    >
      <div className="admin-grid">
        <div>
          <section className="admin-section" aria-labelledby="customer-profile">
            <h2 id="customer-profile">{t("admin.customers.profile")}</h2>
            <dl className="admin-facts">
              <dt>{t("admin.customers.col.number")}</dt>
              <dd>{c.referenceKey}</dd>
              <dt>{t("admin.customers.col.kind")}</dt>
              <dd>{t(`admin.customers.kind.${kind}`)}</dd>
              <dt>{t("admin.orders.email")}</dt>
              <dd>{c.email}</dd>
              {c.phone ? (
                <>
                  <dt>{t("admin.orders.phone")}</dt>
                  <dd>{c.phone}</dd>
                </>
              ) : null}
              <dt>{t("admin.customers.col.since")}</dt>
              <dd>{formatAdminDate(view.createdAt, t.locale)}</dd>
              {view.erasedAt ? (
                <>
                  <dt>{t("admin.customers.erased_at")}</dt>
                  <dd>{formatAdminDate(view.erasedAt, t.locale)}</dd>
                </>
              ) : null}
              <dt>{t("admin.customers.newsletter")}</dt>
              <dd>{view.newsletter.map((n) => t(`admin.customers.language.${n.language}`)).join(", ") || "–"}</dd>
            </dl>
          </section>
          <section className="admin-section" aria-labelledby="customer-addresses">
            <h2 id="customer-addresses">{t("admin.customers.addresses")}</h2>
            {view.addresses.length === 0 ? <p>–</p> : null}
            <ul className="admin-list">
              {view.addresses.map((a) => (
                <li key={a.id}>
                  {a.firstName} {a.lastName}, {a.street}
                  {a.addressLine2 ? `, ${a.addressLine2}` : ""}, {a.zipCode} {a.city}, {a.countryCode}
                  {a.isDefault ? ` (${t("admin.customers.default")})` : ""}
                </li>
              ))}
            </ul>
          </section>
          <section className="admin-section" aria-labelledby="customer-orders">
            <h2 id="customer-orders">{t("admin.nav.orders")}</h2>
            {view.orders.length === 0 ? <p>{t("admin.orders.empty")}</p> : null}
            <ul className="admin-list">
              {view.orders.map((o) => (
                <li key={o.number}>
                  <Link to={`/admin/orders/${o.number}/`}>{o.number}</Link> · {formatAdminDate(o.placedAt, t.locale)} ·{" "}
                  {t(`admin.orders.status.${o.status}`)} · {formatAdminMoney(o.total, o.currency, t.locale)}
                </li>
              ))}
            </ul>
          </section>
          <section className="admin-section" aria-labelledby="customer-returns">
            <h2 id="customer-returns">{t("admin.nav.returns")}</h2>
            {view.returns.length === 0 ? <p>{t("admin.returns.empty")}</p> : null}
            <ul className="admin-list">
              {view.returns.map((r) => (
                <li key={r.number}>
                  <Link to={`/admin/orders/${r.orderNumber}/#return-${r.number}`}>{r.number}</Link> ·{" "}
                  {t(`admin.returns.status.${r.status}`)}
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="admin-actions">
          {view.fashionCard ? (
            <AdminForm>
              <input type="hidden" name="intent" value="points" />
              <fieldset>
                <legend>
                  {t("admin.customers.points_legend", {
                    points: view.fashionCard.loyalty.points.balance,
                    card: view.fashionCard.loyalty.card.number,
                  })}
                </legend>
                <label className="admin-field">
                  <span>{t("admin.customers.points")}</span>
                  <input type="number" name="points" required step={1} />
                </label>
                <label className="admin-field">
                  <span>{t("admin.orders.reason")}</span>
                  <input type="text" name="reason" required maxLength={200} />
                </label>
                <button type="submit" className="admin-button">
                  {t("admin.customers.adjust")}
                </button>
                {message("points")}
              </fieldset>
            </AdminForm>
          ) : null}
          {view.erasedAt ? null : (
            <AdminForm>
              <input type="hidden" name="intent" value="erase" />
              <fieldset>
                <legend>{t("admin.customers.erase_legend")}</legend>
                <p>{t("admin.customers.erase_text")}</p>
                <label className="admin-field">
                  <span>{t("admin.orders.reason")}</span>
                  <input type="text" name="reason" maxLength={200} />
                </label>
                <label className="admin-field">
                  <span>{t("admin.customers.erase_confirm")}</span>
                  <input type="text" name="confirm" required autoComplete="off" />
                </label>
                <button type="submit" className="admin-button admin-button--danger">
                  {t("admin.customers.erase")}
                </button>
                {message("erase")}
              </fieldset>
            </AdminForm>
          )}
        </div>
      </div>
    </AdminPage>
  );
}
