import { Link } from "../components/Link.tsx";
import { OutfitTile } from "../components/outfit/OutfitTile.tsx";
import { useT } from "../i18n/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import { loadOutfitsPage } from "../lib/outfit-page.server.ts";
import { isOutfitGender } from "../lib/outfit-page.ts";
import { storeRequest } from "../lib/shop.server.ts";
import type { Route } from "./+types/outfits";
import "../styles/product.css";
import "../styles/outfit.css";

export const handle = { pageType: "product_list" };

/** `/c/outfits/`: every look of the store as a tile leading to its shop-the-look page, filterable by gender. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const gender = new URL(request.url).searchParams.get("gender");
  const store = storeRequest(context);
  store.cachePage({ tags: ["outfits"] });
  return loadOutfitsPage(store, isOutfitGender(gender) ? gender : null);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(matches, { title: loaderData.title, description: loaderData.description }) : [];

export default function Outfits({ loaderData }: Route.ComponentProps) {
  const { title, description, gender, genders, tiles } = loaderData;
  const t = useT();
  return (
    <main id="main" className="page outfits-page">
      <header className="outfits-page__header">
        <h1 className="outfits-page__title">{title}</h1>
        {description ? <p className="outfits-page__description">{description}</p> : null}
        <p className="outfits-page__count">{t("outfit.count", { count: tiles.length })}</p>
      </header>
      {genders.length > 1 ? (
        <nav className="outfits-page__filter" aria-label={t("outfit.filter_label")}>
          <ul>
            <li>
              <Link to="/c/outfits/" aria-current={gender === null ? "page" : undefined}>
                {t("outfit.filter_all")}
              </Link>
            </li>
            {genders.map((g) => (
              <li key={g}>
                <Link to={`/c/outfits/?gender=${g}`} aria-current={gender === g ? "page" : undefined}>
                  {t(`outfit.filter_${g}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {tiles.length > 0 ? (
        <ul className="outfits-page__grid">
          {tiles.map((tile) => (
            <li key={tile.id}>
              <OutfitTile outfit={tile} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="outfits-page__empty">{t("outfit.empty")}</p>
      )}
    </main>
  );
}
