import {
  clientAddress,
  findOrderForLookup,
  hitRateLimit,
  ORDER_LOOKUP_RATE_LIMIT,
  shopSettings,
} from "@vitrine/commerce";
import { data, Form, useNavigation } from "react-router";
import { Button } from "../components/Button.tsx";
import { useHydrated } from "../components/basket/use-hydrated.ts";
import { Field, Notice } from "../components/checkout/Field.tsx";
import { formatLongDay } from "../components/checkout/format.ts";
import { Link } from "../components/Link.tsx";
import { OrderDetailsView } from "../components/orders/OrderParts.tsx";
import type { OrderView } from "../components/orders/types.ts";
import { useT } from "../i18n/i18n.tsx";
import { formText } from "../lib/account-forms.ts";
import { toOrderView } from "../lib/orders.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import { rateLimitedFor, refusal, refused, waitMinutes } from "../lib/refusal.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/order-trackform";
import "../styles/checkout.css";

/**
 * Order tracking without an account: order number plus e-mail or postcode gives the status, the packages with
 * their tracking links and the history. Wrong details and unknown numbers get the same answer (the form never
 * tells whether an order exists), and tries are limited per client address.
 */
export const handle = { pageType: "order_tracking" };

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "orders.tracking.title", undefined, "noindex, follow");

export function loader({ request }: Route.LoaderArgs) {
  const order = new URL(request.url).searchParams.get("order") ?? "";
  return { number: /^\d{8}$/.test(order) ? order : "" };
}

type TrackingAnswer =
  | { ok: true; order: OrderView }
  | { ok: false; error: "not_found" | "rate_limited" | "missing"; minutes?: number; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const form = await request.formData();
  const values = { number: formText(form, "number").trim(), emailOrZipCode: formText(form, "emailOrZipCode").trim() };
  if (!values.number || !values.emailOrZipCode) {
    return refused<TrackingAnswer>({ ok: false, error: "missing", values }, refusal("missing"));
  }
  const verdict = await hitRateLimit(store.services, ORDER_LOOKUP_RATE_LIMIT, {
    scope: "ip",
    value: clientAddress(request, store.services.config),
  });
  if (!verdict.allowed) {
    return refused<TrackingAnswer>(
      { ok: false, error: "rate_limited", minutes: waitMinutes(verdict.retryAfterSeconds), values },
      rateLimitedFor(verdict.retryAfterSeconds),
    );
  }
  const order = await findOrderForLookup(store.ctx, values);
  if (!order) return refused<TrackingAnswer>({ ok: false, error: "not_found", values }, refusal("not_found"));
  return data<TrackingAnswer>({
    ok: true,
    order: toOrderView(order, {
      full: false,
      now: store.services.clock.now(),
      returnDays: (await shopSettings(store.ctx)).returnDays,
    }),
  });
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : {};
}

export default function OrderTracking({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useStoreData();
  const busy = useNavigation().state !== "idle";
  const ready = useHydrated();
  const answer = actionData as TrackingAnswer | undefined;
  const values = answer && !answer.ok ? answer.values : undefined;
  return (
    <main id="main" className="page tracking" data-ready={ready || undefined}>
      <h1 className="tracking__title">{t("orders.tracking.title")}</h1>
      <p className="tracking__lead">{t("orders.tracking.lead")}</p>
      <div className="tracking__grid">
        <Form method="post" className="tracking__form" noValidate>
          {answer && !answer.ok ? (
            <Notice kind="error">{t(`orders.tracking.error.${answer.error}`, { minutes: answer.minutes ?? 1 })}</Notice>
          ) : null}
          <Field
            name="number"
            label={t("orders.tracking.number")}
            inputMode="numeric"
            autoComplete="off"
            required
            defaultValue={values?.number ?? loaderData.number}
            hint={t("orders.tracking.number_hint")}
          />
          <Field
            name="emailOrZipCode"
            label={t("orders.tracking.email_or_zip")}
            autoComplete="email"
            required
            defaultValue={values?.emailOrZipCode ?? ""}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t("orders.tracking.submit")}
          </Button>
          <p className="checkout-muted">
            {t("orders.tracking.account_hint")} <Link to="/account/orders/">{t("orders.tracking.account_link")}</Link>
          </p>
        </Form>
        {answer?.ok ? (
          <section className="tracking__result" aria-labelledby="tracking-result" aria-live="polite">
            <h2 id="tracking-result" className="order-section__title">
              {t("orders.tracking.result", { number: answer.order.number })}
            </h2>
            <p className="checkout-muted">
              {t("orders.details.placed", { date: formatLongDay(answer.order.placedAt, shop.locale) })}
            </p>
            <OrderDetailsView order={answer.order} />
            {answer.order.returnWindow.open ? (
              <p>
                <Link to={`/returns-portal/?order=${answer.order.number}`}>{t("orders.return_items")}</Link>
              </p>
            ) : null}
          </section>
        ) : null}
      </div>
    </main>
  );
}
