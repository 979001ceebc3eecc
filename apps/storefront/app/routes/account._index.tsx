import { customerType, getDefaultAddress, getFashionCard, listNewsletterSubscriptions } from "@vitrine/commerce";
import { AddressBlock } from "../components/account/AddressBlock.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { requireCustomer } from "../lib/auth.server.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { storeRequest } from "../lib/shop.server.ts";
import type { Route } from "./+types/account._index";

export const handle = { pageType: "account_area" };

/** Account overview: who is signed in, the default address, the fashion card, the newsletter, shortcuts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const ctx = store.ctx;
  const [address, card, subscriptions] = await Promise.all([
    getDefaultAddress(ctx, customer.id),
    getFashionCard(ctx, customer.id),
    listNewsletterSubscriptions(ctx, customer.id),
  ]);
  return {
    firstName: customer.firstName,
    referenceKey: customer.referenceKey,
    type: customerType(customer),
    address,
    card: card ? { number: card.loyalty.card.number, points: card.loyalty.points.balance, tier: card.tier } : null,
    subscribed: subscriptions.some((s) => s.language === store.shop.language),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  return pageMeta(matches, { title: t?.("account.overview.title"), robots: "noindex, follow" });
};

export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { address, card } = loaderData;
  return (
    <main id="main" className="account__main">
      <header className="account-head">
        <h1>{t("account.overview.greeting", { name: loaderData.firstName })}</h1>
        <p className="account-head__meta">
          {t("account.overview.customer_number", { number: loaderData.referenceKey })}
          {loaderData.type === "new" ? (
            <span className="account-badge">{t("account.overview.new_customer")}</span>
          ) : null}
        </p>
      </header>
      <div className="account-tiles">
        <section className="account-tile" aria-labelledby="tile-profile">
          <h2 id="tile-profile">{t("account.nav.profile")}</h2>
          {address ? (
            <>
              <p className="account-tile__label">{t("account.address.default")}</p>
              <AddressBlock address={address} />
            </>
          ) : (
            <p>{t("account.overview.no_address")}</p>
          )}
          <Link to="/account/profile-details/" className="account-tile__link">
            {t("account.overview.manage_profile")}
          </Link>
        </section>
        <section className="account-tile" aria-labelledby="tile-orders">
          <h2 id="tile-orders">{t("account.nav.orders")}</h2>
          <p>{t("account.overview.orders_text")}</p>
          <Link to="/account/orders/" className="account-tile__link">
            {t("account.overview.show_orders")}
          </Link>
        </section>
        <section className="account-tile account-tile--card" aria-labelledby="tile-card">
          <h2 id="tile-card">{t("account.nav.fashion_card")}</h2>
          {card ? (
            <p>
              {t("account.card.points", { points: card.points })}
              <br />
              <span className="account-tile__label">{t(`account.card.tier.${card.tier}`)}</span>
            </p>
          ) : (
            <p>{t("account.overview.card_teaser")}</p>
          )}
          <Link to="/account/fashion-card/" className="account-tile__link">
            {card ? t("account.overview.show_card") : t("account.overview.register_card")}
          </Link>
        </section>
        <section className="account-tile" aria-labelledby="tile-newsletter">
          <h2 id="tile-newsletter">{t("account.nav.subscription")}</h2>
          <p>{loaderData.subscribed ? t("account.overview.newsletter_on") : t("account.overview.newsletter_off")}</p>
          <Link to="/account/subscription/" className="account-tile__link">
            {t("account.overview.manage_newsletter")}
          </Link>
        </section>
      </div>
    </main>
  );
}
