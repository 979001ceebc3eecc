import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Parallel test runs (and helpers) build into their own folder.
  buildDirectory: process.env.VITRINE_BUILD_DIR ?? "build",
  // Routes are discovered lazily (React Router's default), so no page carries the whole route manifest (about
  // 3 KB gzip of JavaScript). The mega menu's links opt out of discovery (`discover="none"`): together with
  // the page's own links they would exceed the length of the discovery request, and React Router would then
  // discover nothing. The prefetch queue discovers a route when a shopper shows intent for one of them.
} satisfies Config;
