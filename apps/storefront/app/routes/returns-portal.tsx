import {
  clientAddress,
  findOrderForLookup,
  getCustomerOrder,
  getOrderByNumber,
  getReturnLabel,
  hitRateLimit,
  ORDER_LOOKUP_RATE_LIMIT,
  type OrderDetails,
  RETURN_REASONS,
  registerReturn,
  shopSettings,
} from "@vitrine/commerce";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "../components/Button.tsx";
import { useHydrated } from "../components/basket/use-hydrated.ts";
import { Field, Notice } from "../components/checkout/Field.tsx";
import { formatLongDay } from "../components/checkout/format.ts";
import { Link } from "../components/Link.tsx";
import { ReturnsList } from "../components/orders/OrderParts.tsx";
import type { OrderView } from "../components/orders/types.ts";
import { useT } from "../i18n/i18n.tsx";
import { formText } from "../lib/account-forms.ts";
import { getCustomer } from "../lib/auth.server.ts";
import { deliverMailSoon, ordersContext, toOrderView } from "../lib/orders.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import { fieldIssues, rateLimitedFor, refusal, refused, waitMinutes } from "../lib/refusal.server.ts";
import { returnAccessToken, verifyReturnAccess } from "../lib/returns.server.ts";
import { type StoreRequest, storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/returns-portal";
import "../styles/checkout.css";

/**
 * The returns portal: find the order like the tracking form (number plus e-mail or postcode), or come from the
 * account with `?order=`; choose items, quantities and reasons within the return period; register the return. The
 * label is e-mailed and can be printed right away; the return appears in the order's history.
 */
export const handle = { pageType: "returns_portal" };

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "returns.title", undefined, "noindex, follow");

type Selection = { order: OrderView; token: string };

async function selection(store: StoreRequest, order: OrderDetails): Promise<Selection> {
  const now = store.services.clock.now();
  const { returnDays } = await shopSettings(store.ctx);
  return {
    order: toOrderView(order, { full: false, now, returnDays }),
    token: returnAccessToken(store.services.secret, order.number, now),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const url = new URL(request.url);
  // The confirmation after a registration: the label token names the return.
  const done = url.searchParams.get("return");
  if (done) {
    const label = await getReturnLabel(store.ctx, done);
    if (label) {
      return {
        kind: "done" as const,
        reasons: [...RETURN_REASONS],
        returnNumber: label.returnNumber,
        orderNumber: label.orderNumber,
        labelPath: `/returns-label/${done}/`,
        items: label.items,
      };
    }
  }
  const number = url.searchParams.get("order") ?? "";
  // From the account: the customer's own order needs no lookup.
  const customer = /^\d{8}$/.test(number) ? await getCustomer(store, request) : null;
  const own = customer && !customer.isGuestCustomer ? await getCustomerOrder(store.ctx, customer.id, number) : null;
  const reasons = [...RETURN_REASONS];
  if (own) return { kind: "select" as const, reasons, ...(await selection(store, own)) };
  return { kind: "lookup" as const, reasons, number: /^\d{8}$/.test(number) ? number : "" };
}

type ActionAnswer =
  | { kind: "select"; order: OrderView; token: string; issues?: { lineId: number | null; code: string }[] }
  | { kind: "lookup-failed"; error: string; minutes?: number; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const form = await request.formData();
  const intent = formText(form, "intent");

  if (intent === "lookup") {
    const values = { number: formText(form, "number").trim(), emailOrZipCode: formText(form, "emailOrZipCode").trim() };
    if (!values.number || !values.emailOrZipCode) {
      return refused<ActionAnswer>({ kind: "lookup-failed", error: "missing", values }, refusal("missing"));
    }
    const verdict = await hitRateLimit(store.services, ORDER_LOOKUP_RATE_LIMIT, {
      scope: "ip",
      value: clientAddress(request, store.services.config),
    });
    if (!verdict.allowed) {
      return refused<ActionAnswer>(
        { kind: "lookup-failed", error: "rate_limited", minutes: waitMinutes(verdict.retryAfterSeconds), values },
        rateLimitedFor(verdict.retryAfterSeconds),
      );
    }
    const order = await findOrderForLookup(store.ctx, values);
    if (!order) {
      return refused<ActionAnswer>({ kind: "lookup-failed", error: "not_found", values }, refusal("not_found"));
    }
    return data<ActionAnswer>({ kind: "select", ...(await selection(store, order)) });
  }

  if (intent === "register") {
    const token = formText(form, "token");
    const number = verifyReturnAccess(store.services.secret, token, store.services.clock.now());
    const order = number ? await getOrderByNumber(store.ctx, number) : null;
    if (!order) {
      return refused<ActionAnswer>(
        { kind: "lookup-failed", error: "expired", values: { number: "", emailOrZipCode: "" } },
        refusal("expired"),
      );
    }
    const lines = order.lines.map((line) => ({
      lineId: line.id,
      quantity: Number(formText(form, `quantity.${line.id}`)) || 0,
      reason: formText(form, `reason.${line.id}`),
    }));
    const result = await registerReturn(ordersContext(store), order.number, { lines });
    if (result.ok) {
      deliverMailSoon(store.services);
      return redirect(`${localizedPath(store.shop, "/returns-portal/")}?return=${result.labelToken}`);
    }
    const fresh = (await getOrderByNumber(store.ctx, order.number)) as OrderDetails;
    const issues =
      result.error === "invalid"
        ? result.issues
        : [{ lineId: null, code: result.error === "ReturnClosed" ? "closed" : "not_found" }];
    return refused<ActionAnswer>({ kind: "select", ...(await selection(store, fresh)), issues }, fieldIssues([]));
  }
  return refused<ActionAnswer>({ kind: "lookup-failed", error: "missing", values: {} }, refusal("unknown_intent"));
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : {};
}

export default function ReturnsPortal({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { service } = useStoreData();
  const ready = useHydrated();
  const answer = actionData as ActionAnswer | undefined;
  if (loaderData.kind === "done") {
    return (
      <main id="main" className="page returns" data-ready={ready || undefined}>
        <h1 className="returns__title">{t("returns.done.title")}</h1>
        <Notice kind="success">
          {t("returns.done.text", { returnNumber: loaderData.returnNumber, orderNumber: loaderData.orderNumber })}
        </Notice>
        <ul className="returns__done-items">
          {loaderData.items.map((item) => (
            <li key={`${item.name}-${item.sizeLabel}`}>
              {t("orders.packages.item", item)} · {t(`returns.reason.${item.reason}`)}
            </li>
          ))}
        </ul>
        <ol className="returns__steps">
          <li>{t("returns.done.step_print")}</li>
          <li>{t("returns.done.step_pack")}</li>
          <li>{t("returns.done.step_send")}</li>
        </ol>
        <p className="returns__actions">
          <Link to={loaderData.labelPath} className="button button--primary button--md" newTab>
            {t("returns.done.print")}
          </Link>
        </p>
      </main>
    );
  }
  const select = answer?.kind === "select" ? answer : loaderData.kind === "select" ? loaderData : null;
  return (
    <main id="main" className="page returns" data-ready={ready || undefined}>
      <h1 className="returns__title">{t("returns.title")}</h1>
      <p className="returns__lead">{t("returns.lead", { days: service.returnDays })}</p>
      {select ? (
        <>
          <div className="returns__existing">
            <ReturnsList order={select.order} />
          </div>
          <ReturnSelection
            selection={select}
            reasons={loaderData.reasons}
            issues={answer?.kind === "select" ? answer.issues : undefined}
          />
        </>
      ) : (
        <LookupForm
          number={loaderData.kind === "lookup" ? loaderData.number : ""}
          failure={answer?.kind === "lookup-failed" ? answer : undefined}
        />
      )}
    </main>
  );
}

function LookupForm({
  number,
  failure,
}: {
  number: string;
  failure: Extract<ActionAnswer, { kind: "lookup-failed" }> | undefined;
}) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="tracking__form returns__lookup" noValidate>
      <input type="hidden" name="intent" value="lookup" />
      {failure ? (
        <Notice kind="error">{t(`returns.error.${failure.error}`, { minutes: failure.minutes ?? 1 })}</Notice>
      ) : null}
      <Field
        name="number"
        label={t("orders.tracking.number")}
        inputMode="numeric"
        autoComplete="off"
        required
        defaultValue={failure?.values.number ?? number}
      />
      <Field
        name="emailOrZipCode"
        label={t("orders.tracking.email_or_zip")}
        autoComplete="email"
        required
        defaultValue={failure?.values.emailOrZipCode ?? ""}
      />
      <Button type="submit" loading={busy} fullWidth>
        {t("returns.lookup.submit")}
      </Button>
    </Form>
  );
}

function ReturnSelection({
  selection,
  reasons,
  issues,
}: {
  selection: { order: OrderView; token: string };
  reasons: string[];
  issues: { lineId: number | null; code: string }[] | undefined;
}) {
  const t = useT();
  const { shop } = useStoreData();
  const busy = useNavigation().state !== "idle";
  const { order, token } = selection;
  const window = order.returnWindow;
  const general = issues?.find((i) => i.lineId === null);
  if (!window.open) {
    return (
      <Notice kind="info">
        {t(`returns.closed.${window.reason}`, {
          date: window.deadline ? formatLongDay(window.deadline, shop.locale) : "",
          number: order.number,
        })}
      </Notice>
    );
  }
  const returnable = order.lines.filter((l) => l.returnable > 0);
  return (
    <Form method="post" className="returns__form" noValidate>
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="token" value={token} />
      <h2 className="order-section__title">{t("returns.select.title", { number: order.number })}</h2>
      <p className="checkout-muted">
        {t("returns.select.deadline", { date: formatLongDay(window.deadline, shop.locale) })}
      </p>
      {general ? <Notice kind="error">{t(`returns.error.${general.code}`)}</Notice> : null}
      {returnable.length === 0 ? <Notice kind="info">{t("returns.select.nothing_left")}</Notice> : null}
      <ul className="returns__lines">
        {returnable.map((line) => {
          const issue = issues?.find((i) => i.lineId === line.id);
          return (
            <li key={line.id} className={`returns__line${issue ? " returns__line--invalid" : ""}`}>
              <div className="order-line__image">
                {line.imageUrl ? <img src={line.imageUrl} alt="" width={64} height={85} loading="lazy" /> : null}
              </div>
              <div className="returns__line-text">
                <p className="order-line__brand">{line.brand}</p>
                <p className="order-line__name">{line.name}</p>
                <p className="order-line__variant">
                  {t("checkout.summary.variant", {
                    color: line.colorLabel,
                    size: line.sizeLabel,
                    quantity: line.quantity,
                  })}
                </p>
                {issue ? <p className="checkout-field__error">{t(`returns.error.${issue.code}`)}</p> : null}
              </div>
              <div className="returns__line-choice">
                <div className="checkout-field">
                  <label htmlFor={`quantity-${line.id}`}>{t("returns.select.quantity")}</label>
                  <select id={`quantity-${line.id}`} name={`quantity.${line.id}`} defaultValue="0">
                    {Array.from({ length: line.returnable + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="checkout-field">
                  <label htmlFor={`reason-${line.id}`}>{t("returns.select.reason")}</label>
                  <select id={`reason-${line.id}`} name={`reason.${line.id}`} defaultValue="">
                    <option value="">{t("returns.select.choose_reason")}</option>
                    {reasons.map((reason) => (
                      <option key={reason} value={reason}>
                        {t(`returns.reason.${reason}`)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {returnable.length > 0 ? (
        <Button type="submit" size="lg" loading={busy}>
          {t("returns.select.submit")}
        </Button>
      ) : null}
    </Form>
  );
}
