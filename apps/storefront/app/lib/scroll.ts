import { useContext, useEffect, useLayoutEffect, useRef } from "react";
import { UNSAFE_DataRouterStateContext, useLocation, useMatches } from "react-router";
import { pageTypeOf } from "./meta.ts";

/**
 * Scroll behaviour (specification sections 2 and 9): on category-to-category navigation the position stored
 * per full path in session storage is restored minus 158 px; otherwise the page scrolls to the top unless the
 * URL has a hash, or the navigation keeps the position on a page of the same kind. Smooth scrolling is the
 * default.
 */
export const SCROLL_OFFSET_PX = 158;
const SCROLL_STORAGE_PREFIX = "vitrine:scroll:";
const CATEGORY_PAGE_TYPE = "product_list";

export type ScrollTarget =
  | { kind: "none" }
  | { kind: "top" }
  | { kind: "position"; top: number }
  | { kind: "hash"; id: string };

export interface ScrollDecision {
  fromPageType: string | undefined;
  toPageType: string | undefined;
  /** Path and query of the new page: the key its position is stored under. */
  fullPath: string;
  hash: string;
  /** The navigation asked to keep the position (a link or form with `preventScrollReset`, a form post). */
  preventScrollReset: boolean;
  storedPosition(fullPath: string): number | undefined;
}

export function scrollTarget(decision: ScrollDecision): ScrollTarget {
  // Kept only while the page stays of one kind: a form that keeps its position (a checkout step) may be answered
  // with another page (the order confirmation), which opens at its top.
  if (decision.preventScrollReset && decision.fromPageType === decision.toPageType) return { kind: "none" };
  if (decision.fromPageType === CATEGORY_PAGE_TYPE && decision.toPageType === CATEGORY_PAGE_TYPE) {
    const stored = decision.storedPosition(decision.fullPath);
    if (stored !== undefined) return { kind: "position", top: Math.max(0, stored - SCROLL_OFFSET_PX) };
  }
  if (decision.hash.length > 1) return { kind: "hash", id: decodeHash(decision.hash) };
  return { kind: "top" };
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

function readPosition(fullPath: string): number | undefined {
  try {
    const value = sessionStorage.getItem(SCROLL_STORAGE_PREFIX + fullPath);
    return value === null || !Number.isFinite(Number(value)) ? undefined : Number(value);
  } catch {
    return undefined;
  }
}

function writePosition(fullPath: string, top: number): void {
  try {
    sessionStorage.setItem(SCROLL_STORAGE_PREFIX + fullPath, String(Math.round(top)));
  } catch {
    // Storage full or forbidden (private mode): positions are a convenience.
  }
}

/** Applies the shop's scroll behaviour to client navigations (replaces React Router's ScrollRestoration). */
export function useShopScroll(): void {
  const location = useLocation();
  const matches = useMatches();
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const fullPath = location.pathname + location.search;
  const current = useRef({ fullPath, pageType: pageTypeOf(matches), key: location.key });

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    let frame = 0;
    const save = () => {
      frame = 0;
      writePosition(current.current.fullPath, window.scrollY);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(save);
    };
    // The shopper may have scrolled before the page became interactive: the position is read in the next frame,
    // not now. Reading `scrollY` here forced the browser to lay the whole page out inside hydration's commit
    // (about a sixth of the listing's hydration task in a profile with a 4× slower CPU); in the frame, the layout it
    // needs is the one the browser does anyway.
    frame = requestAnimationFrame(save);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once per navigation (location key).
  useLayoutEffect(() => {
    const previous = current.current;
    if (previous.key === location.key) return; // first render: the browser placed the page
    const toPageType = pageTypeOf(matches);
    current.current = { fullPath, pageType: toPageType, key: location.key };
    const target = scrollTarget({
      fromPageType: previous.pageType,
      toPageType,
      fullPath,
      hash: location.hash,
      preventScrollReset: routerState?.preventScrollReset === true,
      storedPosition: readPosition,
    });
    const behavior: ScrollBehavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    if (target.kind === "position") window.scrollTo({ top: target.top, behavior });
    else if (target.kind === "top") window.scrollTo({ top: 0, behavior });
    else if (target.kind === "hash") {
      const element = document.getElementById(target.id);
      if (element) element.scrollIntoView({ behavior });
      else window.scrollTo({ top: 0, behavior });
    }
  }, [location.key]);
}
