import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader } from "../routes/store.tsx";
import { type PersonalData, usePersonalData } from "./shell-counts.ts";

type StoreLoaderData = Awaited<ReturnType<typeof loader>>;
export type StoreData = Omit<StoreLoaderData, "shell"> & { shell: PersonalData };

/**
 * The data every page of a store has: shop, stores, messages, navigation, and the shopper's own (`shell`: counts
 * and customer), which shared pages do not carry and the browser asks for after load (lib/shell-counts.ts).
 */
export function useStoreData(): StoreData {
  const data = useRouteLoaderData<typeof loader>("routes/store");
  if (!data) throw new Error("useStoreData() outside of a store route");
  const shell = usePersonalData(data.shop.code, data.shell);
  return useMemo(() => ({ ...data, shell }), [data, shell]);
}
