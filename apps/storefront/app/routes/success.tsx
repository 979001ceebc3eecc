import { getOrderByNumber, registerGuestCustomer } from "@vitrine/commerce";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "../components/Button.tsx";
import { useHydrated } from "../components/basket/use-hydrated.ts";
import { CsrfInput } from "../components/CsrfInput.tsx";
import { Field, Notice } from "../components/checkout/Field.tsx";
import { Link } from "../components/Link.tsx";
import { OrderDetailsView } from "../components/orders/OrderParts.tsx";
import { useT } from "../i18n/i18n.tsx";
import { formText } from "../lib/account-forms.ts";
import { accountsContext, clientRequest, getCustomer } from "../lib/auth.server.ts";
import { invalidPage } from "../lib/errors.ts";
import { isOwnOrder, toOrderView } from "../lib/orders.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import type { Route } from "./+types/success";
import "../styles/checkout.css";

/**
 * Order confirmation: number, summary, delivery estimate, payment instructions, and for a guest the offer to set a
 * password and keep the account. Only the browser or customer that placed the order sees it (anything else: 404).
 */
export const handle = { pageType: "success" };

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "checkout.success.title", undefined, "noindex, nofollow");

async function ownOrder(args: Route.LoaderArgs | Route.ActionArgs) {
  const store = storeRequest(args.context);
  const url = new URL(args.request.url);
  const number = url.searchParams.get("order") ?? "";
  const [order, customer] = await Promise.all([
    getOrderByNumber(store.services.db, number),
    getCustomer(store, args.request),
  ]);
  if (!order || !isOwnOrder(order, store, customer)) invalidPage(args.request);
  return { store, order, customer };
}

export async function loader(args: Route.LoaderArgs) {
  const { store, order, customer } = await ownOrder(args);
  const url = new URL(args.request.url);
  const guest = customer?.isGuestCustomer === true && customer.id === order.customerId;
  return {
    order: toOrderView(order, { full: true, now: store.services.clock.now() }),
    email: order.email,
    firstName: order.billingAddress.firstName,
    /** A guest customer may keep the account by setting a password. */
    offerAccount: guest,
    registered: url.searchParams.has("registered"),
    hasAccount: customer !== null && !customer.isGuestCustomer,
  };
}

export async function action(args: Route.ActionArgs) {
  const { store, order, customer } = await ownOrder(args);
  if (!customer?.isGuestCustomer || customer.id !== order.customerId) {
    throw redirect(`${localizedPath(store.shop, "/success/")}?order=${order.number}`);
  }
  const form = await args.request.formData();
  const result = await registerGuestCustomer(
    accountsContext(store, args.request),
    clientRequest(args.request, store.services.config),
    customer.id,
    { password: formText(form, "password") },
  );
  if (!result.ok) {
    const issues =
      result.error === "invalid"
        ? result.issues.map((i) => ({ field: "password", code: i.code, values: i.values }))
        : [];
    return data({ issues }, { status: 400 });
  }
  for (const cookie of result.setCookies) store.setCookie(cookie);
  return redirect(`${localizedPath(store.shop, "/success/")}?order=${order.number}&registered`);
}

export default function Success({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { order } = loaderData;
  const busy = useNavigation().state !== "idle";
  const ready = useHydrated();
  const issue = actionData?.issues[0];
  return (
    <main id="main" className="page success" data-ready={ready || undefined}>
      <div className="success__head">
        <p className="success__check" aria-hidden="true">
          ✓
        </p>
        <h1 className="success__title">{t("checkout.success.title")}</h1>
        <p className="success__lead">{t("checkout.success.thanks", { name: loaderData.firstName })}</p>
        <p className="success__number">
          {t("checkout.success.number")} <strong data-testid="order-number">{order.number}</strong>
        </p>
        <p>{t("checkout.success.mail", { email: loaderData.email })}</p>
      </div>
      {loaderData.registered ? <Notice kind="success">{t("checkout.success.registered")}</Notice> : null}
      {loaderData.offerAccount ? (
        <section className="success__account" aria-labelledby="keep-account">
          <h2 id="keep-account">{t("checkout.success.keep_account_title")}</h2>
          <p>{t("checkout.success.keep_account_text")}</p>
          <Form method="post" className="success__account-form" noValidate>
            <CsrfInput />
            <Field
              name="password"
              type="password"
              label={t("checkout.success.password")}
              autoComplete="new-password"
              required
              hint={t("checkout.success.password_hint")}
              issue={issue}
            />
            <Button type="submit" loading={busy}>
              {t("checkout.success.keep_account")}
            </Button>
          </Form>
        </section>
      ) : null}
      <OrderDetailsView order={order} />
      <p className="success__continue">
        {loaderData.hasAccount ? (
          <Link to={`/account/order-details/${order.number}/`}>{t("checkout.success.view_in_account")}</Link>
        ) : null}
        <Link to="/" className="button button--primary button--md">
          {t("checkout.success.continue")}
        </Link>
      </p>
    </main>
  );
}
