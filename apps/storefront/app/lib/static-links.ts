import { type FocusEvent, type MouseEvent, type TouchEvent, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { followInPlace } from "./follow-in-place.ts";
import { PREFETCH_INTENT_DELAY_MS, prefetchRoute } from "./prefetch.ts";

/**
 * Event handlers for an element whose links are plain markup (the shell's static parts): a plain click is a
 * client navigation, and intent (pointer resting on a link, focus, touch) prefetches the route as the shop's
 * `Link` does. A link with `data-prefetch="off"` is not prefetched.
 */
export function useStaticLinks() {
  const navigate = useNavigate();
  const hover = useRef<{ link: Element; timer: ReturnType<typeof setTimeout> }>(undefined);
  return useMemo(() => {
    const prefetchable = (target: EventTarget | null) => {
      const link = target instanceof Element ? target.closest("a") : null;
      const href = link?.getAttribute("href");
      return link && href?.startsWith("/") && !href.startsWith("//") && link.dataset.prefetch !== "off"
        ? { link, href }
        : undefined;
    };
    return {
      onClick: (event: MouseEvent) => followInPlace(event, navigate),
      onMouseOver: (event: MouseEvent) => {
        const found = prefetchable(event.target);
        if (!found || hover.current?.link === found.link) return;
        clearTimeout(hover.current?.timer);
        hover.current = {
          link: found.link,
          timer: setTimeout(() => prefetchRoute(found.href), PREFETCH_INTENT_DELAY_MS),
        };
      },
      onMouseOut: (event: MouseEvent) => {
        const current = hover.current;
        if (!current || (event.relatedTarget instanceof Node && current.link.contains(event.relatedTarget))) return;
        clearTimeout(current.timer);
        hover.current = undefined;
      },
      onFocus: (event: FocusEvent) => {
        const found = prefetchable(event.target);
        if (found) prefetchRoute(found.href);
      },
      onTouchStart: (event: TouchEvent) => {
        const found = prefetchable(event.target);
        if (found) prefetchRoute(found.href);
      },
    };
  }, [navigate]);
}
