import type { MouseEvent } from "react";
import type { useNavigate } from "react-router";

/**
 * A plain click on a same-origin link inside markup that React does not render link by link (the listing's
 * tiles, the shell's static navigation and footer) becomes a client navigation. Clicks with a modifier, other
 * buttons, links with a target or a download, and addresses elsewhere stay the browser's.
 */
export function followInPlace(
  event: MouseEvent,
  navigate: ReturnType<typeof useNavigate>,
  options: (link: HTMLAnchorElement) => { preventScrollReset?: boolean } = () => ({}),
): void {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return;
  }
  const link = (event.target as Element).closest("a");
  const href = link?.getAttribute("href");
  if (!link || !href?.startsWith("/") || href.startsWith("//") || link.target || link.hasAttribute("download")) {
    return;
  }
  event.preventDefault();
  navigate(href, options(link));
}
