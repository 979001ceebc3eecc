import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/i18n.tsx";

/**
 * A horizontal slider: a scroll-snap track that touch, trackpad and the keyboard scroll natively (it works
 * without JavaScript), plus previous/next buttons once the page is interactive. Arrow keys move by one item,
 * Home and End jump to the ends; focus moving onto a tile scrolls it into view by itself.
 */
export function Slider({
  label,
  heading,
  items,
  variant,
}: {
  /** Accessible name of the track (usually the block's title). */
  label: string;
  /** Shown above the track, left of the buttons. */
  heading?: ReactNode;
  items: { key: string | number; content: ReactNode }[];
  variant: "products" | "images";
}) {
  const t = useT();
  const trackId = useId();
  const track = useRef<HTMLElement>(null);
  const [state, setState] = useState({ ready: false, atStart: true, atEnd: false });

  const update = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const atStart = el.scrollLeft <= 1;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setState((s) => (s.ready && s.atStart === atStart && s.atEnd === atEnd ? s : { ready: true, atStart, atEnd }));
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    update();
    el.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      el.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [update]);

  const scrollTo = (left: number) => {
    const el = track.current;
    if (!el) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollTo({ left, behavior: smooth ? "smooth" : "auto" });
  };
  const itemWidth = () => {
    const el = track.current;
    const first = el?.querySelector<HTMLElement>(".slider__item");
    const second = first?.nextElementSibling as HTMLElement | null | undefined;
    if (!first) return el?.clientWidth ?? 0;
    return second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
  };
  /** One page: as many whole items as are visible. */
  const page = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const step = itemWidth();
    const perPage = Math.max(1, Math.floor((el.clientWidth + 1) / step));
    scrollTo(el.scrollLeft + direction * perPage * step);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const el = track.current;
    if (!el || event.altKey || event.ctrlKey || event.metaKey) return;
    let left: number;
    switch (event.key) {
      case "ArrowRight":
        left = el.scrollLeft + itemWidth();
        break;
      case "ArrowLeft":
        left = el.scrollLeft - itemWidth();
        break;
      case "Home":
        left = 0;
        break;
      case "End":
        left = el.scrollWidth;
        break;
      default:
        return;
    }
    event.preventDefault();
    scrollTo(left);
  };

  return (
    <div className={`slider slider--${variant}`}>
      <div className="slider__header">
        {heading}
        <div className="slider__controls" hidden={!state.ready || (state.atStart && state.atEnd)}>
          <button
            type="button"
            className="slider__button"
            aria-controls={trackId}
            aria-label={t("content.slider_previous")}
            disabled={state.atStart}
            onClick={() => page(-1)}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="slider__button"
            aria-controls={trackId}
            aria-label={t("content.slider_next")}
            disabled={state.atEnd}
            onClick={() => page(1)}
          >
            <Chevron direction="right" />
          </button>
        </div>
      </div>
      {/* A named region (as carousels are) that keyboards can reach: the track scrolls with the arrow keys. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above */}
      <section className="slider__track" id={trackId} ref={track} aria-label={label} tabIndex={0} onKeyDown={onKeyDown}>
        <ul className="slider__list">
          {items.map((item) => (
            <li key={item.key} className="slider__item">
              {item.content}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
