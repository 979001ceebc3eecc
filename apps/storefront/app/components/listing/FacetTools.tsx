import { formatMoney } from "@vitrine/commerce/money";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { type FacetValueView, facetSearchQuery, type RangeFacetView } from "../../lib/listing.ts";
import { localizedPath } from "../../lib/store.ts";
import { useStoreData } from "../../lib/use-store.ts";

/*
 * The facets' parts that need JavaScript: the search over a facet's values and the price slider. Loaded once the
 * listing is interactive (Facets.tsx), so they are not part of the page's first JavaScript.
 */

/**
 * Searches every value of a facet (the service's facet search, within the page's products and filters); only the
 * answer to the latest input is shown.
 */
export function FacetSearch({
  facetId,
  name,
  onResult,
}: {
  facetId: string;
  name: string;
  onResult: (values: FacetValueView[] | null) => void;
}) {
  const t = useT();
  const { shop } = useStoreData();
  const location = useLocation();
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A new page state (a value was picked) ends the search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL changes.
  useEffect(() => {
    latest.current++;
    onResult(null);
  }, [location.search, location.pathname]);
  const search = (text: string) => {
    clearTimeout(timer.current);
    const id = ++latest.current;
    if (text.trim() === "") {
      onResult(null);
      return;
    }
    timer.current = setTimeout(async () => {
      const query = new URLSearchParams({
        facet: facetId,
        facetQuery: facetSearchQuery(text),
        page: location.pathname + location.search,
      });
      try {
        const response = await fetch(`${localizedPath(shop.code, "/search/suggest/")}?${query}`);
        const body = (await response.json()) as { values?: FacetValueView[] };
        if (id === latest.current) onResult(body.values ?? []);
      } catch {
        if (id === latest.current) onResult(null);
      }
    }, 150);
  };
  return (
    <input
      type="search"
      className="facet__search"
      aria-label={t("listing.facet_search_label", { facet: name })}
      placeholder={t("listing.facet_search_placeholder")}
      autoComplete="off"
      onChange={(event) => search(event.currentTarget.value)}
    />
  );
}

/** Two range inputs over one track: the manual price range by pointer or arrow keys. */
export function PriceSlider({
  facet,
  range,
  onSlide,
}: {
  facet: RangeFacetView;
  range: [number, number];
  onSlide: (index: 0 | 1, value: number) => void;
}) {
  const t = useT();
  const { shop } = useStoreData();
  const span = Math.max(1, facet.max - facet.min);
  return (
    <div
      className="price-range__slider"
      style={{
        ["--from" as string]: `${((range[0] - facet.min) / span) * 100}%`,
        ["--to" as string]: `${((range[1] - facet.min) / span) * 100}%`,
      }}
    >
      {([0, 1] as const).map((index) => (
        <input
          key={index}
          type="range"
          min={facet.min}
          max={facet.max}
          step={1}
          value={range[index]}
          aria-label={t(index === 0 ? "listing.price_min" : "listing.price_max")}
          aria-valuetext={formatMoney(range[index] * 100, shop)}
          onChange={(event) => onSlide(index, Number(event.currentTarget.value))}
        />
      ))}
    </div>
  );
}
