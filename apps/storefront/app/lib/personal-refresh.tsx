import { useEffect, useRef } from "react";
import { useFetchers, useNavigation } from "react-router";
import { refreshPersonalData } from "./shell-counts.ts";

/**
 * Asks for the shopper's own data (lib/shell-counts.ts) after the page loads, when the store changes, and after
 * every form the shopper sent (add to basket, sign in, sign out), as a navigation or a fetcher, once it has ended.
 */
export function PersonalDataRefresh({ store }: { store: string }) {
  const navigation = useNavigation();
  const sending = useFetchers().filter(
    (fetcher) => fetcher.state !== "idle" && fetcher.formMethod && fetcher.formMethod.toUpperCase() !== "GET",
  ).length;
  const sent = useRef(false);
  useEffect(() => {
    void refreshPersonalData(store);
  }, [store]);
  useEffect(() => {
    if ((navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") || sending > 0) sent.current = true;
    if (navigation.state === "idle" && sending === 0 && sent.current) {
      sent.current = false;
      void refreshPersonalData(store);
    }
  }, [navigation.state, navigation.formMethod, sending, store]);
  return null;
}
