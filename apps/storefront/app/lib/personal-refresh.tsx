import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { refreshPersonalData } from "./shell-counts.ts";

/**
 * Asks for the shopper's own data (lib/shell-counts.ts) after the page loads, when the store changes, and after
 * every form the shopper sent (add to basket, sign in, sign out) once its navigation has ended.
 */
export function PersonalDataRefresh({ store }: { store: string }) {
  const navigation = useNavigation();
  const sent = useRef(false);
  useEffect(() => {
    void refreshPersonalData(store);
  }, [store]);
  useEffect(() => {
    if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") sent.current = true;
    if (navigation.state === "idle" && sent.current) {
      sent.current = false;
      void refreshPersonalData(store);
    }
  }, [navigation.state, navigation.formMethod, store]);
  return null;
}
