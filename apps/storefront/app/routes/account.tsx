import { Form, Outlet } from "react-router";
import { Button } from "../components/Button.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { requireCustomer } from "../lib/auth.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/account";
import "../styles/account.css";

/**
 * The account area: every page under /account/ (overview, profile details, orders, order details in both
 * spellings, fashion card, subscriptions) is protected here, before any of their loaders or actions runs. A guest
 * (or a guest customer) goes to /login/?redirectUrl=<the page asked for> (specification sections 2 and 6).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    await requireCustomer(storeRequest(context), request);
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(storeRequest(context), request);
  return { firstName: customer.firstName, lastName: customer.lastName, email: customer.email };
}

const SECTIONS = [
  { path: "/account/", key: "account.nav.overview" },
  { path: "/account/profile-details/", key: "account.nav.profile" },
  { path: "/account/orders/", key: "account.nav.orders" },
  { path: "/account/fashion-card/", key: "account.nav.fashion_card" },
  { path: "/account/subscription/", key: "account.nav.subscription" },
] as const;

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useStoreData();
  return (
    <div className="page account">
      <aside className="account__aside" aria-label={t("account.nav.area")}>
        <p className="account__hello">
          <span className="account__avatar" aria-hidden="true">
            {(loaderData.firstName || loaderData.email).slice(0, 1).toUpperCase()}
          </span>
          <span>
            <strong>{`${loaderData.firstName} ${loaderData.lastName}`.trim() || loaderData.email}</strong>
            <span className="account__email">{loaderData.email}</span>
          </span>
        </p>
        <nav className="account-nav" aria-label={t("account.nav.label")}>
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.path}>
                <Link to={section.path} exactActive={section.path === "/account/"} className="account-nav__link">
                  {t(section.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action={localizedPath(shop.code as never, "/login/")} className="account__sign-out">
          <input type="hidden" name="intent" value="sign-out" />
          <Button type="submit" variant="tertiary" size="sm">
            {t("account.sign_out")}
          </Button>
        </Form>
      </aside>
      <div className="account__content">
        <Outlet />
      </div>
    </div>
  );
}
