import {
  isNewsletterLanguage,
  listNewsletterSubscriptions,
  NEWSLETTER_LANGUAGES,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from "@vitrine/commerce";
import { Form, redirect, useNavigation } from "react-router";
import { FormMessage } from "../components/account/FormField.tsx";
import { Button } from "../components/Button.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { formText } from "../lib/account-forms.ts";
import { requireCustomer } from "../lib/auth.server.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { formRefused, refusal } from "../lib/refusal.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import type { Route } from "./+types/account.subscription";

export const handle = { pageType: "subscription" };

/** Newsletter subscriptions, one per store language: subscribe and unsubscribe. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const subscriptions = await listNewsletterSubscriptions(store.ctx, customer.id);
  const url = new URL(request.url);
  const current = store.shop.language;
  // The store's own language first.
  const languages = [current, ...NEWSLETTER_LANGUAGES.filter((l) => l !== current)];
  return {
    newsletters: languages.map((language) => ({
      language,
      subscribedAt: subscriptions.find((s) => s.language === language)?.subscribedAt ?? null,
    })),
    changed: url.searchParams.get("changed"),
    email: customer.email,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  return pageMeta(matches, { title: t?.("account.subscription.title"), robots: "noindex, follow" });
};

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const language = formText(form, "language");
  if (!isNewsletterLanguage(language) || (intent !== "subscribe" && intent !== "unsubscribe")) {
    return formRefused(intent, refusal("unknown_intent"));
  }
  if (intent === "subscribe") await subscribeNewsletter(store.ctx, customer.id, language);
  else await unsubscribeNewsletter(store.ctx, customer.id, language);
  throw redirect(`${localizedPath(store.shop, "/account/subscription/")}?changed=${intent}-${language}`);
}

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("language") : undefined;
  const changed = loaderData.changed?.match(/^(subscribe|unsubscribe)-(de|fr|en)$/);
  return (
    <main id="main" className="account__main">
      <header className="account-head">
        <h1>{t("account.subscription.title")}</h1>
        <p className="account-head__meta">{t("account.subscription.lead", { email: loaderData.email })}</p>
      </header>
      {changed ? (
        <FormMessage kind="success">
          {t(`account.subscription.changed_${changed[1]}`, { language: t(`account.language.${changed[2]}`) })}
        </FormMessage>
      ) : null}
      <ul className="account-subscriptions">
        {loaderData.newsletters.map((newsletter) => {
          const subscribed = newsletter.subscribedAt !== null;
          const name = t(`account.language.${newsletter.language}`);
          return (
            <li key={newsletter.language} className="account-subscription">
              <div>
                <h2>{t("account.subscription.newsletter", { language: name })}</h2>
                <p className={subscribed ? "account-status account-status--on" : "account-status"}>
                  {subscribed ? t("account.subscription.subscribed") : t("account.subscription.not_subscribed")}
                </p>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="language" value={newsletter.language} />
                <input type="hidden" name="intent" value={subscribed ? "unsubscribe" : "subscribe"} />
                <Button
                  type="submit"
                  variant={subscribed ? "secondary" : "primary"}
                  size="sm"
                  loading={busy === newsletter.language}
                >
                  {subscribed ? t("account.subscription.unsubscribe") : t("account.subscription.subscribe")}
                  <span className="visually-hidden"> – {t("account.subscription.newsletter", { language: name })}</span>
                </Button>
              </Form>
            </li>
          );
        })}
      </ul>
      <p className="account-form__aside">
        <Link to="/account/subscription-cancellations/">{t("account.subscription.cancel_with_reason")}</Link>
      </p>
    </main>
  );
}
