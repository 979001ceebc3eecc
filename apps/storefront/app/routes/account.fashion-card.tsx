import { getFashionCard, registerFashionCard, VIP_CARD_LIFETIME_POINTS } from "@vitrine/commerce";
import { Form, redirect, useNavigation } from "react-router";
import { FormMessage } from "../components/account/FormField.tsx";
import { Button } from "../components/Button.tsx";
import { useT } from "../i18n/i18n.tsx";
import { formText } from "../lib/account-forms.ts";
import { requireCustomer } from "../lib/auth.server.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { fieldIssues, formRefused, refusal } from "../lib/refusal.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import type { Route } from "./+types/account.fashion-card";

export const handle = { pageType: "account_area" };

/** The fashion card (loyalty card): register for it; then card number, points balance and tier. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const card = await getFashionCard(store.ctx, customer.id);
  return {
    card,
    name: `${customer.firstName} ${customer.lastName}`.trim(),
    registered: new URL(request.url).searchParams.has("registered"),
    vipPoints: VIP_CARD_LIFETIME_POINTS,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  return pageMeta(matches, { title: t?.("account.card.title"), robots: "noindex, follow" });
};

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const form = await request.formData();
  if (formText(form, "intent") !== "register") {
    return formRefused("register", refusal("unknown_intent"));
  }
  if (form.get("acceptTerms") !== "on") {
    return formRefused("register", fieldIssues([{ field: "acceptTerms", code: "terms_required" }]));
  }
  const result = await registerFashionCard(store.ctx, customer.id);
  if (!result.ok) return formRefused("register", refusal("card_unavailable"));
  throw redirect(`${localizedPath(store.shop, "/account/fashion-card/")}${result.created ? "?registered=1" : ""}`);
}

function groupDigits(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export default function FashionCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { card } = loaderData;
  const termsIssue = actionData?.issues?.find((i) => i.field === "acceptTerms");
  return (
    <main id="main" className="account__main">
      <header className="account-head">
        <h1>{t("account.card.title")}</h1>
        <p className="account-head__meta">{t("account.card.lead")}</p>
      </header>
      {card ? (
        <>
          {loaderData.registered ? <FormMessage kind="success">{t("account.card.welcome")}</FormMessage> : null}
          <div className="fashion-card">
            <section
              className={`fashion-card__visual fashion-card__visual--${card.tier}`}
              aria-labelledby="card-number-label"
            >
              <p className="fashion-card__brand">{t("common.shop_name")}</p>
              <p className="fashion-card__tier">{t(`account.card.tier.${card.tier}`)}</p>
              <p id="card-number-label" className="visually-hidden">
                {t("account.card.number")}
              </p>
              <p className="fashion-card__number" aria-describedby="card-number-label">
                {groupDigits(card.loyalty.card.number)}
              </p>
              <p className="fashion-card__holder">{loaderData.name}</p>
            </section>
            <dl className="fashion-card__facts">
              <div>
                <dt>{t("account.card.points_label")}</dt>
                <dd className="fashion-card__points">
                  {t("account.card.points", { points: card.loyalty.points.balance })}
                </dd>
              </div>
              <div>
                <dt>{t("account.card.number")}</dt>
                <dd>{card.loyalty.card.number}</dd>
              </div>
              <div>
                <dt>{t("account.card.customer_number")}</dt>
                <dd>{card.referenceKey}</dd>
              </div>
              <div>
                <dt>{t("account.card.status")}</dt>
                <dd>{t(`account.card.tier_text.${card.tier}`, { points: loaderData.vipPoints })}</dd>
              </div>
            </dl>
          </div>
        </>
      ) : (
        <section className="account-section" aria-labelledby="card-register">
          <h2 id="card-register">{t("account.card.register_title")}</h2>
          <ul className="account-benefits">
            <li>{t("account.card.benefit_points")}</li>
            <li>{t("account.card.benefit_offers")}</li>
            <li>{t("account.card.benefit_vip", { points: loaderData.vipPoints })}</li>
          </ul>
          {actionData?.error ? <FormMessage kind="error">{t(`account.error.${actionData.error}`)}</FormMessage> : null}
          <Form method="post" className="account-form" noValidate>
            <input type="hidden" name="intent" value="register" />
            <label className={`account-check${termsIssue ? " account-check--invalid" : ""}`}>
              <input
                type="checkbox"
                name="acceptTerms"
                required
                aria-invalid={termsIssue ? true : undefined}
                aria-describedby={termsIssue ? "terms-error" : undefined}
              />
              <span>{t("account.card.accept_terms")}</span>
            </label>
            {termsIssue ? (
              <p id="terms-error" className="account-field__error">
                {t(`account.error.${termsIssue.code}`)}
              </p>
            ) : null}
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("account.card.register")}
            </Button>
          </Form>
        </section>
      )}
    </main>
  );
}
