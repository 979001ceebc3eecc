import { gatewayOf, getPayment, ownerOf, startProviderPayment, voidPayment } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { useEffect, useRef, useState } from "react";
import { redirect } from "react-router";
import { Button } from "../components/Button.tsx";
import { Notice } from "../components/checkout/Field.tsx";
import { useT } from "../i18n/i18n.tsx";
import { unknownRoute } from "../lib/errors.ts";
import { checkoutShopper } from "../lib/orders.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { loadStripeJs } from "../lib/stripe-js.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/payment-provider";
import "../styles/checkout.css";

/**
 * The payment step at a real provider. Stripe: the Payment Element (cards with 3-D Secure, Apple Pay / Google Pay
 * where the browser offers them, TWINT where the account supports it) in Stripe's frames, confirmed in the browser;
 * Stripe sends the shopper back to checkout, which asks Stripe how it went and places the order. PayPal: the
 * shopper goes to PayPal to approve and comes back to checkout, which authorizes. Only the shopper whose checkout
 * started the payment sees it.
 */
export const handle = { pageType: "payment" };

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "checkout.provider.title", undefined, "noindex, nofollow");

export async function loader(args: Route.LoaderArgs) {
  const store = storeRequest(args.context);
  const { shopper } = await checkoutShopper(store, args.request);
  const payment = await getPayment(store.ctx, args.params.paymentId);
  const owner = ownerOf(shopper);
  if (
    !payment ||
    payment.provider === "sandbox" ||
    payment.storeCode !== store.shop.code ||
    payment.owner.kind !== owner.kind ||
    payment.owner.id !== owner.id
  ) {
    unknownRoute(args.request);
  }
  const url = new URL(args.request.url);
  const app = url.searchParams.get("from") === "app";
  const origin = store.ctx.publicUrl;
  const checkout = localizedPath(store.shop, app ? "/app-checkout/" : "/checkout/");
  const returnPath = `${checkout}?payment=${encodeURIComponent(payment.id)}`;
  const pagePath = `${localizedPath(store.shop, `/payment/provider/${payment.id}/`)}${app ? "?from=app" : ""}`;
  const now = store.services.clock.now();
  // Cancelled on PayPal's page: the payment is given up, checkout says so.
  if (url.searchParams.get("cancel") === "1") {
    await voidPayment(store.ctx, payment.id, now).catch(() => false);
    throw redirect(returnPath);
  }
  if (payment.status !== "pending" && payment.status !== "requires_action") throw redirect(returnPath);
  const started = await startProviderPayment(
    store.ctx,
    payment,
    {
      returnUrl: `${origin}${returnPath}`,
      cancelUrl: `${origin}${pagePath}${app ? "&" : "?"}cancel=1`,
    },
    now,
  );
  if (payment.provider === "paypal") {
    if (!started.approveUrl) throw redirect(returnPath);
    throw redirect(started.approveUrl);
  }
  return {
    provider: payment.provider,
    amount: payment.amount,
    currency: payment.currency,
    clientSecret: started.clientSecret ?? null,
    publishableKey: store.services.config.STRIPE_PUBLISHABLE_KEY ?? "",
    returnUrl: `${origin}${returnPath}`,
    checkoutPath: checkout,
    testMode: gatewayOf(store.services.config, payment.provider).testMode,
  };
}

type Phase = "loading" | "ready" | "paying" | "failed";

export default function PaymentProvider({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useStoreData();
  const mount = useRef<HTMLDivElement>(null);
  const session = useRef<{ confirm: () => Promise<string | null> } | null>(null);
  const [phase, setPhase] = useState<Phase>("loading");
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(loaderData.amount, { locale: shop.locale, currency: loaderData.currency });
  const { clientSecret, publishableKey, returnUrl } = loaderData;

  useEffect(() => {
    if (!clientSecret || !mount.current) {
      setPhase("failed");
      return;
    }
    let element: { destroy(): void } | null = null;
    let gone = false;
    loadStripeJs()
      .then((Stripe) => {
        if (gone || !mount.current) return;
        const stripe = Stripe(publishableKey);
        const elements = stripe.elements({ clientSecret, locale: shop.locale.slice(0, 2) });
        const payment = elements.create("payment", { layout: "tabs" });
        payment.mount(mount.current);
        element = payment;
        session.current = {
          confirm: async () =>
            (await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } })).error?.message ??
            null,
        };
        setPhase("ready");
      })
      .catch(() => !gone && setPhase("failed"));
    return () => {
      gone = true;
      element?.destroy();
    };
  }, [clientSecret, publishableKey, returnUrl, shop.locale]);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!session.current) return;
    setPhase("paying");
    setError(null);
    // On success Stripe sends the browser to the return address; an answer here is a problem to show.
    const message = await session.current.confirm();
    setError(message);
    setPhase("ready");
  }

  return (
    <main id="main" className="page sandbox" data-testid="provider-payment">
      <div className="sandbox__card">
        <h1 className="sandbox__title">{t("checkout.provider.title")}</h1>
        <p className="sandbox__amount">{t("checkout.provider.amount", { amount })}</p>
        {loaderData.testMode ? (
          <Notice kind="info">
            <span data-testid="payment-test-mode">{t("checkout.provider.test_mode")}</span>
          </Notice>
        ) : null}
        <form className="sandbox__form" onSubmit={pay} aria-busy={phase === "loading" || phase === "paying"}>
          <div ref={mount} className="provider__element" data-testid="payment-element" />
          {phase === "loading" ? <p role="status">{t("checkout.provider.loading")}</p> : null}
          {phase === "failed" ? <Notice kind="error">{t("checkout.provider.unavailable")}</Notice> : null}
          {error ? <Notice kind="error">{error}</Notice> : null}
          <div className="sandbox__actions">
            <Button type="submit" disabled={phase !== "ready"}>
              {t("checkout.provider.pay", { amount })}
            </Button>
          </div>
        </form>
        <p className="sandbox__cancel">
          <a href={loaderData.checkoutPath}>{t("checkout.provider.back")}</a>
        </p>
      </div>
    </main>
  );
}
