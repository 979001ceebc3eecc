import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, migrateToLatest } from "@vitrine/commerce";
import { loadDemoCatalog } from "@vitrine/demo-data";
import { searchMigrations } from "@vitrine/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * A shop whose SQLite database refuses writes (opened read-only, as after a disk went read-only; a full disk
 * fails the same way with SQLITE_FULL): it must say so, 503 and not ready, instead of a 500 on every write while
 * the health check stays green. SQLite on both test runs: the read-only file is the SQLite case of the defect.
 */

let shop: TestShop;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "vitrine-readonly-"));
  const file = join(folder, "shop.sqlite");
  const db = createDatabase({ url: file });
  await migrateToLatest(db, [searchMigrations]);
  await loadDemoCatalog(db, { products: 40 });
  await db.destroy();
  // SQLite also on the PostgreSQL run (this process only).
  delete process.env.DATABASE_SCHEMA;
  process.env.DATABASE_URL = "";
  shop = await startTestShop({
    DATABASE_URL: `file:${file}?mode=ro`,
    DEMO_PRODUCTS: "0",
    VITRINE_SECRET: "a-test-secret-of-at-least-32-characters",
  });
}, 60_000);

afterAll(async () => {
  await shop?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("a database that refuses writes", () => {
  it("answers a write 503 with Retry-After, fails /readyz, keeps /healthz, and logs the real reason", async () => {
    const browser = shop.browser();
    expect((await browser.fetch("/de/c/damen/")).status).toBe(200);
    expect((await browser.fetch("/healthz")).status).toBe(200);

    const ready = await browser.fetch("/readyz");
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);

    const signUp = await browser.submit("/de/login/?register=true", {
      intent: "sign-up",
      firstName: "R",
      lastName: "O",
      email: "read.only@example.com",
      password: "Sommer-2026!",
    });
    expect(signUp.status).toBe(503);
    expect(signUp.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await signUp.text()).toContain("cannot save changes");
    expect(shop.logs()).toContainEqual(
      expect.objectContaining({
        level: "error",
        reason: expect.stringMatching(/SQLITE_READONLY/),
        requestId: expect.any(String),
      }),
    );
    // /readyz names the failing check.
    expect(await ready.json()).toMatchObject({ status: "unavailable", failing: ["database"] });
  });
});
