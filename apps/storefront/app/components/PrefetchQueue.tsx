import { type ContextType, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { PrefetchPageLinks, Link as RouterLink, UNSAFE_DataRouterContext } from "react-router";
import { PREFETCH_SLOT_TIMEOUT_MS, prefetchQueue } from "../lib/prefetch.ts";

const NONE: readonly string[] = [];

/**
 * Renders React Router's prefetch links (route modules and data) for the paths the queue lets through, at most
 * four at a time. A path's slot is freed when its first prefetch link loads or fails, or after a time-out.
 */
export function PrefetchQueue() {
  const active = useSyncExternalStore(prefetchQueue.subscribe, prefetchQueue.active, () => NONE);
  return (
    <>
      {active.map((path) => (
        <QueuedPrefetch key={path} path={path} />
      ))}
    </>
  );
}

type DataRouter = NonNullable<ContextType<typeof UNSAFE_DataRouterContext>>["router"];

/**
 * Whether React Router knows the route of a path for sure. A match that ends in the store's catch-all (`*`)
 * may only mean that the path's own route (`c/*`, `p/:product`) has not been discovered yet.
 */
function knowsRoute(router: DataRouter | undefined, path: string): boolean {
  if (!router) return true;
  const matches = router.match(path);
  return matches !== null && matches[matches.length - 1]?.route.path !== "*";
}

function QueuedPrefetch({ path }: { path: string }) {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const [known, setKnown] = useState(() => knowsRoute(router, path));
  useEffect(() => {
    const timer = setTimeout(() => prefetchQueue.complete(path), PREFETCH_SLOT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [path]);
  // Routes are discovered lazily: once React Router has learnt this path's route, prefetch it.
  useEffect(() => {
    if (known || !router) return;
    return router.subscribe(() => {
      if (knowsRoute(router, path)) setKnown(true);
    });
  }, [known, router, path]);
  if (!known) {
    // A hidden link React Router discovers (it asks the server for the route of every rendered link).
    return <RouterLink to={path} discover="render" hidden tabIndex={-1} aria-hidden="true" />;
  }
  const done = () => prefetchQueue.complete(path);
  // React Router spreads these props onto the `<link>` elements it renders; its type leaves events out.
  const events = { onLoad: done, onError: done } as object;
  return <PrefetchPageLinks page={path} {...events} />;
}
