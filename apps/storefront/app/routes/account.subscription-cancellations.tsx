import {
  CANCELLATION_REASONS,
  cancelSubscription,
  listNewsletterSubscriptions,
  listSubscriptionCancellations,
} from "@vitrine/commerce";
import { Form, redirect, useNavigation } from "react-router";
import { FormMessage } from "../components/account/FormField.tsx";
import { Button } from "../components/Button.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { formText } from "../lib/account-forms.ts";
import { requireCustomer } from "../lib/auth.server.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { fieldIssues, formRefused } from "../lib/refusal.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import type { Route } from "./+types/account.subscription-cancellations";

export const handle = { pageType: "subscription-cancellation" };

/** Cancel a newsletter subscription with a reason: confirmed, recorded, and the subscription ends. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const [subscriptions, cancellations] = await Promise.all([
    listNewsletterSubscriptions(store.ctx, customer.id),
    listSubscriptionCancellations(store.ctx, customer.id),
  ]);
  return {
    subscriptions: subscriptions.map((s) => s.language),
    preselected: subscriptions.some((s) => s.language === store.shop.language)
      ? store.shop.language
      : subscriptions[0]?.language,
    cancellations: cancellations.slice(0, 10),
    reasons: CANCELLATION_REASONS,
    confirmed: new URL(request.url).searchParams.has("confirmed"),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  return pageMeta(matches, { title: t?.("account.cancellation.title"), robots: "noindex, follow" });
};

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const form = await request.formData();
  const intent = "cancel";
  if (form.get("confirm") !== "on") {
    return formRefused(intent, fieldIssues([{ field: "confirm", code: "confirm_required" }]));
  }
  const result = await cancelSubscription(store.ctx, customer.id, {
    language: formText(form, "language"),
    reason: formText(form, "reason"),
    comment: formText(form, "comment"),
  });
  if (!result.ok) return formRefused(intent, result);
  throw redirect(`${localizedPath(store.shop, "/account/subscription-cancellations/")}?confirmed=1`);
}

export default function SubscriptionCancellations({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const issue = (field: string) => actionData?.issues?.find((i) => i.field === field);
  const { subscriptions, cancellations, reasons } = loaderData;
  const dateFormat = new Intl.DateTimeFormat(t.locale, { dateStyle: "medium" });
  return (
    <main id="main" className="account__main">
      <header className="account-head">
        <h1>{t("account.cancellation.title")}</h1>
        <p className="account-head__meta">{t("account.cancellation.lead")}</p>
      </header>
      {loaderData.confirmed ? <FormMessage kind="success">{t("account.cancellation.confirmed")}</FormMessage> : null}
      {actionData?.error ? <FormMessage kind="error">{t(`account.error.${actionData.error}`)}</FormMessage> : null}
      {subscriptions.length === 0 ? (
        <section className="account-section">
          <p>{t("account.cancellation.nothing")}</p>
          <Link to="/account/subscription/">{t("account.cancellation.to_subscriptions")}</Link>
        </section>
      ) : (
        <Form method="post" className="account-form account-section" noValidate>
          <fieldset className="account-fieldset">
            <legend>{t("account.cancellation.which")}</legend>
            {subscriptions.map((language) => (
              <label key={language} className="account-check">
                <input
                  type="radio"
                  name="language"
                  value={language}
                  defaultChecked={language === loaderData.preselected}
                />
                <span>{t("account.subscription.newsletter", { language: t(`account.language.${language}`) })}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className={`account-fieldset${issue("reason") ? " account-fieldset--invalid" : ""}`}>
            <legend>{t("account.cancellation.reason")}</legend>
            {reasons.map((reason) => (
              <label key={reason} className="account-check">
                <input type="radio" name="reason" value={reason} />
                <span>{t(`account.cancellation.reason_${reason}`)}</span>
              </label>
            ))}
            {issue("reason") ? <p className="account-field__error">{t("account.error.reason_required")}</p> : null}
          </fieldset>
          <div className="account-field">
            <label htmlFor="cancel-comment">
              {t("account.cancellation.comment")}
              <span className="account-field__optional"> {t("account.form.optional")}</span>
            </label>
            <textarea id="cancel-comment" name="comment" rows={3} maxLength={500} />
          </div>
          <label className={`account-check${issue("confirm") ? " account-check--invalid" : ""}`}>
            <input
              type="checkbox"
              name="confirm"
              aria-invalid={issue("confirm") ? true : undefined}
              aria-describedby={issue("confirm") ? "confirm-error" : undefined}
            />
            <span>{t("account.cancellation.confirm")}</span>
          </label>
          {issue("confirm") ? (
            <p id="confirm-error" className="account-field__error">
              {t("account.error.confirm_required")}
            </p>
          ) : null}
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("account.cancellation.submit")}
          </Button>
        </Form>
      )}
      {cancellations.length > 0 ? (
        <section className="account-section" aria-labelledby="cancellations-title">
          <h2 id="cancellations-title">{t("account.cancellation.history")}</h2>
          <ul className="account-history">
            {cancellations.map((c) => (
              <li key={c.id}>
                <strong>{dateFormat.format(new Date(c.createdAt))}</strong>{" "}
                {t("account.subscription.newsletter", { language: t(`account.language.${c.language}`) })}:{" "}
                {t(`account.cancellation.reason_${c.reason}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
