import type { Db } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * Health, readiness and request ids of the storefront in this process (server.ts adds the access log and the
 * stop; test/lifecycle.test.ts runs it as a process).
 */

interface ReadinessCheck {
  name: string;
  check(): Promise<string | undefined>;
}

let shop: TestShop;
let db: Db;
let readinessChecks: ReadinessCheck[];

beforeAll(async () => {
  shop = await startTestShop({ DEMO_PRODUCTS: "40" });
  const { join, resolve } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const buildDir = resolve(import.meta.dirname, "..", process.env.VITRINE_BUILD_DIR ?? "build");
  const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as {
    entry: { module: { getServices(): Promise<{ db: Db; readinessChecks: ReadinessCheck[] }> } };
  };
  ({ db, readinessChecks } = await build.entry.module.getServices());
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

describe("health and readiness", () => {
  it("answers /healthz while the process runs, and /readyz with each check", async () => {
    const browser = shop.browser();
    const health = await browser.fetch("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    // Right after the start the embedded worker may not have written its first heartbeat yet (a busy database):
    // the process is then not ready, and becomes ready once it has.
    let ready = await browser.fetch("/readyz");
    for (let tries = 0; ready.status === 503 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      ready = await browser.fetch("/readyz");
    }
    expect(ready.status, JSON.stringify(await ready.clone().json())).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", search: "ok", worker: "ok" },
    });
  });

  it("is not ready while a migration of this code has not run on the database", async () => {
    const last = await db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .orderBy("name" as never, "desc")
      .executeTakeFirstOrThrow();
    const name = (last as { name: string }).name;
    await db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", name as never)
      .execute();
    try {
      const ready = await shop.browser().fetch("/readyz");
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await ready.json()).toMatchObject({
        status: "unavailable",
        failing: ["migrations"],
        checks: { database: "ok", migrations: `pending: ${name}`, search: "ok", worker: "ok" },
      });
    } finally {
      await db
        .insertInto("kysely_migration" as never)
        .values({ name, timestamp: new Date().toISOString() } as never)
        .execute();
    }
    expect((await shop.browser().fetch("/readyz")).status).toBe(200);
  });

  it("runs the checks other parts add (the embedded worker's heartbeat), naming the one that fails", async () => {
    let heartbeat: string | undefined = "no heartbeat for 120 s";
    const worker = { name: "worker", check: async () => heartbeat };
    readinessChecks.push(worker);
    try {
      const ready = await shop.browser().fetch("/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ failing: ["worker"], checks: { worker: "no heartbeat for 120 s" } });
      heartbeat = undefined;
      const again = await shop.browser().fetch("/readyz");
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ checks: { worker: "ok" } });
    } finally {
      readinessChecks.splice(readinessChecks.indexOf(worker), 1);
    }
  });
});

describe("request ids", () => {
  it("echoes a valid incoming X-Request-Id, and answers others with a new one", async () => {
    const browser = shop.browser();
    const given = await browser.fetch("/de/", { headers: { "x-request-id": "lb-7f3a.42" } });
    expect(given.headers.get("x-request-id")).toBe("lb-7f3a.42");
    const forged = await browser.fetch("/de/", { headers: { "x-request-id": "<script>alert(1)</script>" } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const none = await browser.fetch("/de/c/damen/");
    const second = await browser.fetch("/de/c/damen/");
    expect(none.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get("x-request-id")).not.toBe(none.headers.get("x-request-id"));
    const rpc = await browser.rpc("getBasket", null);
    expect(rpc.status).toBe(200);
    expect(rpc.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
