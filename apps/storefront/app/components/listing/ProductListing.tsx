import { type MouseEvent, memo, type ReactNode, useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { followInPlace } from "../../lib/follow-in-place.ts";
import { facetLabel, LISTING_TILE_SIZES, type ListingView, valueLabel } from "../../lib/listing.ts";
import { useStaticLinks } from "../../lib/static-links.ts";
import { useStoreData } from "../../lib/use-store.ts";
import { HydrateLater } from "../hydrate-later.tsx";
import { CloseIcon } from "../icons/ui.tsx";
import { ProductTile, type ProductTileData } from "../ProductTile.tsx";
import { Facets } from "./Facets.tsx";
import "../../styles/listing.css";
import { statisticsAllowed } from "../../lib/consent.ts";

/**
 * A product list with its facets, active-filter chips, sort order, count and pagination: the body of the
 * category, sale, new-arrivals and search pages. Everything is a link or a GET form; with JavaScript, links
 * navigate in place, the filter drawer stays open while filtering on a phone, the sort order applies on change
 * and "load more" appends the next page.
 */
export function ProductListing(props: { listing: ListingView; empty: ReactNode }) {
  // The listing hydrates in a task of its own, its facets and tiles in theirs (each a part of the first
  // hydration: components/hydrate-later.tsx). Its state lives inside the part, so that its first change (at
  // hydration) renders the part after it has hydrated, not before.
  return (
    <HydrateLater>
      <ListingBody {...props} />
    </HydrateLater>
  );
}

function ListingBody({ listing, empty }: { listing: ListingView; empty: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => {
    document.documentElement.classList.toggle("filters-open", open);
    return () => document.documentElement.classList.remove("filters-open");
  }, [open]);

  const navigate = useNavigate();
  // Both of the drawer's links close it (without JavaScript they go to #main, which closes it by :target).
  const closeDrawer = (event: MouseEvent) => {
    event.preventDefault();
    setOpen(false);
  };
  return (
    // Clicks on the listing's own links (facets, chips, pages) navigate in place; the links work without it.
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation only; the links are the interactive elements.
    // biome-ignore lint/a11y/useKeyWithClickEvents: links fire click on Enter themselves.
    <div
      className="listing"
      data-response-id={listing.responseId}
      onClick={(event) => followInPlace(event, navigate, keepScrollUnlessPaging)}
    >
      <div className="listing__toolbar">
        {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript the link opens the drawer (:target). */}
        <a
          href="#filters"
          className="listing__filter-button"
          aria-controls="filters"
          aria-expanded={hydrated ? open : undefined}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {t("listing.filter")}
          {listing.chips.length > 0 ? <span className="listing__filter-count">{listing.chips.length}</span> : null}
        </a>
        <p className="listing__count" aria-live="polite">
          {t("listing.items", { count: listing.total })}
        </p>
        <SortSelect listing={listing} hydrated={hydrated} />
      </div>
      <section
        id="filters"
        className={`listing__filters${open ? " is-open" : ""}`}
        aria-label={t("listing.filters_title")}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) setOpen(false);
        }}
      >
        <div className="listing__filters-head">
          <h2 className="listing__filters-title">{t("listing.filters_title")}</h2>
          {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript the link closes the drawer (:target). */}
          <a href="#main" className="listing__filters-close" onClick={closeDrawer}>
            <CloseIcon size={22} />
            <span className="visually-hidden">{t("listing.close_filters")}</span>
          </a>
        </div>
        <Facets facets={listing.facets} />
        <div className="listing__filters-foot">
          {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript the link closes the drawer (:target). */}
          <a href="#main" className="button button--primary listing__show-results" onClick={closeDrawer}>
            {t("listing.show_results", { count: listing.total })}
          </a>
        </div>
      </section>
      <div className="listing__main">
        {listing.chips.length > 0 ? <Chips listing={listing} /> : null}
        {listing.products.length > 0 ? <ProductGrid listing={listing} /> : empty}
        <Pagination listing={listing} />
      </div>
    </div>
  );
}

/**
 * Filters keep the scroll position; a new page of results starts at the top (as does a product: the grid follows
 * its tiles' links itself).
 */
function keepScrollUnlessPaging(link: HTMLAnchorElement) {
  return { preventScrollReset: !link.closest(".pagination") };
}

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function Chips({ listing }: { listing: ListingView }) {
  const t = useT();
  const { shop } = useStoreData();
  const names = new Map(listing.facets.map((f) => [f.id, f.label]));
  return (
    <div className="chips">
      <h2 className="visually-hidden">{t("listing.active_filters")}</h2>
      <ul className="chips__list">
        {listing.chips.map((chip) => {
          const value = valueLabel(chip, t, shop);
          const label = chip.excluded ? t("listing.chip_excluded", { label: value }) : value;
          return (
            <li key={`${chip.facet}:${chip.href}`}>
              <a
                href={chip.href}
                className={`chip${chip.excluded ? " chip--excluded" : ""}`}
                rel="nofollow"
                aria-label={t("listing.remove_filter", {
                  facet: facetLabel(chip.facet, names.get(chip.facet) ?? chip.facet, t),
                  label,
                })}
              >
                {label}
                <CloseIcon size={14} />
              </a>
            </li>
          );
        })}
        {listing.clearAllHref ? (
          <li>
            <a href={listing.clearAllHref} className="chips__clear" rel="nofollow">
              {t("listing.clear_all")}
            </a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

function SortSelect({ listing, hydrated }: { listing: ListingView; hydrated: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const { sort } = listing;
  const selected = sort.options.find((o) => o.selected) ?? sort.options[0];
  return (
    <form method="get" action={sort.action} className="sort">
      {sort.fields.map(([name, value], i) => (
        <input key={`${name}${i}`} type="hidden" name={name} value={value} />
      ))}
      <label className="sort__label" htmlFor="sort">
        {t("listing.sort_label")}
      </label>
      <select
        id="sort"
        name="sortCriteria"
        className="sort__select"
        defaultValue={selected?.value}
        key={selected?.value}
        onChange={(event) => {
          const option = sort.options.find((o) => o.value === event.currentTarget.value);
          if (option) navigate(option.href, { preventScrollReset: true });
        }}
      >
        {sort.options.map((o) => (
          <option key={o.id} value={o.value}>
            {t(`listing.sort_${o.id}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="sort__apply" hidden={hydrated}>
        {t("listing.apply")}
      </button>
    </form>
  );
}

/**
 * Product tiles; with JavaScript "load more" appends the next page (its link is the next page otherwise). Memoised:
 * the listing's own state (the drawer, hydration) does not render the tiles again.
 */
const ProductGrid = memo(function ProductGrid({ listing }: { listing: ListingView }) {
  const t = useT();
  const links = useStaticLinks();
  // One fetcher per listing answer: pages loaded for an earlier filter state never reach this one.
  const fetcher = useFetcher<{ listing: ListingView }>({ key: `more-${listing.responseId}` });
  const [more, setMore] = useState<{ responseId: string; pages: ListingView[] }>({ responseId: "", pages: [] });
  const pages = more.responseId === listing.responseId ? more.pages : [];
  const last = pages.at(-1) ?? listing;
  const received = fetcher.data?.listing;

  useEffect(() => {
    if (!received || pages.some((p) => p.responseId === received.responseId)) return;
    setMore({ responseId: listing.responseId, pages: [...pages, received] });
  }, [received, pages, listing.responseId]);

  const tiles: { product: ProductTileData; position: number; responseId: string }[] = [];
  for (const page of [listing, ...pages]) {
    page.products.forEach((product, i) => {
      tiles.push({ product, position: page.firstPosition + i, responseId: page.responseId });
    });
  }
  const loaded = listing.firstPosition - 1 + tiles.length;
  const nextHref = last.pagination.nextHref;
  const follow = (product: ProductTileData, position: number, responseId: string) => () => {
    // Loaded on the first click with statistics consent only: the listing's first view carries no tracking code.
    if (!statisticsAllowed()) return;
    void import("../../lib/tracking.ts").then(({ trackProductClick }) =>
      trackProductClick(listing.tracking, {
        product: { productId: String(product.id), name: product.name, price: product.price / 100 },
        position,
        responseId,
      }),
    );
  };

  return (
    <>
      <h2 className="visually-hidden">{t("listing.products")}</h2>
      {/* The tiles' links are plain: their clicks become client navigations here, and intent prefetches. */}
      <ul className="listing__grid" {...links}>
        {tiles.map(({ product, position, responseId }, i) => (
          <HydrateLater key={`${product.id}-${position}`}>
            <li>
              <ProductTile
                product={product}
                sizes={LISTING_TILE_SIZES}
                eager={i < 4}
                onFollow={follow(product, position, responseId)}
                plainLink
              />
            </li>
          </HydrateLater>
        ))}
      </ul>
      {nextHref && loaded < listing.total ? (
        <div className="listing__more">
          <p className="listing__shown">{t("listing.shown", { shown: loaded, total: listing.total })}</p>
          <a
            href={nextHref}
            className="button button--secondary listing__load-more"
            aria-disabled={fetcher.state !== "idle" || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (fetcher.state === "idle") fetcher.load(nextHref);
            }}
          >
            {fetcher.state === "idle" ? t("listing.load_more") : t("listing.loading")}
          </a>
        </div>
      ) : null}
    </>
  );
});

function Pagination({ listing }: { listing: ListingView }) {
  const t = useT();
  const { pagination } = listing;
  if (pagination.totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("listing.pagination")}>
      <ul>
        <li>
          {pagination.previousHref ? (
            <a href={pagination.previousHref} className="pagination__step" rel="prev">
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">{t("listing.previous")}</span>
            </a>
          ) : null}
        </li>
        {pagination.links.map((link, i) =>
          link ? (
            <li key={link.page}>
              <a
                href={link.href}
                className="pagination__page"
                aria-current={link.page === pagination.page ? "page" : undefined}
                aria-label={t("listing.page", { page: link.page + 1 })}
              >
                {link.page + 1}
              </a>
            </li>
          ) : (
            <li key={`gap${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          {pagination.nextHref ? (
            <a href={pagination.nextHref} className="pagination__step" rel="next">
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">{t("listing.next")}</span>
            </a>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
