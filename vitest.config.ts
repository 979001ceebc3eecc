import { defineConfig } from "vitest/config";

// Kept apart from the storefront's React Router Vite config (ARCHITECTURE.md).
export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "apps/storefront/app/**/*.test.{ts,tsx}",
      "apps/storefront/test/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "**/e2e/**", "**/build/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
