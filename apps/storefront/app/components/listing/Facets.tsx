import type { Shop } from "@vitrine/commerce/shops";
import { lazy, memo, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type Translator, useT } from "../../i18n/i18n.tsx";
import {
  type FacetValueView,
  type FacetView,
  facetLabel,
  type RangeFacetView,
  type TreeFacetView,
  type ValuesFacetView,
  valueLabel,
} from "../../lib/listing.ts";
import { useStoreData } from "../../lib/use-store.ts";
import { HydrateLater } from "../hydrate-later.tsx";

// Parts that only work with JavaScript load after the page is interactive (not with the page's first JS).
const FacetSearch = lazy(() => import("./FacetTools.tsx").then((m) => ({ default: m.FacetSearch })));
const PriceSlider = lazy(() => import("./FacetTools.tsx").then((m) => ({ default: m.PriceSlider })));

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Facets open at first (the others open on demand, or when they hold a selection). */
const OPEN_FACETS = 5;

/**
 * The facets: each a disclosure (`<details>`, no script needed) with its values as links that select, and a
 * second link per value that excludes. Long lists show 8 values and a link to the page with all of them ("show
 * more"), plus a search over all values of the facet when JavaScript runs. Prices also have inputs (a GET form) and a slider.
 * Memoised: the listing's own state (the drawer, hydration) does not render the facets again.
 */
export const Facets = memo(function Facets({ facets }: { facets: FacetView[] }) {
  const t = useT();
  // Each facet hydrates in a task of its own (components/hydrate-later.tsx): a listing's ten facets hold some 360
  // elements, too many for one task on a phone.
  return (
    <div className="facets">
      {facets.map((facet, i) => {
        const name = facetLabel(facet.id, facet.label, t);
        return (
          <HydrateLater key={facet.id}>
            <details
              className={`facet facet--${facet.kind}`}
              open={i < OPEN_FACETS || !!facet.clearHref || (facet.kind === "values" && !!facet.lessHref)}
            >
              <summary className="facet__name">{name}</summary>
              <div className="facet__body">
                {facet.kind === "values" ? <ValueList facet={facet} name={name} /> : null}
                {facet.kind === "tree" ? <Tree facet={facet} /> : null}
                {facet.kind === "range" ? <Range facet={facet} name={name} /> : null}
                {facet.clearHref ? (
                  <a href={facet.clearHref} className="facet__clear" rel="nofollow">
                    {t("listing.clear_facet", { facet: name })}
                  </a>
                ) : null}
              </div>
            </details>
          </HydrateLater>
        );
      })}
    </div>
  );
});

/** One value: rendered by the hundred on a listing, so a plain function of its labels (no hooks of its own). */
function Value({ value, swatches, t, shop }: { value: FacetValueView; swatches?: boolean } & Labels) {
  const label = valueLabel(value, t, shop);
  return (
    <li className={`facet-value is-${value.state}`}>
      <a href={value.href} className="facet-value__link" rel="nofollow">
        {swatches ? (
          <span
            className="facet-value__swatch"
            style={{ background: value.color ?? "transparent" }}
            aria-hidden="true"
          />
        ) : null}
        <span className="facet-value__label">{label}</span>
        <span className="facet-value__count">{value.count}</span>
        {value.state !== "idle" ? <span className="visually-hidden">, {t(`listing.state_${value.state}`)}</span> : null}
      </a>
      {value.excludeHref ? (
        // biome-ignore lint/a11y/useAnchorContent: named by its label (one element less per value, by the hundred).
        <a
          href={value.excludeHref}
          className="facet-value__exclude"
          rel="nofollow"
          aria-label={t(value.state === "excluded" ? "listing.include" : "listing.exclude", { label })}
        />
      ) : null}
    </li>
  );
}

interface Labels {
  t: Translator;
  shop: Pick<Shop, "locale" | "currency">;
}

function ValueList({ facet, name }: { facet: ValuesFacetView; name: string }) {
  const t = useT();
  const { shop } = useStoreData();
  const swatches = facet.values.some((v) => v.color);
  const [found, setFound] = useState<FacetValueView[] | null>(null);
  const hydrated = useHydrated();
  const toggle = facet.more
    ? { href: facet.more.href, text: t("listing.show_more", { count: facet.more.count }) }
    : facet.lessHref
      ? { href: facet.lessHref, text: t("listing.show_less") }
      : undefined;
  return (
    <>
      {hydrated && (facet.searchable || toggle) ? (
        <Suspense fallback={null}>
          <FacetSearch facetId={facet.id} name={name} onResult={setFound} />
        </Suspense>
      ) : null}
      {found ? (
        found.length > 0 ? (
          <ul className="facet__values">
            {found.map((v) => (
              <Value key={v.label} value={v} swatches={swatches} t={t} shop={shop} />
            ))}
          </ul>
        ) : (
          <p className="facet__none">{t("listing.facet_search_none")}</p>
        )
      ) : (
        <>
          <ul className="facet__values">
            {facet.values.map((v) => (
              <Value key={v.label} value={v} swatches={swatches} t={t} shop={shop} />
            ))}
          </ul>
          {/* Links to the same page with this facet's every value (or its first ones again): the values behind
              "show more" are not on the page before a shopper asks for them. */}
          {toggle ? (
            <a href={toggle.href} className="facet__more" rel="nofollow">
              {toggle.text}
              <span className="visually-hidden"> ({name})</span>
            </a>
          ) : null}
        </>
      )}
    </>
  );
}

function Tree({ facet }: { facet: TreeFacetView }) {
  return (
    <ul className="facet__tree">
      {facet.items.map((item) => (
        <li key={`${item.depth}:${item.label}`} style={{ paddingInlineStart: `${item.depth * 0.75}rem` }}>
          <a
            href={item.href}
            className={`facet-tree__link${item.current ? " is-current" : ""}`}
            aria-current={item.current ? "page" : undefined}
          >
            {item.label}
            {item.count !== undefined ? <span className="facet-value__count">{item.count}</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Applied this long after the slider stops moving. */
const SLIDER_APPLY_MS = 600;

/**
 * Price: automatic ranges as links, and a manual range from two inputs (a GET form the server turns into
 * `mnf-{facet}=from...to`); with JavaScript also a two-handle slider, and the range applies without a reload.
 */
function Range({ facet, name }: { facet: RangeFacetView; name: string }) {
  const t = useT();
  const { shop } = useStoreData();
  const navigate = useNavigate();
  const [range, setRange] = useState<[number, number]>([facet.from, facet.to]);
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setRange([facet.from, facet.to]), [facet.from, facet.to]);
  const apply = ([from, to]: [number, number]) => {
    const join = facet.baseHref.includes("?") ? "&" : "?";
    const target = `${facet.baseHref}${join}mnf-${facet.id}=${Math.min(from, to)}...${Math.max(from, to)}`;
    navigate(target, { preventScrollReset: true });
  };
  const slide = (index: 0 | 1, value: number) => {
    const next: [number, number] =
      index === 0 ? [Math.min(value, range[1]), range[1]] : [range[0], Math.max(value, range[0])];
    setRange(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), SLIDER_APPLY_MS);
  };
  return (
    <>
      {facet.ranges.length > 0 ? (
        <ul className="facet__values">
          {facet.ranges.map((v) => (
            <Value key={v.href} value={v} t={t} shop={shop} />
          ))}
        </ul>
      ) : null}
      <form
        method="get"
        action={facet.action}
        className="price-range"
        onSubmit={(event) => {
          event.preventDefault();
          apply(range);
        }}
      >
        {facet.fields.map(([field, value], i) => (
          <input key={`${field}${i}`} type="hidden" name={field} value={value} />
        ))}
        {hydrated ? (
          <Suspense fallback={null}>
            <PriceSlider facet={facet} range={range} onSlide={slide} />
          </Suspense>
        ) : null}
        <div className="price-range__inputs">
          {(["from", "to"] as const).map((bound, index) => (
            <label key={bound} className="price-range__field">
              <span className="price-range__label">
                {t(`listing.price_${bound}`)} ({facet.currency})
              </span>
              <input
                type="number"
                name={`${bound}-${facet.id}`}
                min={facet.min}
                max={facet.max}
                step={1}
                inputMode="numeric"
                required
                value={range[index]}
                onChange={(event) => {
                  const value = Number(event.currentTarget.value);
                  setRange(index === 0 ? [value, range[1]] : [range[0], value]);
                }}
              />
            </label>
          ))}
          <button type="submit" className="button button--secondary price-range__apply">
            {t("listing.apply")}
            <span className="visually-hidden"> ({name})</span>
          </button>
        </div>
      </form>
    </>
  );
}
