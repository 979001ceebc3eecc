import {
  availablePaymentMethods,
  type CategoryView,
  countPhysicalStores,
  getCategoryNavigation,
  narrowPaymentSettings,
  paymentSettings,
  shippingRatesOf,
  shopLogo,
  shopSettings,
} from "@vitrine/commerce";
import { deliveryMethodsFor } from "@vitrine/commerce/delivery";
import { formatMoney } from "@vitrine/commerce/money";
import { SHOPS, shopByCode } from "@vitrine/commerce/shops";
import { data, Outlet, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { ShellCategory } from "../components/shell-markup.tsx";
import { I18nProvider } from "../i18n/i18n.tsx";
import { requestContext, servicesContext, shopContext } from "../lib/context.ts";
import { browserErrorReporting } from "../lib/error-reporting.ts";
import { storeCookie } from "../lib/middleware.server.ts";
import { pageUrl } from "../lib/page-url.ts";
import { PersonalDataRefresh } from "../lib/personal-refresh.tsx";
import { trackingView } from "../lib/search.server.ts";
import { footerServiceLinks, serviceLinks } from "../lib/service-pages.server.ts";
import { loadShellData } from "../lib/shell-data.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { detectStore } from "../lib/store.ts";
import { thirdPartyScripts } from "../lib/third-party.ts";
import type { Route } from "./+types/store";

/**
 * The store: validates the `/:store/` prefix, puts the shop in the request context, remembers the store in the
 * locale cookie (a locale switch sets the cookie) and loads what every page of the store shows.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const shop = shopByCode(params.store);
    if (!shop || shop.code !== params.store) {
      const url = new URL(request.url);
      const detected = detectStore(request.headers.get("cookie"), request.headers.get("accept-language"));
      // A path without a store prefix (an old link: /c/damen/) is sent into the shopper's store.
      if ((request.method === "GET" || request.method === "HEAD") && !/\.[a-z0-9]+\/?$/i.test(url.pathname)) {
        const known = SHOPS.find((s) => s.code === params.store?.toLowerCase());
        const rest = known ? url.pathname.slice(known.code.length + 1) : url.pathname;
        throw redirect(`/${(known ?? detected).code}${rest}${url.search}`, known ? 301 : 302);
      }
      throw data(null, { status: 404 });
    }
    context.set(shopContext, shop);
    const remember = storeCookie(request, shop, context.get(servicesContext).config);
    if (remember) context.get(requestContext).setCookies.push(remember);
    return next();
  },
];

/** A category as the header's navigation needs it. */
function navCategory(category: CategoryView): ShellCategory {
  return {
    id: category.id,
    name: category.name,
    path: category.path,
    sale: category.sale,
    children: category.children.map(navCategory),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const { shop } = store;
  // Personal pages show the shopper's own data at first load (specification section 6); every other page is shared,
  // and the browser asks for it after load (routes/personal.ts).
  const pagePath = pageUrl(request).pathname;
  const personal = isPersonalPage(pagePath, shop.code);
  if (personal) context.get(requestContext).personal = true;
  const [navigation, shell, servicePages, settings, logo, physicalStores] = await Promise.all([
    getCategoryNavigation(store.ctx, 2),
    personal ? loadShellData(store, request) : null,
    serviceLinks(store.services.db, shop.language),
    shopSettings(store.ctx),
    shopLogo(store.ctx),
    countPhysicalStores(store.ctx),
  ]);
  const tree = navigation.map(navCategory);
  const methods = deliveryMethodsFor(shop.country, shop.currency, shippingRatesOf(settings, shop.code));
  const freeFrom = methods.find((m) => m.id === "standard")?.freeFrom ?? null;
  const service = {
    freeShippingFrom: freeFrom === null ? null : formatMoney(freeFrom, shop),
    /** The same threshold in cents (the basket compares with it); null: never free. */
    freeShippingCents: freeFrom,
    returnDays: settings.returnDays,
    deliveryMethods: methods.map((m) => ({ id: m.id, minDays: m.days.min, maxDays: m.days.max })),
    /** The payment methods the store offers at home (server configuration narrowed by the shop settings). */
    paymentMethods: availablePaymentMethods({
      shop,
      shippingCountry: shop.country,
      settings: narrowPaymentSettings(paymentSettings(store.services.config), settings),
    }).map((p) => p.id),
  };
  const links = footerServiceLinks(servicePages);
  // The mega menu and the footer's columns go into the page as static HTML rendered once per store
  // (lib/shell-markup.server.ts, entry.server.tsx): the page's data does not carry them.
  context.get(requestContext).shell = {
    locale: shop.locale,
    shopName: settings.name,
    input: { store: shop.code, navigation: tree, service, physicalStores, servicePages: links },
  };
  return {
    shop: {
      code: shop.code,
      shopId: shop.shopId,
      locale: shop.locale,
      language: shop.language,
      country: shop.country,
      currency: shop.currency,
    },
    /** The shop's name (shop settings): every text that names the shop says it. */
    shopName: settings.name,
    /** The shop's logo (shop settings); null: the header shows the name. */
    shopLogo: logo ? { path: logo.path, width: logo.width, height: logo.height } : null,
    stores: SHOPS.map((s) => ({ code: s.code, label: s.label, flag: s.flag, locale: s.locale })),
    /** The top categories (the not-found page offers them). */
    categories: tree.map((c) => ({ id: c.id, name: c.name, path: c.path })),
    /**
     * The whole category tree, only where a first load may show no shop header (checkout, personal and clean
     * pages): the browser renders the navigation from it when the shopper goes on into the shop. Every other
     * page has the navigation's static HTML in the document.
     */
    navigation: personal || CLEAN_PAGES.test(pagePath.slice(shop.code.length + 1)) ? tree : null,
    shell,
    /** The service promises of header and footer, formatted for the store. */
    service,
    /**
     * How many physical stores the shop has: the store finder links, in-store returns and "our stores" are shown
     * only when there are any (an operator's change reaches cached pages through the event feed's purge).
     */
    physicalStores,
    /** Published service pages (footer links); the help centre's articles are listed there, not here. */
    servicePages: links,
    /** Where page views and shopper events go (sent only with statistics consent). */
    tracking: trackingView(store),
    /** The operator's third-party scripts, each loaded only with its consent (lib/third-party.ts). */
    thirdParty: thirdPartyScripts(store.services.config),
    /** The browser's error reporting (SENTRY_DSN); null loads nothing of it. */
    errorReporting: browserErrorReporting(store.services.config),
  };
}

/** The pages that are the shopper's own: basket, checkout, wishlist, sign-in, account, orders and returns. */
const PERSONAL_PAGES =
  /^\/(cart|checkout|success|wishlist|login|account|order-trackform|returns-portal|app-checkout|payment)\//;

/** The other pages without the shop's header and footer (layout.clean.tsx). */
const CLEAN_PAGES = /^\/(returns-label|maintenance)\//;

function isPersonalPage(pathname: string, storeCode: string): boolean {
  return PERSONAL_PAGES.test(pathname.slice(storeCode.length + 1));
}

// Messages and navigation only change with the store.
export function shouldRevalidate({
  currentParams,
  nextParams,
  defaultShouldRevalidate,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.store !== nextParams.store) return true;
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function Store({ loaderData }: Route.ComponentProps) {
  return (
    <I18nProvider locale={loaderData.shop.locale} shopName={loaderData.shopName}>
      <PersonalDataRefresh store={loaderData.shop.code} />
      <Outlet />
    </I18nProvider>
  );
}
