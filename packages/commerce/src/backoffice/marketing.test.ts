import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, listAudit } from "../audit/audit.ts";
import { CATEGORY, PRODUCT, seedBasketFixtures } from "../basket/test-fixtures.ts";
import { productsReached } from "../catalog/product-reach.ts";
import type { Clock } from "../clock.ts";
import { shownInStore } from "../content/blocks.ts";
import { findContentEntry } from "../content/content.ts";
import { BLOCK_TEMPLATES } from "../content/templates.ts";
import {
  listContentVersions,
  publishContent,
  rollBackContent,
  saveContentDraft,
  validateBlocks,
} from "../content/versions.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { qualifiesForPromotion } from "../promotions/engine.ts";
import { endPromotion, promotionStatus, savePromotion, setPromotionPriority } from "../promotions/manage.ts";
import { loadPromotions } from "../promotions/store.ts";
import { deleteRedirect, lookupRedirect, saveRedirect, traceRedirect } from "../redirects/redirects.ts";
import { isMaintenanceMode, maintenanceState, switchMaintenance } from "../settings/settings.ts";

/**
 * Issue 21 (back office II), the marketing services the back office and the CLI share: redirects, maintenance mode,
 * promotions and content with history. Every change is audited and published as an event in its transaction.
 */

let t: TestDatabase;
let at = new Date("2026-11-27T10:00:00.000Z");
const clock: Clock = { now: () => at };
const actor: Actor = { type: "staff", id: "staff-m", label: "merch@example.com" };
const ctx = () => testCtx(t.db, { clock });

beforeAll(async () => {
  t = await createTestDatabase();
  await seedBasketFixtures(t.db, at);
});
afterAll(async () => {
  await t?.destroy();
});

/** The events of a type as written (the table itself: the feed holds back what other sessions' open transactions may precede). */
async function eventsOf(type: string): Promise<{ entity: string; entityId: string }[]> {
  const rows = await t.db
    .selectFrom("event")
    .select(["entity", "entity_id"])
    .where("type", "=", type)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ entity: r.entity, entityId: r.entity_id }));
}

describe("redirects", () => {
  it("adds, changes and removes a redirect: audited and published", async () => {
    const added = await saveRedirect(ctx(), actor, { sourcePath: "/Old-Sale", target: "/c/sale/", storeCode: "de" });
    expect(added).toMatchObject({
      ok: true,
      redirect: { sourcePath: "/old-sale/", target: "/c/sale/", statusCode: 301 },
    });
    if (!added.ok) return;
    expect((await lookupRedirect(ctx(), "de", "/old-sale/"))?.target).toBe("/c/sale/");
    expect(await lookupRedirect(ctx(), "at", "/old-sale/")).toBeUndefined();

    const changed = await saveRedirect(
      ctx(),
      actor,
      { sourcePath: "/old-sale/", target: "/c/new/", storeCode: "*", statusCode: 302 },
      added.redirect.id,
    );
    expect(changed).toMatchObject({ ok: true, redirect: { target: "/c/new/", storeCode: "*", statusCode: 302 } });
    expect((await lookupRedirect(ctx(), "at", "/old-sale/"))?.target).toBe("/c/new/");

    expect(await deleteRedirect(ctx(), actor, added.redirect.id)).toMatchObject({ ok: true });
    expect(await lookupRedirect(ctx(), "de", "/old-sale/")).toBeUndefined();
    expect(await deleteRedirect(ctx(), actor, added.redirect.id)).toMatchObject({ ok: false, error: "NotFound" });

    const audit = await listAudit(ctx(), { subjectType: "redirect" });
    expect(audit.entries.map((e) => e.action)).toEqual(["redirect.remove", "redirect.update", "redirect.add"]);
    expect(audit.entries[1]).toMatchObject({
      before: { target: "/c/sale/", storeCode: "de", statusCode: 301 },
      after: { target: "/c/new/", storeCode: "*", statusCode: 302 },
      actor: { id: "staff-m" },
    });
    const events = await eventsOf("redirect.changed");
    expect(events.map((e) => e.entityId)).toEqual(["de:/old-sale/", "*:/old-sale/", "de:/old-sale/", "*:/old-sale/"]);
  });

  it("refuses open redirects, loops onto itself and a second redirect for the same path", async () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "c/sale/",
    ]) {
      const refused = await saveRedirect(ctx(), actor, { sourcePath: "/x/", target });
      expect(refused, target).toMatchObject({ ok: false, error: "InvalidInput" });
    }
    expect(await saveRedirect(ctx(), actor, { sourcePath: "/same/", target: "/Same" })).toMatchObject({
      ok: false,
      error: "InvalidInput",
    });
    expect(await saveRedirect(ctx(), actor, { sourcePath: "/bad path/", target: "/c/" })).toMatchObject({ ok: false });
    expect(await saveRedirect(ctx(), actor, { sourcePath: "/dup/", target: "/c/a/" })).toMatchObject({ ok: true });
    expect(await saveRedirect(ctx(), actor, { sourcePath: "/dup/", target: "/c/b/" })).toMatchObject({
      ok: false,
      error: "Conflict",
    });
  });

  it("traces where a path goes, through chains, and finds loops", async () => {
    await saveRedirect(ctx(), actor, { sourcePath: "/a/", target: "/b/", storeCode: "de" });
    await saveRedirect(ctx(), actor, { sourcePath: "/b/", target: "/c/women/?sort=new" });
    const trace = await traceRedirect(ctx(), "de", "/a");
    expect(trace.loop).toBe(false);
    expect(trace.hops.map((h) => h.target)).toEqual(["/b/", "/c/women/?sort=new"]);
    expect(trace.finalPath).toBe("/c/women/?sort=new");
    expect(await traceRedirect(ctx(), "at", "/a/")).toEqual({ hops: [], finalPath: "/a/", loop: false });

    await saveRedirect(ctx(), actor, { sourcePath: "/ping/", target: "/pong/" });
    await saveRedirect(ctx(), actor, { sourcePath: "/pong/", target: "/ping/" });
    expect((await traceRedirect(ctx(), "de", "/ping/")).loop).toBe(true);
  });
});

describe("maintenance mode", () => {
  it("switches on with a message and off again: audited, published, read by every process", async () => {
    expect(await maintenanceState(ctx())).toEqual({ on: false, message: "" });
    const on = await switchMaintenance(ctx(), actor, { on: true, message: "  Back at 14:00.  " });
    expect(on).toMatchObject({ ok: true, changed: true, state: { on: true, message: "Back at 14:00." } });
    expect(await isMaintenanceMode(ctx())).toBe(true);
    expect(await switchMaintenance(ctx(), actor, { on: true, message: "Back at 14:00." })).toMatchObject({
      changed: false,
    });
    expect(await switchMaintenance(ctx(), actor, { on: false })).toMatchObject({
      state: { on: false, message: "Back at 14:00." },
    });
    // Another process's cache trusts its reading for at most a second.
    expect(await isMaintenanceMode(ctx(), Date.now() + 1500)).toBe(false);
    expect(await switchMaintenance(ctx(), actor, { on: true, message: "x".repeat(501) })).toMatchObject({
      ok: false,
      error: "InvalidInput",
    });
    const audit = await listAudit(ctx(), { subjectType: "setting" });
    expect(audit.entries.map((e) => e.action)).toEqual(["maintenance.off", "maintenance.on"]);
    expect((await eventsOf("setting.changed")).length).toBe(2);
  });
});

const names = { de: "{percentage} auf Socken", fr: "{percentage} sur les chaussettes", en: "{percentage} off socks" };

function socksPromotion(overrides: Record<string, unknown> = {}) {
  return {
    id: "socks-15",
    priority: 20,
    effect: { type: "automatic_discount", kind: "percentage", percentage: 15 },
    conditions: { categoryIds: [CATEGORY.socks] },
    colorHex: "#123456",
    names,
    storeCodes: ["de", "ch"],
    validFrom: "2026-11-28T00:00:00.000Z",
    validTo: "2026-12-05T00:00:00.000Z",
    ...overrides,
  };
}

describe("promotions", () => {
  it("creates a scheduled promotion, reprioritises it, and ends it: audited and published", async () => {
    const created = await savePromotion(ctx(), actor, socksPromotion(), "create");
    expect(created).toMatchObject({ ok: true, changed: true });
    expect(await savePromotion(ctx(), actor, socksPromotion(), "create")).toMatchObject({
      ok: false,
      error: "Conflict",
    });
    const saved = (await loadPromotions(ctx())).find((p) => p.id === "socks-15");
    expect(saved && promotionStatus(saved, at)).toBe("scheduled");
    at = new Date("2026-11-29T00:00:00.000Z");
    expect(saved && promotionStatus(saved, at)).toBe("running");

    expect(await setPromotionPriority(ctx(), actor, "socks-15", 3)).toMatchObject({
      ok: true,
      promotion: { priority: 3 },
    });
    const ended = await endPromotion(ctx(), actor, "socks-15");
    expect(ended).toMatchObject({ ok: true, changed: true, promotion: { validTo: at.toISOString() } });
    if (ended.ok) expect(promotionStatus(ended.promotion, at)).toBe("ended");
    expect(await endPromotion(ctx(), actor, "socks-15")).toMatchObject({ ok: true, changed: false });
    expect(await endPromotion(ctx(), actor, "nothing")).toMatchObject({ ok: false, error: "NotFound" });

    const audit = await listAudit(ctx(), { subjectType: "promotion", subjectId: "socks-15" });
    expect(audit.entries.map((e) => e.action)).toEqual(["promotion.end", "promotion.update", "promotion.create"]);
    expect(audit.entries[1]).toMatchObject({ before: { priority: 20 }, after: { priority: 3 } });
    const events = (await eventsOf("catalog.changed")).filter(
      (e) => e.entity === "promotion" && e.entityId === "socks-15",
    );
    expect(events).toHaveLength(3);
  });

  it("ends a scheduled promotion before it starts", async () => {
    await savePromotion(
      ctx(),
      actor,
      socksPromotion({ id: "later", validFrom: "2027-01-01T00:00:00.000Z", validTo: "2027-02-01T00:00:00.000Z" }),
      "create",
    );
    const ended = await endPromotion(ctx(), actor, "later");
    expect(ended.ok && promotionStatus(ended.promotion, at)).toBe("ended");
    expect(ended.ok && ended.promotion.validFrom < ended.promotion.validTo).toBe(true);
  });

  it("refuses promotions that break the rules, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ validTo: "2026-11-01T00:00:00.000Z" }, "validFrom"],
      [{ effect: { type: "automatic_discount", kind: "absolute" } }, "effect"],
      [{ effect: { type: "buy_x_get_y", buyQuantity: 0, getQuantity: 1, variantIds: [] } }, "effect.buyQuantity"],
      [{ storeCodes: [] }, "storeCodes"],
      [{ colorHex: "red" }, "colorHex"],
      [{ id: "Has Spaces" }, "id"],
    ];
    for (const [override, field] of cases) {
      const result = await savePromotion(ctx(), actor, socksPromotion({ id: "bad", ...override }), "create");
      expect(result.ok, field).toBe(false);
      if (!result.ok) expect(result.detail.startsWith(`${field}:`), result.detail).toBe(true);
    }
    expect(await savePromotion(ctx(), actor, socksPromotion({ id: "missing" }), "update")).toMatchObject({
      error: "NotFound",
    });
  });

  it("previews the products a promotion's conditions reach, as the rules count them", async () => {
    const women = await productsReached(ctx(), { categoryIds: [CATEGORY.women] }, "de");
    // Women holds every fixture product, most of them in its subcategories.
    expect(women.count).toBe(8);
    expect(women.products.map((p) => p.id)).toContain(PRODUCT.tee);
    const socks = await productsReached(ctx(), { categoryIds: [CATEGORY.socks] }, "de");
    expect(socks).toEqual({ count: 1, products: [{ id: PRODUCT.socks, name: "Socks", brand: "Vitrine" }] });
    expect((await productsReached(ctx(), { brands: ["Nobody"] }, "de")).count).toBe(0);
    expect((await productsReached(ctx(), { productIds: [PRODUCT.tee, PRODUCT.jeans] }, "en")).count).toBe(2);
    expect(
      (await productsReached(ctx(), { categoryIds: [CATEGORY.socks], productIds: [PRODUCT.swim] }, "de")).count,
    ).toBe(0);
    expect((await productsReached(ctx(), { categoryIds: [CATEGORY.women] }, "de", 2)).products).toHaveLength(2);
    // The same answer as the basket's rule for one product.
    expect(
      qualifiesForPromotion({ conditions: { categoryIds: [CATEGORY.women] } } as never, {
        productId: PRODUCT.socks,
        brand: "Vitrine",
        categoryIds: [CATEGORY.socks, CATEGORY.women],
      }),
    ).toBe(true);
  });
});

describe("content with history", () => {
  const banner = (title: string) => ({ ...BLOCK_TEMPLATES.banner, title });

  it("has a valid template for every block type", () => {
    for (const [type, template] of Object.entries(BLOCK_TEMPLATES)) {
      expect(validateBlocks([template]).ok, type).toBe(true);
    }
  });

  it("saves a draft, publishes it, keeps versions and rolls back", async () => {
    const draft = await saveContentDraft(ctx(), actor, {
      language: "de",
      pageType: "home",
      slug: "",
      title: "Startseite",
      blocks: [banner("Herbst")],
    });
    expect(draft).toMatchObject({ ok: true, changed: true, value: { publishedBlocks: null } });
    if (!draft.ok) return;
    const id = draft.value.id;
    const first = await publishContent(ctx(), actor, id);
    expect(first).toMatchObject({ ok: true, value: { number: 1 } });
    await saveContentDraft(ctx(), actor, {
      language: "de",
      pageType: "home",
      slug: "",
      title: "Startseite",
      blocks: [banner("Winter")],
    });
    // The draft does not change the live page.
    expect((await findContentEntry(ctx(), "de", "home", ""))?.publishedBlocks?.[0]).toMatchObject({ title: "Herbst" });
    const second = await publishContent(ctx(), actor, id);
    expect(second).toMatchObject({ ok: true, value: { number: 2 } });
    expect((await findContentEntry(ctx(), "de", "home", ""))?.publishedBlocks?.[0]).toMatchObject({ title: "Winter" });

    const versions = await listContentVersions(ctx(), id);
    expect(versions.map((v) => v.number)).toEqual([2, 1]);
    const rolled = await rollBackContent(ctx(), actor, id, (versions[1] as { id: number }).id);
    expect(rolled).toMatchObject({ ok: true, value: { number: 3, note: "roll-back to version 1" } });
    const live = await findContentEntry(ctx(), "de", "home", "");
    expect(live?.publishedBlocks?.[0]).toMatchObject({ title: "Herbst" });
    expect(live?.draftBlocks[0]).toMatchObject({ title: "Herbst" });
    expect((await listContentVersions(ctx(), id)).map((v) => v.number)).toEqual([3, 2, 1]);
    expect(await rollBackContent(ctx(), actor, id, 999_999)).toMatchObject({ ok: false, error: "NotFound" });

    const audit = await listAudit(ctx(), { subjectType: "content", subjectId: id });
    expect(audit.entries.map((e) => e.action)).toEqual([
      "content.rollback",
      "content.publish",
      "content.draft",
      "content.publish",
      "content.create",
    ]);
    expect((await eventsOf("content.published")).length).toBe(3);
    expect((await eventsOf("content.changed")).length).toBe(2);
  });

  it("refuses blocks that do not fit their type, naming the block and field", async () => {
    const refused = await saveContentDraft(ctx(), actor, {
      language: "de",
      pageType: "content",
      slug: "aktion",
      title: "Aktion",
      blocks: [BLOCK_TEMPLATES.text, { ...BLOCK_TEMPLATES.banner, title: "" }, { type: "marquee" }],
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.issues?.map((i) => i.field)).toEqual(["blocks.1.title", "blocks.2.type"]);
    }
    expect(
      await saveContentDraft(ctx(), actor, {
        language: "de",
        pageType: "content",
        slug: "Bad Slug",
        title: "x",
        blocks: [],
      }),
    ).toMatchObject({ ok: false, error: "InvalidInput" });
    expect(await findContentEntry(ctx(), "de", "content", "aktion")).toBeUndefined();
  });

  it("limits a block to some stores of the page's language, and only to those", async () => {
    const swissOnly = { ...BLOCK_TEMPLATES.banner, title: "Nur in der Schweiz", stores: ["ch"] };
    const saved = await saveContentDraft(ctx(), actor, {
      language: "de",
      pageType: "content",
      slug: "schweiz",
      title: "Schweiz",
      blocks: [BLOCK_TEMPLATES.text, swissOnly],
    });
    expect(saved.ok).toBe(true);
    const entry = await findContentEntry(ctx(), "de", "content", "schweiz");
    const [everywhere, limited] = entry?.draftBlocks ?? [];
    expect(limited).toMatchObject({ type: "banner", stores: ["ch"] });
    expect(["de", "at", "ch"].filter((store) => shownInStore(everywhere ?? {}, store as "de"))).toEqual([
      "de",
      "at",
      "ch",
    ]);
    expect(["de", "at", "ch"].filter((store) => shownInStore(limited ?? {}, store as "de"))).toEqual(["ch"]);

    // A store of another language, an unknown store, or none at all: refused, naming the block.
    for (const [stores, message] of [
      [["ch", "en"], /stores of this language \(de, at, ch\), not en/],
      [["xx"], /./],
      [[], /./],
    ] as const) {
      const refused = await saveContentDraft(ctx(), actor, {
        language: "de",
        pageType: "content",
        slug: "schweiz",
        title: "Schweiz",
        blocks: [BLOCK_TEMPLATES.text, { ...swissOnly, stores }],
      });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.issues?.map((i) => i.field)).toEqual([expect.stringMatching(/^blocks\.1\.stores/)]);
        expect(refused.issues?.[0]?.message).toMatch(message);
      }
    }
    const unchanged = await findContentEntry(ctx(), "de", "content", "schweiz");
    expect(unchanged?.draftBlocks[1]).toMatchObject({ stores: ["ch"] });
  });
});
