import type { ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { expect, type Page, test } from "@playwright/test";
import { hydrated, startExtraShop } from "./fixtures.ts";

/**
 * Issue 23, item 5: error reporting in the browser. With SENTRY_DSN set (a shop of this spec's own, pointed at a
 * fake Sentry ingest on 127.0.0.1) the page loads the SDK's chunk, its policy's connect-src allows exactly the DSN's
 * origin, and an error thrown in the page arrives at the ingest under the environment 'unknown'. Without a DSN (the
 * suite's shop) the page loads nothing of the SDK, warns 'Sentry DSN is not provided' and sends nothing.
 */

const e2ePort = Number(process.env.E2E_PORT ?? 3210);
// Two ports next to the suite's own.
const shopPort = e2ePort + 1;
const ingestPort = e2ePort + 2;
const shop = `http://127.0.0.1:${shopPort}`;
const SDK_CHUNK = /\/assets\/error-reporting\.sdk-[^/]+\.js$/;

/** The scripts a page fetched and the requests it sent to other origins. */
function watch(page: Page, origin: string) {
  const scripts: string[] = [];
  const foreign: string[] = [];
  const warnings: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    if (!request.url().startsWith(origin) && !request.url().startsWith("data:")) foreign.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  return { scripts, foreign, warnings };
}

const connectSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("connect-src")) ?? "";

test.describe("with SENTRY_DSN set", () => {
  let shopProcess: ChildProcess;
  let ingest: Server;
  const envelopes: { path: string; body: string }[] = [];

  test.beforeAll(async () => {
    ingest = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        envelopes.push({ path: req.url ?? "", body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200, { "access-control-allow-origin": "*", "content-type": "application/json" });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => ingest.listen(ingestPort, "127.0.0.1", resolve));
    shopProcess = await startExtraShop(shopPort, { SENTRY_DSN: `http://e2epublickey@127.0.0.1:${ingestPort}/42` });
  });

  test.afterAll(async () => {
    shopProcess?.kill("SIGTERM");
    await new Promise((resolve) => ingest?.close(resolve));
  });

  test("sends an error thrown in the page to the Sentry-compatible ingest, environment 'unknown'", async ({ page }) => {
    const seen = watch(page, shop);
    const response = await page.goto(`${shop}/de/`);
    expect(connectSrc((await response?.headerValue("content-security-policy")) ?? "")).toBe(
      `connect-src 'self' http://127.0.0.1:${ingestPort}`,
    );
    await hydrated(page);
    await expect.poll(() => seen.scripts.some((path) => SDK_CHUNK.test(path))).toBe(true);
    // The SDK is running once its global carrier holds a client.
    await expect
      .poll(() => page.evaluate(() => typeof (globalThis as { __SENTRY__?: unknown }).__SENTRY__ === "object"))
      .toBe(true);
    expect(seen.warnings.filter((w) => w.includes("Sentry DSN is not provided"))).toEqual([]);

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e: a browser error for the ingest");
      });
    });
    await expect
      .poll(() => envelopes.find((e) => e.body.includes("e2e: a browser error for the ingest")), { timeout: 15_000 })
      .toBeTruthy();
    const envelope = envelopes.find((e) => e.body.includes("e2e: a browser error for the ingest")) as {
      path: string;
      body: string;
    };
    expect(envelope.path).toMatch(/^\/api\/42\/envelope\/\?.*sentry_key=e2epublickey/);
    const [, , item] = envelope.body.split("\n");
    const event = JSON.parse(item as string) as {
      environment: string;
      exception: { values: { type: string; value: string }[] };
      request?: { url?: string; headers?: unknown };
    };
    expect(event.environment).toBe("unknown");
    expect(event.exception.values[0]).toMatchObject({ type: "Error", value: "e2e: a browser error for the ingest" });
    expect(event.request?.headers).toBeUndefined();
  });
});

test("without SENTRY_DSN the page loads nothing of the SDK, warns 'Sentry DSN is not provided' and sends nothing", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL as string;
  const seen = watch(page, origin);
  const response = await page.goto("/de/");
  expect(connectSrc((await response?.headerValue("content-security-policy")) ?? "")).toBe("connect-src 'self'");
  await hydrated(page);
  await expect.poll(() => seen.warnings).toContain("Sentry DSN is not provided");
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("e2e: nobody hears this");
    });
  });
  // Another page, then a moment for anything that would still load or send.
  await page.goto("/de/help/");
  await hydrated(page);
  await page.waitForTimeout(1000);
  expect(seen.scripts.filter((path) => SDK_CHUNK.test(path))).toEqual([]);
  expect(seen.foreign).toEqual([]);
  expect(await page.evaluate(() => "__SENTRY__" in globalThis)).toBe(false);
});
