import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader } from "../routes/store.tsx";
import { useShellCounts } from "./shell-counts.ts";

export type StoreData = Awaited<ReturnType<typeof loader>>;

/**
 * The data every page of a store has: shop, stores, messages, CSRF token, navigation, shell. The header counters
 * (`shell.counts`) also follow basket and wishlist changes made in the browser since the page loaded.
 */
export function useStoreData(): StoreData {
  const data = useRouteLoaderData<typeof loader>("routes/store");
  if (!data) throw new Error("useStoreData() outside of a store route");
  const counts = useShellCounts(data.shell.counts);
  return useMemo(
    () => (counts === data.shell.counts ? data : { ...data, shell: { ...data.shell, counts } }),
    [data, counts],
  );
}
