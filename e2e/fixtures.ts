import { type ChildProcess, spawn } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import type { Db } from "@vitrine/commerce";
import { NECESSARY_ONLY_STATE } from "./consent-state.ts";

/**
 * Puts a variant into the page's basket through the shop's API, as the product page does (a store's home opens
 * the session first).
 */
export async function addToBasketByApi(
  page: Page,
  store: { code: string; shopId: number },
  variantId: number,
  quantity = 1,
): Promise<void> {
  await page.goto(`/${store.code}/`);
  const csrf = (await page.context().cookies()).find((c) => c.name === "vitrine_csrf")?.value ?? "";
  const port = Number(process.env.E2E_PORT ?? 3210);
  const added = await page.request.post("/api/rpc/addItemToBasket", {
    headers: { "x-csrf-token": csrf, "x-shop-id": String(store.shopId), origin: `http://127.0.0.1:${port}` },
    data: { payload: { variantId, quantity } },
  });
  expect(added.status()).toBe(200);
}

/** Fails on serious or critical accessibility violations (axe-core), listing them readably. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n  ")}`,
  );
  expect(report, report.join("\n")).toEqual([]);
}

/**
 * Variants the checkout journeys can buy in every store (priced in euro and franc zones, ten or more in stock,
 * one per product, no small items that sell out in the demo data), newest first or oldest first: two spec files
 * take them from opposite ends so their orders never compete for stock.
 */
export async function purchasableVariants(
  db: Db,
  options: { order: "asc" | "desc"; stockedOnly?: boolean },
): Promise<number[]> {
  let query = db
    .selectFrom("variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .innerJoin("variant_price as de", (j) => j.onRef("de.variant_id", "=", "v.id").on("de.price_zone", "=", "DE"))
    .innerJoin("variant_price as ch", (j) => j.onRef("ch.variant_id", "=", "v.id").on("ch.price_zone", "=", "CH"))
    .select(["v.id", "v.product_id"])
    .where("v.stock_quantity", ">=", 10)
    .where("p.product_type", "not in", ["socks", "tshirt", "top"]);
  if (options.stockedOnly) query = query.where("v.sellable_without_stock", "=", 0);
  const rows = await query.orderBy("v.id", options.order).limit(200).execute();
  const seen = new Set<number>();
  const variants: number[] = [];
  for (const row of rows) {
    if (!seen.has(row.product_id)) variants.push(row.id);
    seen.add(row.product_id);
  }
  return variants;
}

/** A page in a fresh browser context with the viewport and language given (a phone width gets touch). */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
  language = "de-DE",
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    storageState: NECESSARY_ONLY_STATE,
    viewport,
    locale: language,
    extraHTTPHeaders: { "accept-language": `${language},${language.slice(0, 2)};q=0.9` },
    ...(viewport.width < 768 ? { isMobile: true, hasTouch: true } : {}),
  });
  return { context, page: await context.newPage() };
}

/**
 * Waits until the page is interactive: every part of its first hydration has hydrated (`html[data-hydrated]`,
 * components/hydrate-later.tsx), the menu is enhanced, and the effects of the last part have run (Preact runs
 * effects in a timer after the next frame).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.locator("#navigation[data-enhanced]").waitFor({ state: "attached" });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

/**
 * A second shop for a journey that needs other settings than the suite's shop (third-party scripts, an error
 * ingest): the production build on `port`, its own SQLite data and 30 demo products, with `settings` on top;
 * resolves once it answers /readyz (two minutes at most).
 */
export async function startExtraShop(port: number, settings: Record<string, string>): Promise<ChildProcess> {
  const shop = spawn(process.execPath, ["apps/storefront/server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      VITRINE_DATA_DIR: `test-results/e2e-data-${port}`,
      DATABASE_URL: "",
      DEMO_PRODUCTS: "30",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...settings,
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 240; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return shop;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  shop.kill("SIGTERM");
  throw new Error(`the extra shop on port ${port} did not start`);
}
