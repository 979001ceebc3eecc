import { useEffect } from "react";
import { BUILD_ID } from "../lib/build.ts";
import { startBrowserErrorReporting } from "../lib/error-reporting.ts";
import { useStoreData } from "../lib/use-store.ts";

/** Starts the browser's error reporting once the page runs (lib/error-reporting.ts); renders nothing. */
export function ErrorReporting() {
  const { errorReporting } = useStoreData();
  useEffect(() => {
    startBrowserErrorReporting(errorReporting, BUILD_ID);
  }, [errorReporting]);
  return null;
}
