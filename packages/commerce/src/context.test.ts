import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

describe("one context type", () => {
  /**
   * The core's services take `Ctx` (or `ShopCtx`, or a Pick of either): a context-like type is either built on them
   * (`extends Ctx`/`ShopCtx`, adding only the accounts instance) or a subset of Ctx's fields. A new parallel context
   * shape fails here.
   */
  const CTX_FIELDS = new Set(["db", "clock", "config", "log", "requestId", "imageUrl", "publicUrl", "shop"]);

  function contextTypes(root: string): { file: string; name: string; ok: boolean }[] {
    const found: { file: string; name: string; ok: boolean }[] = [];
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".ts") || /\.test\.ts$|test-|testing\.ts$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/export (interface|type) (\w+(?:Context|Ctx))\b([^{=]*)(?:=|\{)([^}]*)\}?/g)) {
        const [, kind, name, heritage = "", body = ""] = m;
        if (name === "Ctx" || name === "ShopCtx") continue;
        const fields = [...body.matchAll(/^\s+(?:readonly )?(\w+)\??:/gm)].map((f) => f[1] as string);
        const extendsCtx = /extends\s+(Ctx|ShopCtx|\w+Context)\b/.test(heritage);
        const subset = kind === "interface" && fields.every((f) => CTX_FIELDS.has(f));
        // Built on Ctx: only the accounts instance (and the account mails' wording) may be added.
        const addsOnlyAccounts = extendsCtx && fields.every((f) => CTX_FIELDS.has(f) || f === "auth" || f === "mails");
        found.push({ file, name: name as string, ok: subset || addsOnlyAccounts });
      }
    }
    return found;
  }

  it("finds none beside Ctx and ShopCtx in the commerce core", () => {
    const types = contextTypes(import.meta.dirname);
    expect(types.length).toBeGreaterThan(2);
    expect(types.filter((t) => !t.ok).map((t) => `${t.name} (${t.file})`)).toEqual([]);
  });
});
