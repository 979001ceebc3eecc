import { type Actor, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import type { Db } from "../db/database.ts";
import { publishEvents } from "../events/publish.ts";
import { LANGUAGES, type Language } from "../shop/shops.ts";
import { type CategoryNode, CategoryTree } from "./categories.ts";
import { catalogChangeEvents } from "./changes.ts";
import { slugify } from "./slug.ts";
import { loadCategoryRecords } from "./store.ts";

/**
 * The category tree as the back office (/admin/categories/) and `vitrine categories` change it: create, rename
 * (a name per language; the addresses stay, so links and bookmarks keep working), move without dragging (up,
 * down, under another category), hide (the category and everything below it leave the shop's menu and pages;
 * its products stay in their other categories) and delete. A category that still has subcategories or products
 * is not deleted: the refusal says how many, so the operator moves or deletes them first (nothing disappears
 * from the shop by accident). Every change is audited and published as a `catalog.changed` event of entity
 * `category`: every process's search index rebuilds, its category tree is read again and its page cache (the
 * menu is in every page) is purged.
 */

export type CategoryNames = Partial<Record<Language, string>>;

export interface AdminCategoryNode {
  id: number;
  parentId: number | null;
  key: string;
  depth: number;
  position: number;
  role: string;
  names: Record<Language, string>;
  slugs: Record<Language, string>;
  hidden: boolean;
  /** Hidden because a category above it is. */
  hiddenAbove: boolean;
  /** Products directly in it. */
  products: number;
  children: number;
  isFirst: boolean;
  isLast: boolean;
}

export type CategoryFailureReason =
  | "not_found"
  | "parent_not_found"
  | "name_required"
  | "name_too_long"
  | "name_taken"
  | "under_itself"
  | "has_children"
  | "has_products"
  | "at_edge";

export type CategoryChangeResult =
  | { ok: true; id: number; changed: boolean }
  | {
      ok: false;
      error: "NotFound" | "InvalidInput" | "Conflict";
      detail: string;
      reason: CategoryFailureReason;
      counts?: { children: number; products: number };
    };

const NAME_MAX = 120;

async function loadTree(db: Db): Promise<CategoryTree> {
  return new CategoryTree(await loadCategoryRecords({ db }));
}

async function productCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("product_category")
    .select(["category_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("category_id")
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

/** Every category in tree order (parents before their children), with its names and counts. */
export async function listCategoryTree(ctx: Pick<Ctx, "db">): Promise<AdminCategoryNode[]> {
  const [tree, counts] = await Promise.all([loadTree(ctx.db), productCounts(ctx.db)]);
  const out: AdminCategoryNode[] = [];
  const walk = (nodes: readonly CategoryNode[]) => {
    nodes.forEach((node, index) => {
      const { record } = node;
      out.push({
        id: record.id,
        parentId: record.parentId,
        key: record.key,
        depth: node.depth,
        position: record.position,
        role: record.role,
        names: { de: record.translations.de.name, fr: record.translations.fr.name, en: record.translations.en.name },
        slugs: { de: record.translations.de.slug, fr: record.translations.fr.slug, en: record.translations.en.slug },
        hidden: record.hidden === true,
        hiddenAbove: node.parent !== undefined && tree.isHidden(node.parent.record.id),
        products: counts.get(record.id) ?? 0,
        children: node.children.length,
        isFirst: index === 0,
        isLast: index === nodes.length - 1,
      });
      walk(node.children);
    });
  };
  walk(tree.roots);
  return out;
}

function fail(
  error: "NotFound" | "InvalidInput" | "Conflict",
  reason: CategoryFailureReason,
  detail: string,
  counts?: { children: number; products: number },
): CategoryChangeResult {
  return { ok: false, error, reason, detail, ...(counts ? { counts } : {}) };
}

/** The names in every language: those given, the others the first one given. */
function completeNames(names: CategoryNames): Record<Language, string> | CategoryFailureReason {
  const given = LANGUAGES.map((l) => [l, (names[l] ?? "").trim()] as const);
  const first = given.find(([, n]) => n !== "")?.[1];
  if (!first) return "name_required";
  const out = Object.fromEntries(given.map(([l, n]) => [l, n === "" ? first : n])) as Record<Language, string>;
  if (Object.values(out).some((n) => n.length > NAME_MAX)) return "name_too_long";
  if (Object.values(out).some((n) => slugify(n) === "")) return "name_required";
  return out;
}

/** A category slug from a name: the shop strips `-digits` from the end of category slugs, so none ends so. */
function categorySlug(name: string): string {
  return slugify(name).replace(/-(\d+)$/, "$1");
}

/** A sibling (same parent, other than `except`) with one of the slugs, in the same language. */
function slugClash(
  tree: CategoryTree,
  parentId: number | null,
  slugs: Record<Language, string>,
  except?: number,
): string | undefined {
  const siblings = parentId === null ? tree.roots : (tree.get(parentId)?.children ?? []);
  for (const sibling of siblings) {
    if (sibling.record.id === except) continue;
    for (const l of LANGUAGES) {
      if (sibling.record.translations[l].slug === slugs[l]) return `${l}: "${sibling.record.translations[l].name}"`;
    }
  }
  return undefined;
}

async function published(ctx: Pick<Ctx, "db" | "clock">, ids: readonly number[]): Promise<void> {
  await publishEvents(ctx.db, catalogChangeEvents("category", ids), ctx.clock.now());
}

/** Creates a category at the end of its parent's children (`parentId` null: a new top-level category). */
export async function createCategory(
  ctx: Ctx,
  actor: Actor,
  input: { parentId: number | null; names: CategoryNames },
): Promise<CategoryChangeResult> {
  const names = completeNames(input.names);
  if (typeof names === "string") return fail("InvalidInput", names, "give a name of at most 120 characters");
  return withTransaction(ctx, async (tx): Promise<CategoryChangeResult> => {
    const tree = await loadTree(tx.db);
    const parent = input.parentId === null ? undefined : tree.get(input.parentId);
    if (input.parentId !== null && !parent) {
      return fail("NotFound", "parent_not_found", `No category ${input.parentId}`);
    }
    const slugs = Object.fromEntries(LANGUAGES.map((l) => [l, categorySlug(names[l])])) as Record<Language, string>;
    const clash = slugClash(tree, input.parentId, slugs);
    if (clash) return fail("Conflict", "name_taken", `a category beside it is named ${clash}`);
    const ids = [...tree.nodes.keys()];
    const id = Math.max(0, ...ids) + 1;
    const base = slugify(names.de).slice(0, 70) || `category-${id}`;
    let key = base;
    for (let n = 2; tree.byKey(key); n++) key = `${base}-${n}`;
    const siblings = parent ? parent.children : tree.roots;
    const position = Math.max(-1, ...siblings.map((s) => s.record.position)) + 1;
    await tx.db
      .insertInto("category")
      .values({
        id,
        parent_id: input.parentId,
        key,
        position,
        kind: "regular",
        is_sale: parent?.record.isSale ? 1 : 0,
        tracking_key: key.replace(/-/g, "_"),
        shop_base_category: parent ? parent.record.shopBaseCategory : key,
        product_type: "",
        hidden: 0,
      })
      .execute();
    await tx.db
      .insertInto("category_translation")
      .values(LANGUAGES.map((l) => ({ category_id: id, language: l, name: names[l], slug: slugs[l], description: "" })))
      .execute();
    await published(tx, [id]);
    await recordAudit(tx, actor, {
      action: "category.create",
      subjectType: "category",
      subjectId: id,
      before: null,
      after: { parentId: input.parentId, key, names },
    });
    return { ok: true, id, changed: true };
  });
}

/** Renames a category in the languages given (an empty name keeps that language's name). Addresses stay. */
export async function renameCategory(
  ctx: Ctx,
  actor: Actor,
  id: number,
  names: CategoryNames,
): Promise<CategoryChangeResult> {
  return withTransaction(ctx, async (tx): Promise<CategoryChangeResult> => {
    const tree = await loadTree(tx.db);
    const node = tree.get(id);
    if (!node) return fail("NotFound", "not_found", `No category ${id}`);
    const before = Object.fromEntries(LANGUAGES.map((l) => [l, node.record.translations[l].name])) as Record<
      Language,
      string
    >;
    const after = { ...before };
    for (const l of LANGUAGES) {
      const name = (names[l] ?? "").trim();
      if (name.length > NAME_MAX) return fail("InvalidInput", "name_too_long", `${l}: at most 120 characters`);
      if (name !== "") after[l] = name;
    }
    if (LANGUAGES.every((l) => after[l] === before[l])) return { ok: true, id, changed: false };
    for (const l of LANGUAGES) {
      if (after[l] !== before[l]) {
        await tx.db
          .updateTable("category_translation")
          .set({ name: after[l] })
          .where("category_id", "=", id)
          .where("language", "=", l)
          .execute();
      }
    }
    await published(tx, [id]);
    await recordAudit(tx, actor, {
      action: "category.rename",
      subjectType: "category",
      subjectId: id,
      before: { names: before },
      after: { names: after },
    });
    return { ok: true, id, changed: true };
  });
}

/** Writes positions 0..n-1 in the given order. */
async function renumber(db: Db, nodes: readonly CategoryNode[]): Promise<void> {
  for (const [position, node] of nodes.entries()) {
    if (node.record.position !== position) {
      await db.updateTable("category").set({ position }).where("id", "=", node.record.id).execute();
    }
  }
}

/** Moves a category one place up or down among the categories beside it. */
export async function moveCategoryStep(
  ctx: Ctx,
  actor: Actor,
  id: number,
  direction: "up" | "down",
): Promise<CategoryChangeResult> {
  return withTransaction(ctx, async (tx): Promise<CategoryChangeResult> => {
    const tree = await loadTree(tx.db);
    const node = tree.get(id);
    if (!node) return fail("NotFound", "not_found", `No category ${id}`);
    const siblings = [...(node.parent ? node.parent.children : tree.roots)];
    const index = siblings.indexOf(node);
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= siblings.length) {
      return fail("Conflict", "at_edge", `the category is ${direction === "up" ? "first" : "last"} already`);
    }
    [siblings[index], siblings[other]] = [siblings[other] as CategoryNode, node];
    await renumber(tx.db, siblings);
    await published(tx, [id]);
    await recordAudit(tx, actor, {
      action: "category.move",
      subjectType: "category",
      subjectId: id,
      before: { parentId: node.record.parentId, index },
      after: { parentId: node.record.parentId, index: other },
    });
    return { ok: true, id, changed: true };
  });
}

/** Moves a category (with everything below it) under another one (`parentId` null: to the top level), last. */
export async function moveCategoryUnder(
  ctx: Ctx,
  actor: Actor,
  id: number,
  parentId: number | null,
): Promise<CategoryChangeResult> {
  return withTransaction(ctx, async (tx): Promise<CategoryChangeResult> => {
    const tree = await loadTree(tx.db);
    const node = tree.get(id);
    if (!node) return fail("NotFound", "not_found", `No category ${id}`);
    if (parentId !== null && !tree.get(parentId)) {
      return fail("NotFound", "parent_not_found", `No category ${parentId}`);
    }
    if (parentId !== null && tree.descendantIds(id).includes(parentId)) {
      return fail("InvalidInput", "under_itself", "a category cannot move under itself or a category below it");
    }
    if (node.record.parentId === parentId) return { ok: true, id, changed: false };
    const slugs = Object.fromEntries(LANGUAGES.map((l) => [l, node.record.translations[l].slug])) as Record<
      Language,
      string
    >;
    const clash = slugClash(tree, parentId, slugs, id);
    if (clash) return fail("Conflict", "name_taken", `a category there is named ${clash}`);
    const newSiblings = parentId === null ? tree.roots : (tree.get(parentId)?.children ?? []);
    const position = Math.max(-1, ...newSiblings.map((s) => s.record.position)) + 1;
    await tx.db.updateTable("category").set({ parent_id: parentId, position }).where("id", "=", id).execute();
    const oldSiblings = (node.parent ? node.parent.children : tree.roots).filter((n) => n !== node);
    await renumber(tx.db, oldSiblings);
    await published(tx, [id]);
    await recordAudit(tx, actor, {
      action: "category.move",
      subjectType: "category",
      subjectId: id,
      before: { parentId: node.record.parentId },
      after: { parentId },
    });
    return { ok: true, id, changed: true };
  });
}

/** Hides a category (and everything below it) from the shop, or shows it again. */
export async function setCategoryHidden(
  ctx: Ctx,
  actor: Actor,
  id: number,
  hidden: boolean,
): Promise<CategoryChangeResult> {
  return withTransaction(ctx, async (tx): Promise<CategoryChangeResult> => {
    const row = await tx.db.selectFrom("category").select("hidden").where("id", "=", id).executeTakeFirst();
    if (!row) return fail("NotFound", "not_found", `No category ${id}`);
    if ((row.hidden === 1) === hidden) return { ok: true, id, changed: false };
    await tx.db
      .updateTable("category")
      .set({ hidden: hidden ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    await published(tx, [id]);
    await recordAudit(tx, actor, {
      action: hidden ? "category.hide" : "category.show",
      subjectType: "category",
      subjectId: id,
      before: { hidden: !hidden },
      after: { hidden },
    });
    return { ok: true, id, changed: true };
  });
}

/**
 * Deletes an empty category. One with subcategories or products is refused, with their numbers: move or delete
 * them first (or hide the category, which keeps everything).
 */
export async function deleteCategory(ctx: Ctx, actor: Actor, id: number): Promise<CategoryChangeResult> {
  return withTransaction(ctx, async (tx): Promise<CategoryChangeResult> => {
    const tree = await loadTree(tx.db);
    const node = tree.get(id);
    if (!node) return fail("NotFound", "not_found", `No category ${id}`);
    const products = Number(
      (
        await tx.db
          .selectFrom("product_category")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("category_id", "=", id)
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const children = node.children.length;
    if (children > 0 || products > 0) {
      return fail(
        "Conflict",
        children > 0 ? "has_children" : "has_products",
        `the category has ${children} subcategories and ${products} products: move or delete them first`,
        { children, products },
      );
    }
    await tx.db.deleteFrom("category_translation").where("category_id", "=", id).execute();
    await tx.db.deleteFrom("category").where("id", "=", id).execute();
    const siblings = (node.parent ? node.parent.children : tree.roots).filter((n) => n !== node);
    await renumber(tx.db, siblings);
    await published(tx, [id]);
    await recordAudit(tx, actor, {
      action: "category.delete",
      subjectType: "category",
      subjectId: id,
      before: {
        parentId: node.record.parentId,
        key: node.record.key,
        names: Object.fromEntries(LANGUAGES.map((l) => [l, node.record.translations[l].name])),
      },
      after: null,
    });
    return { ok: true, id, changed: true };
  });
}
