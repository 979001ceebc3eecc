import {
  AT_PROVIDER,
  addOrderNote,
  CARRIERS,
  cancelOrder,
  type DomainFailure,
  deliverOrder,
  failureAnswer,
  getOrderOperatorView,
  markOrderPaid,
  type OrderChangeResult,
  orderPaymentId,
  paymentPanel,
  type ReturnChangeResult,
  type ReturnCondition,
  receiveReturn,
  refundOrder,
  refundReturn,
  rejectReturn,
  resendOrderMail,
  type StaffArea,
  type StaffRole,
  shipOrder,
  staffMay,
  wakeJob,
} from "@vitrine/commerce";
import { data, Link, useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { formatAdminDate, formatAdminMoney } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { servicesContext } from "../../lib/context.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/order";
import "../../styles/admin-orders.css";

/**
 * One order for the operator: lines, totals with VAT, addresses, payment and refunds, packages, returns, history,
 * notes and the mails with their outbox state — and the actions the order's state allows and the staff member's
 * role permits (checked again on the server for every action).
 */

/** Which staff may do what (the server's check; the page hides what a role may not do). */
const ACTIONS = {
  pay: { roles: ["owner", "customer_service"] },
  ship: { area: "orders" },
  deliver: { area: "orders" },
  note: { area: "orders" },
  resend: { roles: ["owner", "customer_service"] },
  cancel: { area: "refunds" },
  refund: { area: "refunds" },
  receive_return: { area: "returns" },
  refund_return: { area: "refunds" },
  reject_return: { area: "refunds" },
} as const satisfies Record<string, { area: StaffArea } | { roles: readonly StaffRole[] }>;
type Intent = keyof typeof ACTIONS;

function allowed(role: StaffRole, rule: { area: StaffArea } | { roles: readonly StaffRole[] }): boolean {
  return "area" in rule ? staffMay(role, rule.area) : (rule.roles as readonly StaffRole[]).includes(role);
}

export async function loader(args: Route.LoaderArgs) {
  const { ctx, staff } = await requireStaff(args, { area: "orders" });
  const view = await getOrderOperatorView(ctx, args.params.number);
  if (!view) throw refused(null, { ok: false, error: "NotFound", detail: `No order ${args.params.number}` });
  const may = Object.fromEntries(Object.entries(ACTIONS).map(([k, rule]) => [k, allowed(staff.role, rule)])) as Record<
    Intent,
    boolean
  >;
  const panel = await paymentPanel(ctx, await orderPaymentId(ctx, view.order.id));
  // Changes made in the provider's dashboard (a refund there) say so in the history.
  const payment = panel && {
    ...panel,
    events: panel.events.map((e) => ({ ...e, atProvider: e.detail === AT_PROVIDER })),
  };
  return {
    view,
    may,
    payment,
    carriers: CARRIERS.map((c) => ({ id: c.id, name: c.name })),
    refundKey: crypto.randomUUID(),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.orders.detail");

type Answer =
  | { intent: string; ok: true }
  | { intent: string; ok?: undefined; error: string; values: Record<string, string> };

/** A refused action: the page names the reason by its code. */
function refusedAction(intent: string, failure: DomainFailure) {
  const values: Record<string, string> = {};
  if ("reason" in failure && typeof failure.reason === "string") values.detail = failure.reason;
  if ("detail" in failure && typeof failure.detail === "string") values.detail = failure.detail;
  if ("refundable" in failure) values.amount = String(failure.refundable);
  if ("status" in failure && typeof failure.status === "string") values.status = failure.status;
  return refused<Answer>({ intent, error: failureAnswer(failure).code, values }, failure);
}

/** `12,50` or `12.50` → cents. */
function cents(value: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const rule = ACTIONS[intent as Intent];
  if (!rule) {
    await requireStaff(args, { area: "orders" });
    return refused<Answer>({ intent, error: "unknown_intent", values: {} }, invalidForm(intent));
  }
  const { ctx, actor } = await requireStaff(args, rule);
  const number = args.params.number;
  const text = (name: string) => String(form.get(name) ?? "");
  const view = await getOrderOperatorView(ctx, number);
  if (!view) return refusedAction(intent, { ok: false, error: "OrderNotFound" });
  let result: OrderChangeResult | ReturnChangeResult;
  switch (intent as Intent) {
    case "pay":
      result = await markOrderPaid(ctx, actor, number);
      break;
    case "ship": {
      const lines = view.order.lines
        .map((l) => ({ lineId: l.id, quantity: Number(text(`qty-${l.id}`) || 0) }))
        .filter((l) => l.quantity !== 0);
      if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 0)) {
        return refusedAction(intent, { ok: false, error: "InvalidInput", detail: "quantity" });
      }
      result = await shipOrder(ctx, actor, number, {
        carrier: text("carrier"),
        trackingNumber: text("tracking"),
        lines,
      });
      break;
    }
    case "deliver":
      result = await deliverOrder(ctx, actor, number);
      break;
    case "note":
      result = await addOrderNote(ctx, actor, number, text("note"));
      break;
    case "resend":
      result = await resendOrderMail(ctx, actor, number, Number(text("mail")));
      break;
    case "cancel":
      result = await cancelOrder(ctx, actor, number, text("reason"));
      break;
    case "refund": {
      const amount = cents(text("amount"));
      if (amount === null || amount <= 0)
        return refusedAction(intent, { ok: false, error: "InvalidInput", detail: "amount" });
      result = await refundOrder(ctx, actor, number, {
        amount,
        reason: text("reason"),
        idempotencyKey: text("key").slice(0, 64) || crypto.randomUUID(),
      });
      break;
    }
    case "receive_return": {
      const ret = view.order.returns.find((r) => r.number === text("return"));
      if (!ret) return refusedAction(intent, { ok: false, error: "ReturnNotFound" });
      const lines = ret.lines.map((l) => ({
        lineId: l.lineId,
        condition: (text(`condition-${l.lineId}`) === "damaged" ? "damaged" : "resellable") as ReturnCondition,
      }));
      result = await receiveReturn(ctx, actor, ret.number, lines);
      break;
    }
    case "refund_return":
      result = await refundReturn(ctx, actor, text("return"));
      break;
    case "reject_return":
      result = await rejectReturn(ctx, actor, text("return"), text("reason"));
      break;
  }
  if (!result.ok) return refusedAction(intent, result);
  // A change may have queued a mail: the worker sends it with the shop's settings.
  void wakeJob(args.context.get(servicesContext), "mail").catch(() => undefined);
  return data<Answer>({ intent, ok: true });
}

function Address({
  address,
}: {
  address: {
    firstName: string;
    lastName: string;
    street: string;
    addressLine2?: string;
    zipCode: string;
    city: string;
    countryCode: string;
  };
}) {
  return (
    <address className="admin-address">
      {[
        `${address.firstName} ${address.lastName}`.trim(),
        address.street,
        address.addressLine2,
        `${address.zipCode} ${address.city}`,
        address.countryCode,
      ]
        .filter((l) => l && l.trim() !== "")
        .join("\n")}
    </address>
  );
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { view, may, carriers, refundKey, payment } = loaderData;
  const { order } = view;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const money = (c: number) => formatAdminMoney(c, order.currency, t.locale);
  const message = (intent: string) =>
    answer?.intent === intent ? (
      answer.ok ? (
        <FormMessage>{t(`admin.orders.done.${intent}`)}</FormMessage>
      ) : (
        <FormMessage error>
          {t(`admin.orders.error.${answer.error}`, {
            ...answer.values,
            amount: answer.values.amount ? money(Number(answer.values.amount)) : "",
            detail: answer.values.detail ?? "",
            status: answer.values.status ?? "",
          })}
        </FormMessage>
      )
    ) : null;
  const open = order.lines.filter((l) => l.quantity > l.shippedQuantity);
  const canShip = ["placed", "paid", "shipped"].includes(order.status) && open.length > 0;
  return (
    <AdminPage
      title={t("admin.orders.title", { number: order.number })}
      actions={
        <Link to="/admin/orders/" className="admin-button admin-button--small">
          {t("admin.orders.back")}
        </Link>
      }
    >
      <p>
        <span className={`admin-badge admin-status admin-status--${order.status}`}>
          {t(`admin.orders.status.${order.status}`)}
        </span>{" "}
        {t("admin.orders.summary", {
          store: t(`admin.orders.store.${order.storeCode}`),
          date: formatAdminDate(order.placedAt, t.locale),
          payment: t(`admin.orders.payment.${order.payment.method ?? "gift_card"}`),
          paymentStatus: t(`admin.orders.payment_status.${order.paymentStatus}`),
        })}
      </p>
      <div className="admin-grid">
        <div>
          <section className="admin-section" aria-labelledby="order-lines">
            <h2 id="order-lines">{t("admin.orders.lines")}</h2>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("admin.orders.col.item")}</th>
                    <th scope="col" className="admin-num">
                      {t("admin.orders.col.quantity")}
                    </th>
                    <th scope="col" className="admin-num">
                      {t("admin.orders.col.shipped")}
                    </th>
                    <th scope="col" className="admin-num">
                      {t("admin.orders.col.total")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((l) => (
                    <tr key={l.id}>
                      <th scope="row">
                        <span className="admin-cell-main">{l.name}</span>
                        <span className="admin-cell-sub">
                          {l.brand} · {l.colorLabel} · {l.sizeLabel} · {t("admin.orders.line_id", { id: l.id })}
                        </span>
                      </th>
                      <td className="admin-num">{l.quantity}</td>
                      <td className="admin-num">
                        {l.shippedQuantity}
                        {l.returnedQuantity ? ` (${t("admin.orders.returned", { count: l.returnedQuantity })})` : ""}
                      </td>
                      <td className="admin-num">{money(l.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="admin-facts admin-totals">
              <dt>{t("admin.orders.items_total")}</dt>
              <dd>{money(order.totals.itemsTotal)}</dd>
              <dt>{t("admin.orders.delivery")}</dt>
              <dd>{money(order.totals.delivery)}</dd>
              {order.totals.paymentFee ? (
                <>
                  <dt>{t("admin.orders.payment_fee")}</dt>
                  <dd>{money(order.totals.paymentFee)}</dd>
                </>
              ) : null}
              <dt>{t("admin.orders.total")}</dt>
              <dd>
                <strong>{money(order.totals.total)}</strong>
              </dd>
              <dt>{t("admin.orders.vat", { rate: `${Math.round(order.totals.vatRate * 1000) / 10} %` })}</dt>
              <dd>{money(order.totals.tax)}</dd>
              {order.totals.giftCard ? (
                <>
                  <dt>{t("admin.orders.gift_card")}</dt>
                  <dd>{money(order.totals.giftCard)}</dd>
                </>
              ) : null}
              <dt>{t("admin.orders.paid_refunded")}</dt>
              <dd>
                {t("admin.orders.paid_refunded_value", {
                  paid: money(view.refundable.paid),
                  refunded: money(view.refundable.refunded),
                })}
              </dd>
            </dl>
          </section>

          {payment ? (
            <section className="admin-section" aria-labelledby="order-payment" data-testid="order-payment">
              <h2 id="order-payment">{t("admin.orders.payment_section")}</h2>
              {payment.testMode ? (
                <p className="admin-notice" data-testid="payment-test-mode">
                  {t("admin.payments.test_mode")}
                </p>
              ) : null}
              <dl className="admin-facts">
                <dt>{t("admin.orders.payment_provider")}</dt>
                <dd>{t(`admin.payments.provider.${payment.provider}`)}</dd>
                <dt>{t("admin.orders.payment_reference")}</dt>
                <dd>
                  {payment.dashboardUrl ? (
                    <a href={payment.dashboardUrl} target="_blank" rel="noreferrer noopener">
                      {payment.authorizationRef ?? payment.providerRef}
                    </a>
                  ) : (
                    (payment.providerRef ?? "—")
                  )}
                </dd>
                <dt>{t("admin.orders.payment_state")}</dt>
                <dd>{t(`admin.payments.status.${payment.status}`)}</dd>
                <dt>{t("admin.orders.payment_authorized")}</dt>
                <dd>{money(payment.authorized)}</dd>
                <dt>{t("admin.orders.payment_captured")}</dt>
                <dd>{money(payment.captured)}</dd>
                <dt>{t("admin.orders.payment_refunded")}</dt>
                <dd>{money(payment.refunded)}</dd>
                {payment.released > 0 ? (
                  <>
                    <dt>{t("admin.orders.payment_released")}</dt>
                    <dd>{money(payment.released)}</dd>
                  </>
                ) : null}
              </dl>
              {payment.events.length > 0 ? (
                <ol className="admin-history" aria-label={t("admin.orders.payment_history")}>
                  {payment.events.map((e) => (
                    <li key={e.id}>
                      <time dateTime={e.createdAt}>{formatAdminDate(e.createdAt, t.locale)}</time>{" "}
                      {t(`admin.payments.event.${e.kind}`)}
                      {e.amount > 0 ? ` · ${money(e.amount)}` : ""}
                      {e.kind === "webhook" || e.kind === "declined" ? ` · ${e.detail}` : ""}
                      {e.atProvider ? ` · ${t("admin.payments.at_provider")}` : ""}
                    </li>
                  ))}
                </ol>
              ) : null}
            </section>
          ) : null}

          <section className="admin-section" aria-labelledby="order-addresses">
            <h2 id="order-addresses">{t("admin.orders.addresses")}</h2>
            <dl className="admin-facts">
              <dt>{t("admin.orders.email")}</dt>
              <dd>{order.email}</dd>
              {order.phone ? (
                <>
                  <dt>{t("admin.orders.phone")}</dt>
                  <dd>{order.phone}</dd>
                </>
              ) : null}
              <dt>{t("admin.orders.shipping_address")}</dt>
              <dd>
                <Address address={order.shippingAddress} />
              </dd>
              <dt>{t("admin.orders.billing_address")}</dt>
              <dd>
                <Address address={order.billingAddress} />
              </dd>
            </dl>
          </section>

          <section className="admin-section" aria-labelledby="order-packages">
            <h2 id="order-packages">{t("admin.orders.packages")}</h2>
            {order.packages.length === 0 ? <p>{t("admin.orders.no_packages")}</p> : null}
            <ul className="admin-list">
              {order.packages.map((p) => (
                <li key={p.id}>
                  {t("admin.orders.package", {
                    carrier: carriers.find((c) => c.id === p.carrier)?.name ?? p.carrier,
                    tracking: p.trackingNumber,
                    date: formatAdminDate(p.shippedAt, t.locale),
                  })}
                  {p.deliveredAt
                    ? ` · ${t("admin.orders.delivered_at", { date: formatAdminDate(p.deliveredAt, t.locale) })}`
                    : ""}
                  <span className="admin-cell-sub">
                    {p.lines
                      .map((l) => `${l.quantity} × ${order.lines.find((x) => x.id === l.lineId)?.name ?? l.lineId}`)
                      .join(", ")}
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <section className="admin-section" aria-labelledby="order-returns">
            <h2 id="order-returns">{t("admin.orders.returns")}</h2>
            {order.returns.length === 0 ? <p>{t("admin.orders.no_returns")}</p> : null}
            {order.returns.map((r) => (
              <div key={r.number} id={`return-${r.number}`} className="admin-return">
                <h3>
                  {r.number}{" "}
                  <span className={`admin-badge admin-status admin-status--${r.status}`}>
                    {t(`admin.returns.status.${r.status}`)}
                  </span>
                </h3>
                {r.rejectReason ? <p>{t("admin.returns.reject_reason", { reason: r.rejectReason })}</p> : null}
                {r.status === "registered" && may.receive_return ? (
                  <AdminForm>
                    <input type="hidden" name="intent" value="receive_return" />
                    <input type="hidden" name="return" value={r.number} />
                    <fieldset>
                      <legend>{t("admin.returns.receive_legend", { number: r.number })}</legend>
                      {r.lines.map((l) => {
                        const line = order.lines.find((x) => x.id === l.lineId);
                        return (
                          <label key={l.lineId} className="admin-field">
                            <span>
                              {l.quantity} × {line?.name} ({line?.sizeLabel}) · {t(`admin.returns.reason.${l.reason}`)}
                            </span>
                            <select name={`condition-${l.lineId}`} defaultValue="resellable">
                              <option value="resellable">{t("admin.returns.condition.resellable")}</option>
                              <option value="damaged">{t("admin.returns.condition.damaged")}</option>
                            </select>
                          </label>
                        );
                      })}
                      <button type="submit" className="admin-button">
                        {t("admin.returns.receive")}
                      </button>
                    </fieldset>
                  </AdminForm>
                ) : (
                  <ul className="admin-list">
                    {r.lines.map((l) => {
                      const line = order.lines.find((x) => x.id === l.lineId);
                      return (
                        <li key={l.lineId}>
                          {l.quantity} × {line?.name} ({line?.sizeLabel}) · {t(`admin.returns.reason.${l.reason}`)}
                          {l.condition ? ` · ${t(`admin.returns.condition.${l.condition}`)}` : ""}
                        </li>
                      );
                    })}
                  </ul>
                )}
                {r.status === "received" && may.refund_return ? (
                  <AdminForm>
                    <input type="hidden" name="intent" value="refund_return" />
                    <input type="hidden" name="return" value={r.number} />
                    <button type="submit" className="admin-button">
                      {t("admin.returns.refund", { number: r.number })}
                    </button>
                  </AdminForm>
                ) : null}
                {(r.status === "registered" || r.status === "received") && may.reject_return ? (
                  <AdminForm>
                    <input type="hidden" name="intent" value="reject_return" />
                    <input type="hidden" name="return" value={r.number} />
                    <label className="admin-field">
                      <span>{t("admin.returns.reject_reason_label")}</span>
                      <input type="text" name="reason" required maxLength={200} />
                    </label>
                    <button type="submit" className="admin-button admin-button--danger">
                      {t("admin.returns.reject")}
                    </button>
                  </AdminForm>
                ) : null}
              </div>
            ))}
            {message("receive_return")}
            {message("refund_return")}
            {message("reject_return")}
          </section>

          <section className="admin-section" aria-labelledby="order-history">
            <h2 id="order-history">{t("admin.orders.history")}</h2>
            <ol className="admin-list">
              {order.history.map((h, i) => (
                <li key={i}>
                  {formatAdminDate(h.at, t.locale)} · {t(`admin.orders.event.${h.type}`)}
                  {Object.keys(h.data).length ? <span className="admin-cell-sub">{JSON.stringify(h.data)}</span> : null}
                </li>
              ))}
            </ol>
          </section>

          <section className="admin-section" aria-labelledby="order-mails">
            <h2 id="order-mails">{t("admin.orders.mails")}</h2>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("admin.orders.col.mail")}</th>
                    <th scope="col">{t("admin.orders.col.mail_state")}</th>
                    <th scope="col">
                      <span className="admin-visually-hidden">{t("admin.orders.col.mail_actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.mails.map((m) => (
                    <tr key={m.id}>
                      <th scope="row">
                        <span className="admin-cell-main">{m.subject}</span>
                        <span className="admin-cell-sub">
                          {m.kind} · {m.recipient} · {formatAdminDate(m.createdAt, t.locale)}
                        </span>
                      </th>
                      <td>
                        {t(`admin.orders.mail_state.${m.status}`)}
                        {m.lastError ? <span className="admin-cell-sub">{m.lastError}</span> : null}
                      </td>
                      <td>
                        {may.resend ? (
                          <AdminForm className="admin-inline-form">
                            <input type="hidden" name="intent" value="resend" />
                            <input type="hidden" name="mail" value={m.id} />
                            <button
                              type="submit"
                              className="admin-button admin-button--small"
                              aria-label={t("admin.orders.resend_of", {
                                action: m.status === "sent" ? t("admin.orders.resend") : t("admin.orders.retry"),
                                subject: m.subject,
                              })}
                            >
                              {m.status === "sent" ? t("admin.orders.resend") : t("admin.orders.retry")}
                            </button>
                          </AdminForm>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {message("resend")}
          </section>
        </div>

        <div className="admin-actions">
          {may.pay && order.paymentStatus === "awaiting_payment" && order.status !== "cancelled" ? (
            <AdminForm>
              <input type="hidden" name="intent" value="pay" />
              <fieldset>
                <legend>{t("admin.orders.pay_legend")}</legend>
                <button type="submit" className="admin-button">
                  {t("admin.orders.pay")}
                </button>
                {message("pay")}
              </fieldset>
            </AdminForm>
          ) : null}
          {may.ship && canShip ? (
            <AdminForm>
              <input type="hidden" name="intent" value="ship" />
              <fieldset>
                <legend>{t("admin.orders.ship_legend")}</legend>
                {open.map((l) => (
                  <label key={l.id} className="admin-field">
                    <span>
                      {l.name} ({l.sizeLabel})
                    </span>
                    <input
                      type="number"
                      name={`qty-${l.id}`}
                      min={0}
                      max={l.quantity - l.shippedQuantity}
                      defaultValue={l.quantity - l.shippedQuantity}
                      inputMode="numeric"
                    />
                  </label>
                ))}
                <label className="admin-field">
                  <span>{t("admin.orders.carrier")}</span>
                  <select name="carrier" defaultValue={carriers[0]?.id}>
                    {carriers.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="admin-field">
                  <span>{t("admin.orders.tracking")}</span>
                  <input type="text" name="tracking" required pattern="[A-Za-z0-9\-]{6,40}" autoComplete="off" />
                </label>
                <button type="submit" className="admin-button">
                  {t("admin.orders.ship")}
                </button>
                {message("ship")}
              </fieldset>
            </AdminForm>
          ) : null}
          {may.deliver && order.status === "shipped" ? (
            <AdminForm>
              <input type="hidden" name="intent" value="deliver" />
              <fieldset>
                <legend>{t("admin.orders.deliver_legend")}</legend>
                <button type="submit" className="admin-button">
                  {t("admin.orders.deliver")}
                </button>
                {message("deliver")}
              </fieldset>
            </AdminForm>
          ) : null}
          {may.refund && view.refundable.left > 0 && order.status !== "cancelled" ? (
            <AdminForm>
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="key" value={refundKey} />
              <fieldset>
                <legend>{t("admin.orders.refund_legend", { amount: money(view.refundable.left) })}</legend>
                <label className="admin-field">
                  <span>{t("admin.orders.amount", { currency: order.currency })}</span>
                  <input type="text" name="amount" inputMode="decimal" required />
                </label>
                <label className="admin-field">
                  <span>{t("admin.orders.reason")}</span>
                  <input type="text" name="reason" required maxLength={200} />
                </label>
                <button type="submit" className="admin-button">
                  {t("admin.orders.refund")}
                </button>
                {message("refund")}
              </fieldset>
            </AdminForm>
          ) : null}
          {may.cancel && (order.status === "placed" || order.status === "paid") ? (
            <AdminForm>
              <input type="hidden" name="intent" value="cancel" />
              <fieldset>
                <legend>{t("admin.orders.cancel_legend")}</legend>
                <label className="admin-field">
                  <span>{t("admin.orders.reason")}</span>
                  <input type="text" name="reason" maxLength={200} />
                </label>
                <button type="submit" className="admin-button admin-button--danger">
                  {t("admin.orders.cancel")}
                </button>
                {message("cancel")}
              </fieldset>
            </AdminForm>
          ) : null}
          {may.note ? (
            <AdminForm>
              <input type="hidden" name="intent" value="note" />
              <fieldset>
                <legend>{t("admin.orders.notes")}</legend>
                {view.notes.length ? (
                  <ul className="admin-list">
                    {view.notes.map((n) => (
                      <li key={n.id}>
                        {n.text}
                        <span className="admin-cell-sub">
                          {n.actor} · {formatAdminDate(n.at, t.locale)}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <label className="admin-field">
                  <span>{t("admin.orders.note")}</span>
                  <textarea name="note" required maxLength={2000} rows={3} />
                </label>
                <button type="submit" className="admin-button">
                  {t("admin.orders.add_note")}
                </button>
                {message("note")}
              </fieldset>
            </AdminForm>
          ) : null}
          {view.refunds.length ? (
            <section className="admin-section" aria-labelledby="order-refunds">
              <h2 id="order-refunds">{t("admin.orders.refunds")}</h2>
              <ul className="admin-list">
                {view.refunds.map((r) => (
                  <li key={r.id}>
                    {money(r.amount)} · {t(`admin.orders.refund_method.${r.method}`)} · {r.reason}
                    <span className="admin-cell-sub">
                      {r.actor} · {formatAdminDate(r.at, t.locale)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </AdminPage>
  );
}
