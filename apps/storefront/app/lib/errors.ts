import { data } from "react-router";
import type { RecommendationSlotData } from "../components/RecommendationSlider.tsx";
import { pageUrl } from "./page-url.ts";

/** What a 404 carries to the error screen: an unknown route, or a known route with an invalid page. */
export type NotFoundKind = "unknown_route" | "invalid_page";

export interface NotFoundData {
  kind: NotFoundKind;
  path: string;
  /** Products to go on with (a missing product or category shows what shoppers look at now). */
  products?: RecommendationSlotData;
}

/** Unknown route: 404 'Page not found' (specification section 2). */
export function unknownRoute(request: Request): never {
  throw data<NotFoundData>({ kind: "unknown_route", path: pageUrl(request).pathname }, { status: 404 });
}

/**
 * Invalid page (a product or category that does not exist): 404 'Page Not Found: {path}', with the page's path
 * also when the request is a client-side navigation's data request.
 */
export function invalidPage(request: Request, products?: RecommendationSlotData, gone = false): never {
  throw data<NotFoundData>(
    { kind: "invalid_page", path: pageUrl(request).pathname, ...(products ? { products } : {}) },
    // A product deleted in the back office is gone for good: 410 tells search engines to drop its page.
    { status: gone ? 410 : 404 },
  );
}

export function isNotFoundData(value: unknown): value is NotFoundData {
  return typeof value === "object" && value !== null && "kind" in value && "path" in value;
}

/** The invalid-page 404 as `invalidPage` throws it. */
export function isInvalidPage(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("data" in error)) return false;
  const data = (error as { data: unknown }).data;
  return isNotFoundData(data) && data.kind === "invalid_page";
}

/** The invalid page of a product deleted for good (410 Gone), as `invalidPage` throws it. */
export function isGonePage(error: unknown): boolean {
  return isInvalidPage(error) && (error as { init?: { status?: number } | null }).init?.status === 410;
}
