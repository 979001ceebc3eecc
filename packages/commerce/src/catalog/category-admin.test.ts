import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, listAudit } from "../audit/audit.ts";
import type { Ctx, ShopCtx } from "../context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { EVENT_FEED_START, readEventsAfter } from "../events/feed.ts";
import { type Shop, shopByCode } from "../shop/shops.ts";
import {
  createCategory,
  deleteCategory,
  listCategoryTree,
  moveCategoryStep,
  moveCategoryUnder,
  renameCategory,
  setCategoryHidden,
} from "./category-admin.ts";
import { exportCatalogLines } from "./export.ts";
import { importCatalog } from "./import.ts";
import { getCategoryByPath, getCategoryNavigation, invalidateCategoryTree } from "./service.ts";

/** The category tree of the back office: create, rename, move, hide, delete; audited and published. */
const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 30, seed: 13, today: now });
const actor: Actor = { type: "staff", id: "s-3", label: "merch@shop.test" };
const dialectName = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

let t: TestDatabase;
let ctx: Ctx;
let de: ShopCtx;
let en: ShopCtx;

beforeAll(async () => {
  t = await createTestDatabase();
  ctx = testCtx(t.db, { clock: { now: () => new Date() } });
  de = testCtx(t.db, { clock: { now: () => new Date() }, shop: shopByCode("de") as Shop });
  en = testCtx(t.db, { clock: { now: () => new Date() }, shop: shopByCode("en") as Shop });
  const lines = [...demo.categories, ...demo.products].map((r) => JSON.stringify(r));
  expect((await importCatalog(ctx, lines, now)).ok).toBe(true);
});
afterAll(async () => {
  await t?.destroy();
});

/**
 * The `catalog.changed` events of entity category after a cursor. On PostgreSQL the feed shows a transaction's events
 * once no older transaction of the cluster is still open (events/feed.ts): wait for them a little.
 */
async function categoryEventsAfter(cursor: Awaited<ReturnType<typeof readEventsAfter>>["cursor"]): Promise<number[]> {
  for (let tries = 0; ; tries++) {
    const ids = (await readEventsAfter(t.db, cursor)).events
      .filter((e) => e.type === "catalog.changed" && e.entity === "category")
      .map((e) => Number(e.entityId))
      .sort((a, b) => a - b);
    if (ids.length > 0 || tries >= 50) return ids;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const cursorNow = async () => (await readEventsAfter(t.db, EVENT_FEED_START, 100_000)).cursor;
const node = async (id: number) => (await listCategoryTree(ctx)).find((c) => c.id === id);
const childrenOf = async (parentId: number | null) =>
  (await listCategoryTree(ctx)).filter((c) => c.parentId === parentId).map((c) => c.id);
/** The shop's view, read again (the tree is cached for 2 s; the event feed invalidates it in the server). */
const fresh = <T>(read: () => Promise<T>) => {
  invalidateCategoryTree(ctx);
  return read();
};

describe(`category tree (${dialectName})`, () => {
  it("lists the tree in order with names, depth and product counts", async () => {
    const tree = await listCategoryTree(ctx);
    expect(tree).toHaveLength(demo.categories.length);
    const roots = tree.filter((c) => c.parentId === null);
    expect(roots[0]).toMatchObject({ depth: 0, isFirst: true });
    for (const c of tree) {
      if (c.parentId !== null) {
        const parent = tree.findIndex((p) => p.id === c.parentId);
        expect(parent).toBeLessThan(tree.indexOf(c));
      }
    }
    const withProducts = tree.filter((c) => c.products > 0);
    expect(withProducts.length).toBeGreaterThan(0);
  });

  it("creates a category under a parent, named per language, in the shop's menu at once; audited", async () => {
    const [root] = await childrenOf(null);
    const cursor = await cursorNow();
    const created = await createCategory(ctx, actor, {
      parentId: root as number,
      names: { de: "Strickwaren 2026", fr: "Tricots", en: "" },
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    expect(await categoryEventsAfter(cursor)).toContain(created.id);
    const c = await node(created.id);
    expect(c).toMatchObject({
      parentId: root,
      names: { de: "Strickwaren 2026", fr: "Tricots", en: "Strickwaren 2026" },
      // The shop strips -digits from category slugs: none ends so.
      slugs: { de: "strickwaren2026", fr: "tricots", en: "strickwaren2026" },
      isLast: true,
      products: 0,
    });
    const nav = await fresh(() => getCategoryNavigation(de, 2));
    expect(nav.find((r) => r.id === root)?.children.map((x) => x.name)).toContain("Strickwaren 2026");
    const found = await fresh(() => getCategoryByPath(de, [...pathOf(nav, root), "strickwaren2026"]));
    expect(found?.category.id).toBe(created.id);
    expect((await fresh(() => getCategoryByPath(en, ["strickwaren2026"])))?.category.id).toBe(created.id);
    const audit = await listAudit(ctx, { subjectType: "category", action: "category.create" });
    expect(audit.entries[0]).toMatchObject({ subjectId: String(created.id), actor: { label: actor.label } });

    expect(
      await createCategory(ctx, actor, { parentId: root as number, names: { de: "Strickwaren 2026" } }),
    ).toMatchObject({ ok: false, error: "Conflict", reason: "name_taken" });
    expect(await createCategory(ctx, actor, { parentId: root as number, names: { de: " " } })).toMatchObject({
      reason: "name_required",
    });
    expect(await createCategory(ctx, actor, { parentId: 987654, names: { de: "X" } })).toMatchObject({
      error: "NotFound",
      reason: "parent_not_found",
    });
    expect(await createCategory(ctx, actor, { parentId: null, names: { en: "y".repeat(121) } })).toMatchObject({
      reason: "name_too_long",
    });
  });

  it("renames in one language, keeping the address", async () => {
    const created = await createCategory(ctx, actor, {
      parentId: null,
      names: { de: "Neu", fr: "Nouveau", en: "New In" },
    });
    if (!created.ok) throw new Error("not created");
    expect(await renameCategory(ctx, actor, created.id, { en: "Just in" })).toMatchObject({ ok: true, changed: true });
    expect(await node(created.id)).toMatchObject({
      names: { de: "Neu", fr: "Nouveau", en: "Just in" },
      slugs: { en: "new-in" },
    });
    expect(await renameCategory(ctx, actor, created.id, { en: "Just in" })).toMatchObject({ changed: false });
    expect(await renameCategory(ctx, actor, 987654, { en: "x" })).toMatchObject({ error: "NotFound" });
    const audit = await listAudit(ctx, { subjectType: "category", action: "category.rename" });
    expect(audit.entries[0]).toMatchObject({
      before: { names: { en: "New In" } },
      after: { names: { en: "Just in" } },
    });
  });

  it("moves up, down and under another category, never under itself", async () => {
    const roots = await childrenOf(null);
    const [first, second] = roots as [number, number];
    expect(await moveCategoryStep(ctx, actor, second, "up")).toMatchObject({ ok: true });
    expect((await childrenOf(null)).slice(0, 2)).toEqual([second, first]);
    expect(await moveCategoryStep(ctx, actor, second, "up")).toMatchObject({ ok: false, reason: "at_edge" });
    expect(await moveCategoryStep(ctx, actor, second, "down")).toMatchObject({ ok: true });
    expect((await childrenOf(null)).slice(0, 2)).toEqual([first, second]);
    const shopRoots = (await fresh(() => getCategoryNavigation(de, 1))).map((r) => r.id);
    expect(shopRoots.slice(0, 2)).toEqual([first, second]);

    const leaf = await createCategory(ctx, actor, { parentId: first, names: { de: "Wandernd" } });
    if (!leaf.ok) throw new Error("not created");
    expect(await moveCategoryUnder(ctx, actor, leaf.id, second)).toMatchObject({ ok: true, changed: true });
    expect(await node(leaf.id)).toMatchObject({ parentId: second, isLast: true });
    expect(await moveCategoryUnder(ctx, actor, second, leaf.id)).toMatchObject({ reason: "under_itself" });
    expect(await moveCategoryUnder(ctx, actor, second, second)).toMatchObject({ reason: "under_itself" });
    expect(await moveCategoryUnder(ctx, actor, leaf.id, 987654)).toMatchObject({ reason: "parent_not_found" });
    const twin = await createCategory(ctx, actor, { parentId: first, names: { de: "Wandernd" } });
    if (!twin.ok) throw new Error("not created");
    expect(await moveCategoryUnder(ctx, actor, twin.id, second)).toMatchObject({ reason: "name_taken" });
    expect(await moveCategoryUnder(ctx, actor, leaf.id, null)).toMatchObject({ ok: true });
    expect(await node(leaf.id)).toMatchObject({ parentId: null, depth: 0 });
    const moves = await listAudit(ctx, { subjectType: "category", action: "category.move" });
    expect(moves.entries[0]).toMatchObject({ subjectId: String(leaf.id), after: { parentId: null } });
  });

  it("hides a category and everything below it from the shop, and shows it again; the export keeps it", async () => {
    const tree = await listCategoryTree(ctx);
    const parent = tree.find((c) => c.parentId === null && c.children > 0 && c.role === "regular");
    if (!parent) throw new Error("no parent");
    const child = tree.find((c) => c.parentId === parent.id);
    const de_ = (id: number) => tree.find((c) => c.id === id)?.slugs.de as string;
    expect(await fresh(() => getCategoryByPath(de, [de_(parent.id), de_(child?.id as number)]))).toBeDefined();
    expect(await setCategoryHidden(ctx, actor, parent.id, true)).toMatchObject({ ok: true, changed: true });
    expect(await node(child?.id as number)).toMatchObject({ hidden: false, hiddenAbove: true });
    expect((await fresh(() => getCategoryNavigation(de))).map((r) => r.id)).not.toContain(parent.id);
    expect(await fresh(() => getCategoryByPath(de, [de_(parent.id)]))).toBeUndefined();
    expect(await fresh(() => getCategoryByPath(de, [de_(parent.id), de_(child?.id as number)]))).toBeUndefined();
    const exported: string[] = [];
    for await (const line of exportCatalogLines(t.db)) exported.push(line);
    expect(exported.some((l) => l.includes(`"id":${parent.id},`) && l.includes('"hidden":true'))).toBe(true);
    expect(await setCategoryHidden(ctx, actor, parent.id, false)).toMatchObject({ ok: true, changed: true });
    expect((await fresh(() => getCategoryNavigation(de))).map((r) => r.id)).toContain(parent.id);
    const audit = await listAudit(ctx, { subjectType: "category" });
    expect(audit.entries.slice(0, 2).map((e) => e.action)).toEqual(["category.show", "category.hide"]);
  });

  it("refuses to delete a category with subcategories or products, saying how many; deletes an empty one", async () => {
    const tree = await listCategoryTree(ctx);
    const parent = tree.find((c) => c.children > 0) as (typeof tree)[number];
    const refusedParent = await deleteCategory(ctx, actor, parent.id);
    expect(refusedParent).toMatchObject({
      ok: false,
      error: "Conflict",
      reason: "has_children",
      counts: { children: parent.children },
    });
    const full = tree.find((c) => c.children === 0 && c.products > 0) as (typeof tree)[number];
    expect(await deleteCategory(ctx, actor, full.id)).toMatchObject({
      reason: "has_products",
      counts: { children: 0, products: full.products },
    });
    const empty = await createCategory(ctx, actor, { parentId: parent.id, names: { de: "Leer" } });
    if (!empty.ok) throw new Error("not created");
    const cursor = await cursorNow();
    expect(await deleteCategory(ctx, actor, empty.id)).toMatchObject({ ok: true });
    expect(await categoryEventsAfter(cursor)).toContain(empty.id);
    expect(await node(empty.id)).toBeUndefined();
    expect(await deleteCategory(ctx, actor, empty.id)).toMatchObject({ error: "NotFound" });
    expect((await listCategoryTree(ctx)).length).toBe(tree.length);
    const audit = await listAudit(ctx, { subjectType: "category", action: "category.delete" });
    expect(audit.entries[0]).toMatchObject({ subjectId: String(empty.id), before: { names: { de: "Leer" } } });
  });
});

/** The de slugs from a root to a category of the navigation (here: the root itself). */
function pathOf(nav: readonly { id: number; slug: string }[], rootId: number | undefined): string[] {
  const root = nav.find((r) => r.id === rootId);
  return root ? [root.slug] : [];
}
