/**
 * The page a request stands for. React Router loads data for a client-side navigation with a data request:
 * `/de/c/damen/_.data?_routes=…` for the page `/de/c/damen/` (`/de/cart.data` for `/de/cart`), and passes that
 * request to loaders and middleware as it is. Anything that reasons about the page's path (redirects, 404
 * texts, canonical URLs, the store switcher) uses this URL.
 */
export function pageUrl(request: Request | URL | string): URL {
  const url = new URL(request instanceof Request ? request.url : request);
  const { pathname } = url;
  if (pathname === "/_root.data") url.pathname = "/";
  else if (pathname.endsWith("/_.data")) url.pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) url.pathname = pathname.slice(0, -".data".length);
  // Drop React Router's own parameter without re-encoding the rest of the query (`%20` stays `%20`).
  if (url.search.includes("_routes=")) {
    const rest = url.search
      .slice(1)
      .split("&")
      .filter((pair) => !pair.startsWith("_routes="));
    url.search = rest.length > 0 ? `?${rest.join("&")}` : "";
  }
  return url;
}

/** Whether a request is React Router's data request for a client-side navigation. */
export function isDataRequest(request: Request | URL): boolean {
  return new URL(request instanceof Request ? request.url : request).pathname.endsWith(".data");
}
