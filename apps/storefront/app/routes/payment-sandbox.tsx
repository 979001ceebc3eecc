import {
  getPayment,
  ownerOf,
  SANDBOX_TEST_CARDS,
  type SandboxResult,
  sandboxCancel,
  sandboxCompleteChallenge,
  sandboxPayPal,
  sandboxPayWithCard,
} from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { Form, redirect, useNavigation } from "react-router";
import { Button } from "../components/Button.tsx";
import { useHydrated } from "../components/basket/use-hydrated.ts";
import { Field, Notice } from "../components/checkout/Field.tsx";
import { PaymentIcon } from "../components/icons/PaymentIcon.tsx";
import { useT } from "../i18n/i18n.tsx";
import { formText } from "../lib/account-forms.ts";
import { unknownRoute } from "../lib/errors.ts";
import { checkoutShopper } from "../lib/orders.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import { fieldIssues, refused } from "../lib/refusal.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/payment-sandbox";
import "../styles/checkout.css";

/**
 * The hosted page of the built-in sandbox payment provider: the card form with test cards (success, decline,
 * 3-D Secure challenge) or the PayPal approval. It answers only the shopper whose checkout started the payment;
 * once the payment is decided it sends the shopper back to checkout, which places the order (or says why not).
 */
export const handle = { pageType: "payment" };

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "checkout.sandbox.title", undefined, "noindex, nofollow");

async function ownPayment(args: Route.LoaderArgs | Route.ActionArgs) {
  const store = storeRequest(args.context);
  const { shopper } = await checkoutShopper(store, args.request);
  const payment = await getPayment(store.ctx, args.params.paymentId);
  const owner = ownerOf(shopper);
  if (
    !payment ||
    payment.storeCode !== store.shop.code ||
    payment.owner.kind !== owner.kind ||
    payment.owner.id !== owner.id
  ) {
    unknownRoute(args.request);
  }
  const app = new URL(args.request.url).searchParams.get("from") === "app";
  const returnPath = `${localizedPath(store.shop, app ? "/app-checkout/" : "/checkout/")}?payment=${encodeURIComponent(payment.id)}`;
  // Built from the route's parameters: a request from the page's script has a `.data` address.
  const pagePath = `${localizedPath(store.shop, `/payment/sandbox/${payment.id}/`)}${app ? "?from=app" : ""}`;
  return { store, payment, returnPath, pagePath };
}

export async function loader(args: Route.LoaderArgs) {
  const { payment, returnPath } = await ownPayment(args);
  // Decided (or used): back to the shop, which looks at the result.
  if (payment.status !== "pending" && payment.status !== "requires_action") throw redirect(returnPath);
  return {
    method: payment.method,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    card: payment.card,
    testCards: SANDBOX_TEST_CARDS,
  };
}

export async function action(args: Route.ActionArgs) {
  const { store, payment, returnPath, pagePath } = await ownPayment(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent");
  const now = store.services.clock.now();
  const db = store.services.db;
  let result: SandboxResult;
  switch (intent) {
    case "card":
      result = await sandboxPayWithCard(
        { db },
        payment.id,
        {
          number: formText(form, "number"),
          expiry: formText(form, "expiry"),
          cvc: formText(form, "cvc"),
          holder: formText(form, "holder"),
        },
        now,
      );
      break;
    case "challenge-pass":
    case "challenge-fail":
      result = await sandboxCompleteChallenge({ db }, payment.id, intent === "challenge-pass", now);
      break;
    case "paypal-approve":
    case "paypal-cancel":
      result = await sandboxPayPal({ db }, payment.id, intent === "paypal-approve", now);
      break;
    default:
      result = await sandboxCancel({ db }, payment.id, now);
  }
  if (!result.ok && result.error === "invalid") {
    const issues = result.issues.map((i) => ({ field: i.field, code: `card_${i.code}` }));
    return refused(
      { issues, values: { holder: formText(form, "holder"), expiry: formText(form, "expiry") } },
      fieldIssues(issues),
    );
  }
  // The 3-D Secure challenge is this page again; anything decided goes back to the shop.
  if (result.ok && result.payment.status === "requires_action") return redirect(pagePath);
  return redirect(returnPath);
}

export default function PaymentSandbox({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useStoreData();
  const navigation = useNavigation();
  const ready = useHydrated();
  const busy = navigation.state !== "idle";
  const amount = formatMoney(loaderData.amount, { locale: shop.locale, currency: loaderData.currency });
  const issue = (field: string) => actionData?.issues.find((i) => i.field === field);
  return (
    <main id="main" className="page sandbox" data-ready={ready || undefined}>
      <div className="sandbox__card">
        <p className="sandbox__brand">{t("checkout.sandbox.brand")}</p>
        <h1 className="sandbox__title">
          {loaderData.status === "requires_action"
            ? t("checkout.sandbox.challenge_title")
            : loaderData.method === "paypal"
              ? t("checkout.sandbox.paypal_title")
              : t("checkout.sandbox.card_title")}
        </h1>
        <p className="sandbox__amount">{t("checkout.sandbox.pay_to", { amount, merchant: t("common.shop_name") })}</p>
        <Notice kind="info">{t("checkout.sandbox.test_mode")}</Notice>

        {loaderData.status === "requires_action" ? (
          <Form method="post" className="sandbox__form">
            <p>{t("checkout.sandbox.challenge_text", { last4: loaderData.card?.last4 ?? "" })}</p>
            <div className="sandbox__actions">
              <Button type="submit" name="intent" value="challenge-pass" size="lg" fullWidth disabled={busy}>
                {t("checkout.sandbox.challenge_pass")}
              </Button>
              <Button type="submit" name="intent" value="challenge-fail" variant="secondary" fullWidth disabled={busy}>
                {t("checkout.sandbox.challenge_fail")}
              </Button>
            </div>
          </Form>
        ) : loaderData.method === "paypal" ? (
          <Form method="post" className="sandbox__form">
            <PaymentIcon method="paypal" size={32} title="PayPal" />
            <p>{t("checkout.sandbox.paypal_text")}</p>
            <div className="sandbox__actions">
              <Button type="submit" name="intent" value="paypal-approve" size="lg" fullWidth disabled={busy}>
                {t("checkout.sandbox.paypal_approve", { amount })}
              </Button>
              <Button type="submit" name="intent" value="paypal-cancel" variant="secondary" fullWidth disabled={busy}>
                {t("checkout.sandbox.cancel")}
              </Button>
            </div>
          </Form>
        ) : (
          <>
            <Form method="post" className="sandbox__form" noValidate>
              <input type="hidden" name="intent" value="card" />
              <Field
                name="number"
                label={t("checkout.sandbox.card_number")}
                autoComplete="cc-number"
                inputMode="numeric"
                required
                issue={issue("number")}
              />
              <div className="sandbox__row">
                <Field
                  name="expiry"
                  label={t("checkout.sandbox.expiry")}
                  autoComplete="cc-exp"
                  placeholder={t("checkout.sandbox.expiry_placeholder")}
                  required
                  defaultValue={actionData?.values.expiry ?? ""}
                  issue={issue("expiry")}
                />
                <Field
                  name="cvc"
                  label={t("checkout.sandbox.cvc")}
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  required
                  issue={issue("cvc")}
                />
              </div>
              <Field
                name="holder"
                label={t("checkout.sandbox.holder")}
                autoComplete="cc-name"
                required
                defaultValue={actionData?.values.holder ?? ""}
                issue={issue("holder")}
              />
              <Button type="submit" size="lg" fullWidth loading={busy}>
                {t("checkout.sandbox.pay", { amount })}
              </Button>
            </Form>
            <Form method="post" className="sandbox__cancel">
              <Button type="submit" name="intent" value="cancel" variant="tertiary" disabled={busy}>
                {t("checkout.sandbox.cancel")}
              </Button>
            </Form>
            <details className="sandbox__test-cards">
              <summary>{t("checkout.sandbox.test_cards")}</summary>
              <dl>
                {(["success", "declined", "threeDSecure", "insufficientFunds"] as const).map((kind) => (
                  <div key={kind} className="sandbox__test-card">
                    <dt>{t(`checkout.sandbox.test_card.${kind}`)}</dt>
                    <dd>
                      <code>{loaderData.testCards[kind]}</code>
                    </dd>
                  </div>
                ))}
              </dl>
              <p>{t("checkout.sandbox.test_cards_hint")}</p>
            </details>
          </>
        )}
      </div>
    </main>
  );
}
