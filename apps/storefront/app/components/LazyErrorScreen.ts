import { lazy } from "react";

/**
 * The error screen, loaded when one is shown: most pages never show it. No `<Suspense>` around it on purpose:
 * the server's first render waits for it (the page is complete without JavaScript), hydrating an error page
 * waits for it, and a client navigation to an error keeps the old page until it is there.
 */
export const ErrorScreen = lazy(() => import("./ErrorScreen.tsx").then((module) => ({ default: module.ErrorScreen })));
