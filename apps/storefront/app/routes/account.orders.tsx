import { listCustomerOrders } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { formatLongDay } from "../components/checkout/format.ts";
import { Link } from "../components/Link.tsx";
import { StatusBadge } from "../components/orders/OrderParts.tsx";
import { useT } from "../i18n/i18n.tsx";
import { requireCustomer } from "../lib/auth.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/account.orders";
import "../styles/checkout.css";

/** The customer's orders, newest first, with their status (the account layout has checked the sign-in). */
export const handle = { pageType: "account_area" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  return { orders: await listCustomerOrders(store.ctx, customer.id, { limit: 100 }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "orders.list.title", undefined, "noindex, follow");

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useStoreData();
  const { orders } = loaderData;
  return (
    <main id="main" className="account__main orders-page">
      <h1 className="orders-page__title">{t("orders.list.title")}</h1>
      {orders.length === 0 ? (
        <div className="orders-empty">
          <p>{t("orders.list.empty")}</p>
          <Link to="/" className="button button--primary button--md">
            {t("orders.list.start_shopping")}
          </Link>
        </div>
      ) : (
        <ul className="orders-list">
          {orders.map((order) => (
            <li key={order.number} className="orders-list__item">
              <Link
                to={`/account/order-details/${order.number}/`}
                className="orders-list__link"
                aria-label={t("orders.list.open", { number: order.number })}
              >
                <span className="orders-list__images" aria-hidden="true">
                  {order.images.map((src) => (
                    <img key={src} src={src} alt="" width={48} height={64} loading="lazy" />
                  ))}
                </span>
                <span className="orders-list__text">
                  <span className="orders-list__number">{t("orders.list.number", { number: order.number })}</span>
                  <span className="orders-list__meta">
                    {t("orders.list.meta", {
                      date: formatLongDay(order.placedAt, shop.locale),
                      count: order.units,
                      total: formatMoney(order.total, { locale: shop.locale, currency: order.currency }),
                    })}
                  </span>
                </span>
                <StatusBadge status={order.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
