import { getOrderByNumber, loadCustomer, requestGuestConversion, shopSettings } from "@vitrine/commerce";
import { useEffect, useRef } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { Button } from "../components/Button.tsx";
import { useHydrated } from "../components/basket/use-hydrated.ts";
import { Notice } from "../components/checkout/Field.tsx";
import { Link } from "../components/Link.tsx";
import { OrderDetailsView } from "../components/orders/OrderParts.tsx";
import { useT } from "../i18n/i18n.tsx";
import { accountsContext, clientRequest, getCustomer, retryAfterHeaders } from "../lib/auth.server.ts";
import { privacySignal, storedConsent } from "../lib/consent.ts";
import { invalidPage } from "../lib/errors.ts";
import { deliverMailSoon, isOwnOrder, toOrderView } from "../lib/orders.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import { refused, waitMinutes } from "../lib/refusal.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/success";
import "../styles/checkout.css";

/**
 * Order confirmation: number, summary, delivery estimate, payment instructions, and for a guest the offer to keep
 * the account: a link by mail to the order's address, with which they set a password (only the mailbox's owner
 * may). Only the browser or customer that placed the order sees it (anything else: 404).
 */
export const handle = { pageType: "success" };
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "checkout.success.title", undefined, "noindex, nofollow");

async function ownOrder(args: Route.LoaderArgs | Route.ActionArgs) {
  const store = storeRequest(args.context);
  const url = new URL(args.request.url);
  const number = url.searchParams.get("order") ?? "";
  const [order, customer] = await Promise.all([getOrderByNumber(store.ctx, number), getCustomer(store, args.request)]);
  if (!order || !isOwnOrder(order, store, customer)) invalidPage(args.request);
  return { store, order, customer };
}

export async function loader(args: Route.LoaderArgs) {
  const { store, order, customer } = await ownOrder(args);
  const url = new URL(args.request.url);
  const orderCustomer = await loadCustomer(store.ctx, order.customerId);
  return {
    order: toOrderView(order, {
      full: true,
      now: store.services.clock.now(),
      returnDays: (await shopSettings(store.ctx)).returnDays,
    }),
    email: order.email,
    firstName: order.billingAddress.firstName,
    /** The order is a guest customer's: they may keep the account through the mail link. */
    offerAccount: orderCustomer?.status.isGuestCustomer === true,
    linkSent: url.searchParams.has("linkSent"),
    hasAccount: customer !== null && !customer.isGuestCustomer,
    /** The purchase event (sent only with statistics consent; e-mail and names hashed in the browser). */
    purchase: {
      orderNumber: order.number,
      revenue: order.totals.total / 100,
      lines: order.lines
        .filter((l) => !l.isGift)
        .map((l) => ({
          product: { productId: String(l.productId), name: l.name, price: l.unitDiscounted / 100 },
          quantity: l.quantity,
        })),
      customer: {
        email: order.email,
        firstName: order.billingAddress.firstName,
        lastName: order.billingAddress.lastName,
        postcode: order.billingAddress.zipCode,
      },
    },
  };
}

/** "Keep the account": the link goes to the order's address, whoever asks for it. */
export async function action(args: Route.ActionArgs) {
  const { store, order } = await ownOrder(args);
  const page = `${localizedPath(store.shop, "/success/")}?order=${order.number}`;
  const result = await requestGuestConversion(
    accountsContext(store, args.request),
    clientRequest(args.request, store.services.config),
    order.customerId,
  );
  if (!result.ok) {
    if (result.error === "not_a_guest") throw redirect(page);
    return refused({ minutes: waitMinutes(result.retryAfterSeconds) }, result);
  }
  deliverMailSoon(store.services);
  throw redirect(`${page}&linkSent`);
}

export default function Success({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { order } = loaderData;
  const busy = useNavigation().state !== "idle";
  const ready = useHydrated();
  // The thank-you and the order number are what the shopper came for: the page opens at its top (the scroll rule)
  // with its heading focused, so a screen reader starts there too.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  const { tracking } = useStoreData();
  const { purchase } = loaderData;
  useEffect(() => {
    // Once per order and browser: coming back to the page is not a second purchase.
    const key = `vitrine_purchase_${purchase.orderNumber}`;
    if (storedConsent()?.statistics !== true || privacySignal() || sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, "1");
    void import("../lib/tracking.ts").then(({ trackPurchase }) => trackPurchase(tracking, purchase));
  }, [tracking, purchase]);
  return (
    <main id="main" className="page success" data-ready={ready || undefined}>
      <div className="success__head">
        <p className="success__check" aria-hidden="true">
          ✓
        </p>
        <h1 className="success__title" ref={heading} tabIndex={-1}>
          {t("checkout.success.title")}
        </h1>
        <p className="success__lead">{t("checkout.success.thanks", { name: loaderData.firstName })}</p>
        <p className="success__number">
          {t("checkout.success.number")} <strong data-testid="order-number">{order.number}</strong>
        </p>
        <p>{t("checkout.success.mail", { email: loaderData.email })}</p>
      </div>
      {loaderData.linkSent ? (
        <Notice kind="success">{t("checkout.success.link_sent", { email: loaderData.email })}</Notice>
      ) : loaderData.offerAccount ? (
        <section className="success__account" aria-labelledby="keep-account">
          <h2 id="keep-account">{t("checkout.success.keep_account_title")}</h2>
          <p>{t("checkout.success.keep_account_text", { email: loaderData.email })}</p>
          {actionData ? <Notice kind="error">{t("checkout.error.rate_limited", actionData)}</Notice> : null}
          <Form method="post" className="success__account-form" noValidate>
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
