import { useId, useRef } from "react";
import { useT } from "../i18n/i18n.tsx";
import type { TrackingView } from "../lib/listing.ts";
import { HydrateLater } from "./hydrate-later.tsx";
import type { ProductTileData } from "./ProductTile.tsx";
import { ProductTile } from "./ProductTile.tsx";
import "../styles/listing.css";
import { statisticsAllowed } from "../lib/consent.ts";

/** What a recommendation slot of the search service gives a page (`loadRecommendationSlot` in search.server.ts). */
export interface RecommendationSlotData {
  slotId: string;
  /** The slot's headline, in the store's language. */
  headline: string;
  products: ProductTileData[];
  responseId: string;
}

const TILE_SIZES = "(min-width: 1024px) 22vw, (min-width: 768px) 31vw, 45vw";

/**
 * A row of recommended products under the slot's headline: a scroll-snap track that touch, trackpad and keyboard
 * scroll without JavaScript, with previous/next buttons. Renders nothing for an empty slot. With `tracking`,
 * following a product reports `ec.productClick` with the slot's response id.
 */
export function RecommendationSlider({
  slot,
  tracking,
  headingLevel = 2,
}: {
  slot: RecommendationSlotData;
  tracking?: TrackingView;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const id = useId();
  const track = useRef<HTMLElement>(null);
  if (slot.products.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: "smooth" });
  };
  // The slider hydrates in a task of its own (components/hydrate-later.tsx).
  return (
    <HydrateLater>
      <section className="reco" aria-labelledby={`${id}-title`} data-slot={slot.slotId}>
        <div className="reco__head">
          <Heading id={`${id}-title`} className="reco__title">
            {slot.headline}
          </Heading>
          <div className="reco__buttons">
            <button type="button" className="reco__button" aria-controls={`${id}-track`} onClick={() => move(-1)}>
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">{t("listing.slider_previous")}</span>
            </button>
            <button type="button" className="reco__button" aria-controls={`${id}-track`} onClick={() => move(1)}>
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">{t("listing.slider_next")}</span>
            </button>
          </div>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <section id={`${id}-track`} ref={track} className="reco__track" aria-labelledby={`${id}-title`} tabIndex={0}>
          <ul className="reco__list">
            {slot.products.map((product, i) => (
              <li key={product.id} className="reco__item">
                <ProductTile
                  product={product}
                  sizes={TILE_SIZES}
                  headingLevel={headingLevel === 2 ? 3 : 4}
                  {...(tracking
                    ? {
                        onFollow: () =>
                          statisticsAllowed() &&
                          void import("../lib/tracking.ts").then(({ trackProductClick }) =>
                            trackProductClick(tracking, {
                              product: {
                                productId: String(product.id),
                                name: product.name,
                                price: product.price / 100,
                              },
                              position: i + 1,
                              responseId: slot.responseId,
                            }),
                          ),
                      }
                    : {})}
                />
              </li>
            ))}
          </ul>
        </section>
      </section>
    </HydrateLater>
  );
}
