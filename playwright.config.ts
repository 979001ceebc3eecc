import { defineConfig, devices } from "@playwright/test";
import { NECESSARY_ONLY_STATE } from "./e2e/consent-state.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.ts";

/**
 * Browser journeys in Debian's Chromium against the production build, served on 127.0.0.1 with a fresh SQLite
 * database and the demo catalogue. `npm run build` must have run first (scripts/test.sh does it).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = `test-results/e2e-data-${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Journeys start as a shopper who chose "necessary only", so the consent banner covers nothing;
    // e2e/consent.spec.ts starts without a choice.
    storageState: NECESSARY_ONLY_STATE,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, channel: undefined },
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node apps/storefront/server.ts`,
    // The server listens before its services are ready; /readyz answers 200 once they are.
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      VITRINE_DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEMO_PRODUCTS: "2000",
      NODE_ENV: "production",
      PREVIEW_TOKEN: "e2e-preview-token",
      // The access lines of every request would bury the test report; warnings and errors still show.
      LOG_LEVEL: "warn",
    },
  },
});
