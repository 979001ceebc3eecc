import { getCustomerOrder, shopSettings } from "@vitrine/commerce";
import { formatLongDay } from "../components/checkout/format.ts";
import { Link } from "../components/Link.tsx";
import { OrderDetailsView } from "../components/orders/OrderParts.tsx";
import { useT } from "../i18n/i18n.tsx";
import { requireCustomer } from "../lib/auth.server.ts";
import { invalidPage } from "../lib/errors.ts";
import { toOrderView } from "../lib/orders.server.ts";
import { titledMeta } from "../lib/page-title.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/account.order-details";
import "../styles/checkout.css";

/**
 * One of the customer's orders (both spellings: order-details and orders-details): lines, addresses, payment,
 * packages, history. Any other order number, or someone else's order, is a 404.
 */
export const handle = { pageType: "account_area:order_id" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const order = await getCustomerOrder(store.ctx, customer.id, params.id);
  if (!order) invalidPage(request);
  return {
    order: toOrderView(order, {
      full: true,
      now: store.services.clock.now(),
      returnDays: (await shopSettings(store.ctx)).returnDays,
    }),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titledMeta(matches, "orders.details.title", { number: loaderData?.order.number ?? "" }, "noindex, follow");

export default function AccountOrderDetails({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useStoreData();
  const { order } = loaderData;
  return (
    <main id="main" className="account__main orders-page">
      <p className="orders-page__back">
        <Link to="/account/orders/">{t("orders.details.back")}</Link>
      </p>
      <h1 className="orders-page__title">{t("orders.details.title", { number: order.number })}</h1>
      <p className="checkout-muted">
        {t("orders.details.placed", { date: formatLongDay(order.placedAt, shop.locale) })}
      </p>
      <OrderDetailsView order={order} returnsPath={`/returns-portal/?order=${order.number}`} />
    </main>
  );
}
