import { listPhysicalStores } from "@vitrine/commerce";
import { Form } from "react-router";
import { Button } from "../components/Button.tsx";
import { Link } from "../components/Link.tsx";
import { NearMeButton } from "../components/NearMeButton.tsx";
import { StoreCard } from "../components/StoreCard.tsx";
import { useT } from "../i18n/i18n.tsx";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { groupByCountry, nearestStores, parsePosition, searchStores, storeCard } from "../lib/store-finder.server.ts";
import type { Route } from "./+types/location";
import "../styles/location.css";

export const handle = { pageType: "store_finder" };

/** "Filialen | Vitrine", the page's heading, with the intro as the description. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  return pageMeta(matches, {
    title: t?.("location.title"),
    description: loaderData ? t?.(introKey(loaderData.total), { count: loaderData.total }) : undefined,
  });
};

/** With no physical store the page says so instead of "our 0 stores". */
function introKey(total: number): string {
  return total > 0 ? "location.intro" : "location.intro_none";
}

/** How many stores "near me" lists. */
export const NEAREST_STORES = 5;
const MAX_QUERY_LENGTH = 100;

/**
 * The store finder: physical stores grouped by country with opening hours; search by city or postcode
 * (`?q=`), or the stores nearest to a position (`?lat=&lng=`, from the browser). Server-rendered, so it works
 * without JavaScript; only "near me" needs it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const { services, shop } = store;
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const position = parsePosition(url.searchParams.get("lat"), url.searchParams.get("lng"));
  const stores = await listPhysicalStores(services);
  const now = services.clock.now();
  if (position && stores.length > 0) {
    const nearest = nearestStores(stores, position, NEAREST_STORES).map((s) => storeCard(s, shop, now, position));
    return { mode: "nearest" as const, query: "", total: stores.length, groups: [], nearest };
  }
  // The list and a search are the same for every shopper: cached, and purged through the event feed when an
  // operator adds, changes or removes a store (every page is, as the store count shows in header and footer).
  store.cachePage({ tags: ["store-finder"] });
  const matches = query ? searchStores(stores, query) : stores;
  const mode =
    !query || stores.length === 0
      ? ("all" as const)
      : matches.length > 0
        ? ("search" as const)
        : ("no_results" as const);
  const shown = mode === "no_results" ? stores : matches;
  return {
    mode,
    query,
    total: stores.length,
    matches: matches.length,
    groups: groupByCountry(
      shown.map((s) => storeCard(s, shop, now)),
      shop,
    ),
    nearest: [],
  };
}

export default function Location({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { mode, query, total, groups, nearest } = loaderData;
  return (
    <main id="main" className="page store-finder">
      <header className="store-finder__intro">
        <h1 className="store-finder__title">{t("location.title")}</h1>
        <p className="store-finder__lead">{t(introKey(total), { count: total })}</p>
      </header>
      {total === 0 ? (
        <p className="store-finder__empty">
          <Button to="/">{t("location.empty_shop")}</Button>
        </p>
      ) : (
        <StoreSearch query={query} />
      )}
      <p className="store-finder__status" role="status">
        {mode === "search"
          ? t("location.results", { count: loaderData.matches ?? 0, query })
          : mode === "no_results"
            ? t("location.no_results", { query })
            : mode === "nearest"
              ? t("location.nearest_intro", { count: nearest.length })
              : ""}
        {mode !== "all" ? (
          <>
            {" "}
            <Link to="/location/" className="store-finder__reset">
              {t("location.show_all")}
            </Link>
          </>
        ) : null}
      </p>
      {mode === "nearest" ? (
        <section aria-labelledby="stores-nearest">
          <h2 id="stores-nearest" className="store-finder__country">
            {t("location.nearest")}
          </h2>
          <ul className="store-finder__grid">
            {nearest.map((store) => (
              <li key={store.id}>
                <StoreCard store={store} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        groups.map((group) => (
          <section key={group.countryCode} aria-labelledby={`stores-${group.countryCode}`}>
            <h2 id={`stores-${group.countryCode}`} className="store-finder__country">
              {group.country} <span className="store-finder__count">{group.stores.length}</span>
            </h2>
            <ul className="store-finder__grid">
              {group.stores.map((store) => (
                <li key={store.id}>
                  <StoreCard store={store} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}

function StoreSearch({ query }: { query: string }) {
  const t = useT();
  return (
    <search className="store-finder__search">
      <Form method="get" className="store-finder__form">
        <label htmlFor="store-search" className="store-finder__label">
          {t("location.search_label")}
        </label>
        <div className="inline-field">
          <input
            key={query}
            id="store-search"
            className="inline-field__input"
            type="search"
            name="q"
            defaultValue={query}
            placeholder={t("location.search_placeholder")}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="address-level2"
          />
          <Button type="submit">{t("location.search_submit")}</Button>
        </div>
      </Form>
      <NearMeButton />
    </search>
  );
}
