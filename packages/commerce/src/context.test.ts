import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "./clock.ts";
import { loadConfig } from "./config.ts";
import { createCtx, withTransaction } from "./context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "./db/testing.ts";
import { silentLogger } from "./log.ts";
import { getSetting } from "./settings/settings.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

async function writeSetting(db: TestDatabase["db"], key: string, value: string) {
  await db.insertInto("setting").values({ key, value, updated_at: new Date().toISOString() }).execute();
}

describe("the context", () => {
  it("derives image and public URLs from the configuration and keeps the given request id", () => {
    const config = loadConfig({ PUBLIC_URL: "https://shop.example/", IMAGE_BASE_URL: "https://img.example/i/" });
    const ctx = createCtx({ db: t.db, clock: fixedClock("2026-01-01"), config, log: silentLogger, requestId: "r-1" });
    expect(ctx.requestId).toBe("r-1");
    expect(ctx.publicUrl).toBe("https://shop.example");
    expect(ctx.imageUrl("a/b.jpg")).toBe("https://img.example/i/a/b.jpg");
    expect(createCtx({ db: t.db, clock: ctx.clock, config, log: silentLogger }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("withTransaction commits as one, rolls back as one, and nested calls join the caller's transaction", async () => {
    const ctx = testCtx(t.db, {});
    await withTransaction(ctx, async (tx) => {
      expect(tx.db.isTransaction).toBe(true);
      await writeSetting(tx.db, "ctx-a", "1");
      await withTransaction(tx, async (inner) => {
        expect(inner.db).toBe(tx.db);
        await writeSetting(inner.db, "ctx-b", "2");
      });
    });
    expect(await getSetting(t, "ctx-a")).toBe("1");
    expect(await getSetting(t, "ctx-b")).toBe("2");

    await expect(
      withTransaction(ctx, async (tx) => {
        await writeSetting(tx.db, "ctx-c", "3");
        await withTransaction(tx, (inner) => writeSetting(inner.db, "ctx-d", "4"));
        throw new Error("business rule failed");
      }),
    ).rejects.toThrow("business rule failed");
    expect(await getSetting(t, "ctx-c")).toBeUndefined();
    expect(await getSetting(t, "ctx-d")).toBeUndefined();
  });
});
