import { sql } from "kysely";
import { type Actor, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import type { Db } from "../db/database.ts";
import { publishEvents } from "../events/publish.ts";
import { parseJson } from "../json.ts";
import { LANGUAGES, type Language } from "../shop/shops.ts";
import { chunk } from "../util.ts";
import { catalogChangeEvents } from "./changes.ts";
import { variantRecordSchema } from "./records.ts";
import { compareSizes } from "./sizes.ts";

/**
 * The product editor's colour siblings and sizes (issue 24, item 1), for the back office and `vitrine products`.
 *
 * Colour siblings: products that are one model in several colours share a `master_key`; the product page shows
 * them as colour swatches. Linking a product to another product's group gives it that group's master key;
 * unlinking gives it a master key of its own. Every product of the groups before and after gets a
 * `catalog.changed` event, so the swatches on all their pages change within the event feed's interval.
 *
 * Sizes: a new size is a new variant (size label and EAN checked as the import checks them, the prices, delivery
 * days and "sold without stock" of the product's first size, the stock given). A removed size is not deleted:
 * orders, returns and cancellations refer to it by id and still move its stock, so its row stays, marked
 * `removed_at`, without prices; the shop no longer sells it and open baskets say so. Adding the same size again
 * brings that row back (same variant id and EAN).
 */

export type EditFailureReason =
  | "self"
  | "not_found"
  | "deleted"
  | "same_group"
  | "colour_taken"
  | "alone"
  | "size"
  | "ean"
  | "size_taken"
  | "ean_taken"
  | "stock"
  | "no_price"
  | "last_size"
  | "variant_not_found";

export type ProductEditResult =
  | { ok: true; changed: boolean; variantId?: number }
  | { ok: false; error: "NotFound" | "InvalidInput" | "Conflict"; detail: string; reason: EditFailureReason };

function fail(
  error: "NotFound" | "InvalidInput" | "Conflict",
  reason: EditFailureReason,
  detail: string,
): ProductEditResult {
  return { ok: false, error, reason, detail };
}

// ---------------------------------------------------------------------------------------------------------------
// Colour siblings

export interface ColourSibling {
  id: number;
  referenceKey: string;
  name: string;
  colorId: string;
  status: string;
  frontImage: string | null;
}

/** The other products of a product's colour group (same master key), hidden ones too, by id. */
export async function listColourSiblings(
  ctx: Pick<Ctx, "db">,
  id: number,
  language: Language,
): Promise<ColourSibling[]> {
  const product = await ctx.db.selectFrom("product").select("master_key").where("id", "=", id).executeTakeFirst();
  if (!product) return [];
  const rows = await ctx.db
    .selectFrom("product as p")
    .leftJoin("product_translation as t", (j) => j.onRef("t.product_id", "=", "p.id").on("t.language", "=", language))
    .leftJoin("product_image as i", (j) => j.onRef("i.product_id", "=", "p.id").on("i.asset_name", "=", "front"))
    .select(["p.id", "p.reference_key", "p.color_id", "p.status", "t.name", "i.path"])
    .where("p.master_key", "=", product.master_key)
    .where("p.id", "<>", id)
    .orderBy("p.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    referenceKey: r.reference_key,
    name: r.name ?? r.reference_key,
    colorId: r.color_id,
    status: r.status,
    frontImage: r.path ?? null,
  }));
}

async function groupIds(db: Db, masterKey: string): Promise<number[]> {
  const rows = await db.selectFrom("product").select("id").where("master_key", "=", masterKey).execute();
  return rows.map((r) => r.id);
}

/** Finds a product by id or product number (reference key), for the "link to" field. */
async function findProduct(db: Db, ref: string) {
  const text = ref.trim().replace(/^#/, "");
  const query = db.selectFrom("product").select(["id", "master_key", "color_id", "reference_key"]);
  if (/^\d{1,9}$/.test(text)) {
    const byId = await query.where("id", "=", Number(text)).executeTakeFirst();
    if (byId) return { found: byId, id: Number(text) };
  }
  const byKey = text === "" ? undefined : await query.where("reference_key", "=", text).executeTakeFirst();
  return { found: byKey, id: /^\d{1,9}$/.test(text) ? Number(text) : undefined };
}

async function markChanged(ctx: Pick<Ctx, "db" | "clock">, id: number, others: readonly number[]): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.updateTable("product").set({ updated_at: now.toISOString() }).where("id", "=", id).execute();
  // The siblings' pages show the changed swatches: each gets its event (their own data did not change).
  const ids = [...new Set([id, ...others])].sort((a, b) => a - b);
  await publishEvents(ctx.db, catalogChangeEvents("product", ids), now);
}

/**
 * Puts product `id` into the colour group of the product `target` names (an id or a product number). Refused: the
 * product itself, a product that does not exist or was deleted, one already in the same group, and a group that
 * already has a product in this colour (the page would show two swatches of one colour).
 */
export async function linkColourSibling(
  ctx: Ctx,
  actor: Actor,
  id: number,
  target: string,
): Promise<ProductEditResult> {
  return withTransaction(ctx, async (tx): Promise<ProductEditResult> => {
    const product = await tx.db
      .selectFrom("product")
      .select(["id", "master_key", "color_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!product) return fail("NotFound", "not_found", `No product ${id}`);
    const { found, id: targetId } = await findProduct(tx.db, target);
    if (!found) {
      if (targetId !== undefined) {
        const tomb = await tx.db
          .selectFrom("product_tombstone")
          .select("id")
          .where("id", "=", targetId)
          .executeTakeFirst();
        if (tomb) return fail("InvalidInput", "deleted", `product ${targetId} was deleted`);
      }
      return fail("InvalidInput", "not_found", `no product "${target.trim()}"`);
    }
    if (found.id === id) return fail("InvalidInput", "self", "a product cannot be its own colour sibling");
    if (found.master_key === product.master_key) {
      return fail("Conflict", "same_group", `product ${found.id} is in the same colour group already`);
    }
    const group = await tx.db
      .selectFrom("product")
      .select(["id", "color_id"])
      .where("master_key", "=", found.master_key)
      .execute();
    const clash = group.find((p) => p.color_id === product.color_id);
    if (clash) {
      return fail(
        "Conflict",
        "colour_taken",
        `product ${clash.id} of that group has the colour ${product.color_id} already`,
      );
    }
    const before = await groupIds(tx.db, product.master_key);
    await tx.db.updateTable("product").set({ master_key: found.master_key }).where("id", "=", id).execute();
    await markChanged(
      tx,
      id,
      [...before, ...group.map((p) => p.id)].filter((x) => x !== id),
    );
    await recordAudit(tx, actor, {
      action: "product.colour_link",
      subjectType: "product",
      subjectId: id,
      before: { masterKey: product.master_key, siblings: before.filter((x) => x !== id) },
      after: { masterKey: found.master_key, siblings: group.map((p) => p.id) },
    });
    return { ok: true, changed: true };
  });
}

/** A master key no product has: the product number, or it with the product id when that one is taken. */
async function freeMasterKey(db: Db, referenceKey: string, id: number): Promise<string> {
  for (const candidate of [referenceKey, `${referenceKey.slice(0, 50)}-p${id}`]) {
    const taken = await db.selectFrom("product").select("id").where("master_key", "=", candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  return `p${id}-${Date.now().toString(36)}`;
}

/** Takes product `id` out of its colour group: it gets a master key of its own. */
export async function unlinkColourSibling(ctx: Ctx, actor: Actor, id: number): Promise<ProductEditResult> {
  return withTransaction(ctx, async (tx): Promise<ProductEditResult> => {
    const product = await tx.db
      .selectFrom("product")
      .select(["id", "master_key", "reference_key"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!product) return fail("NotFound", "not_found", `No product ${id}`);
    const before = await groupIds(tx.db, product.master_key);
    if (before.length <= 1) return fail("Conflict", "alone", `product ${id} has no colour siblings`);
    const masterKey = await freeMasterKey(tx.db, product.reference_key, id);
    await tx.db.updateTable("product").set({ master_key: masterKey }).where("id", "=", id).execute();
    await markChanged(tx, id, before);
    await recordAudit(tx, actor, {
      action: "product.colour_unlink",
      subjectType: "product",
      subjectId: id,
      before: { masterKey: product.master_key, siblings: before.filter((x) => x !== id) },
      after: { masterKey, siblings: [] },
    });
    return { ok: true, changed: true };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Sizes

export interface SizeInput {
  size: string;
  /** Empty: none. */
  ean: string;
  stock: string;
}

const sizeKey = (size: string) => size.trim().toLowerCase();

/** The next free variant id: above every variant, removed or of a deleted product (ids are never reused). */
async function nextVariantId(db: Db): Promise<number> {
  const [live, gone] = await Promise.all([
    db
      .selectFrom("variant")
      .select((eb) => eb.fn.max("id").as("m"))
      .executeTakeFirst(),
    db
      .selectFrom("product_tombstone_variant")
      .select((eb) => eb.fn.max("variant_id").as("m"))
      .executeTakeFirst(),
  ]);
  return Math.max(Number(live?.m ?? 0), Number(gone?.m ?? 0)) + 1;
}

/**
 * Adds a size to a product. The size label and the EAN follow the import's rules (1–20 characters; 8 to 14
 * digits); a size the product has already, or an EAN another size of the shop has, is refused. A size removed
 * earlier comes back with its variant id.
 */
export async function addProductSize(ctx: Ctx, actor: Actor, id: number, input: SizeInput): Promise<ProductEditResult> {
  const size = input.size.trim();
  const ean = input.ean.trim() === "" ? null : input.ean.trim();
  if (!variantRecordSchema.shape.size.safeParse(size).success) {
    return fail("InvalidInput", "size", "the size must be 1 to 20 characters");
  }
  if (!variantRecordSchema.shape.ean.safeParse(ean).success) {
    return fail("InvalidInput", "ean", "the EAN must be 8 to 14 digits");
  }
  const stockText = input.stock.trim() === "" ? "0" : input.stock.trim();
  if (!/^\d{1,7}$/.test(stockText)) return fail("InvalidInput", "stock", "the stock must be a whole number, 0 or more");
  const stock = Number(stockText);
  return withTransaction(ctx, async (tx): Promise<ProductEditResult> => {
    const product = await tx.db.selectFrom("product").select("id").where("id", "=", id).executeTakeFirst();
    if (!product) return fail("NotFound", "not_found", `No product ${id}`);
    const variants = await tx.db
      .selectFrom("variant")
      .selectAll()
      .where("product_id", "=", id)
      .orderBy("position")
      .execute();
    const live = variants.filter((v) => v.removed_at === null);
    if (live.some((v) => sizeKey(v.size) === sizeKey(size))) {
      return fail("Conflict", "size_taken", `the product has the size "${size}" already`);
    }
    if (ean !== null) {
      const other = await tx.db
        .selectFrom("variant")
        .select(["id", "product_id", "size"])
        .where("ean", "=", ean)
        .where("removed_at", "is", null)
        .executeTakeFirst();
      if (other) {
        return fail("Conflict", "ean_taken", `EAN ${ean} is the size ${other.size} of product ${other.product_id}`);
      }
    }
    const model = live[0];
    if (!model) return fail("InvalidInput", "no_price", `product ${id} has no size to take the prices from`);
    const prices = await tx.db.selectFrom("variant_price").selectAll().where("variant_id", "=", model.id).execute();
    if (prices.length === 0) return fail("InvalidInput", "no_price", `product ${id} has no price to copy`);
    const removed = variants.find((v) => v.removed_at !== null && sizeKey(v.size) === sizeKey(size));
    // In the size order among the others.
    const ordered = [...live.map((v) => v.size), size].sort(compareSizes);
    let variantId: number;
    if (removed) {
      variantId = removed.id;
      await tx.db
        .updateTable("variant")
        .set({
          removed_at: null,
          size,
          ean: ean ?? removed.ean,
          stock_quantity: stock,
          stock_version: sql<number>`stock_version + 1`,
        })
        .where("id", "=", removed.id)
        .execute();
    } else {
      variantId = await nextVariantId(tx.db);
      await tx.db
        .insertInto("variant")
        .values({
          id: variantId,
          product_id: id,
          size,
          position: live.length,
          ean,
          stock_quantity: stock,
          sellable_without_stock: model.sellable_without_stock,
          delivery_min_days: model.delivery_min_days,
          delivery_max_days: model.delivery_max_days,
        })
        .execute();
    }
    await tx.db
      .insertInto("variant_price")
      .values(prices.map((p) => ({ ...p, variant_id: variantId })))
      .execute();
    const all = [...live, { id: variantId, size }];
    for (const v of all) {
      const position = ordered.findIndex((s) => sizeKey(s) === sizeKey(v.size));
      await tx.db.updateTable("variant").set({ position }).where("id", "=", v.id).execute();
    }
    await markChanged(tx, id, []);
    await recordAudit(tx, actor, {
      action: "product.size_add",
      subjectType: "product",
      subjectId: id,
      before: null,
      after: { variantId, size, ean, stock, restored: removed !== undefined },
    });
    return { ok: true, changed: true, variantId };
  });
}

/**
 * Removes a size from a product: it is no longer sold (prices gone, out of the product's page, listings and
 * baskets), but its row stays for the orders and returns that name it. The last size of a product cannot go:
 * take the product out of the shop instead.
 */
export async function removeProductSize(
  ctx: Ctx,
  actor: Actor,
  id: number,
  variantId: number,
): Promise<ProductEditResult> {
  return withTransaction(ctx, async (tx): Promise<ProductEditResult> => {
    const product = await tx.db.selectFrom("product").select("id").where("id", "=", id).executeTakeFirst();
    if (!product) return fail("NotFound", "not_found", `No product ${id}`);
    const variants = await tx.db
      .selectFrom("variant")
      .select(["id", "size", "ean", "stock_quantity"])
      .where("product_id", "=", id)
      .where("removed_at", "is", null)
      .execute();
    const variant = variants.find((v) => v.id === variantId);
    if (!variant) return fail("NotFound", "variant_not_found", `product ${id} has no size ${variantId}`);
    if (variants.length === 1) {
      return fail("Conflict", "last_size", "a product keeps at least one size: hide or delete the product instead");
    }
    const now = tx.clock.now();
    const prices = await tx.db.selectFrom("variant_price").selectAll().where("variant_id", "=", variantId).execute();
    await tx.db.deleteFrom("variant_price").where("variant_id", "=", variantId).execute();
    await tx.db.updateTable("variant").set({ removed_at: now.toISOString() }).where("id", "=", variantId).execute();
    await markChanged(tx, id, []);
    await recordAudit(tx, actor, {
      action: "product.size_remove",
      subjectType: "product",
      subjectId: id,
      before: {
        variantId,
        size: variant.size,
        ean: variant.ean,
        stock: variant.stock_quantity,
        prices: Object.fromEntries(prices.map((p) => [p.price_zone, p.list_price])),
      },
      after: null,
    });
    return { ok: true, changed: true };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What an open basket can no longer sell

export interface UnavailableVariant {
  variantId: number;
  productId: number;
  /** The product's name in the language asked for. */
  name: string;
  size: string | null;
  /** `deleted`: the product is gone; `size_removed`: this size is; `unavailable`: out of the shop or this store. */
  reason: "deleted" | "size_removed" | "unavailable";
}

/**
 * Why each of the given variants is not sold (the basket leaves its lines out and tells the shopper): a deleted
 * product (named from its tombstone), a removed size, or a product out of the shop. Unknown ids are left out.
 */
export async function explainUnavailableVariants(
  ctx: Pick<Ctx, "db">,
  variantIds: readonly number[],
  language: Language,
): Promise<Map<number, UnavailableVariant>> {
  const out = new Map<number, UnavailableVariant>();
  const lang = LANGUAGES.includes(language) ? language : "en";
  for (const part of chunk([...new Set(variantIds)], 400)) {
    const [gone, variants] = await Promise.all([
      ctx.db
        .selectFrom("product_tombstone_variant as tv")
        .innerJoin("product_tombstone as t", "t.id", "tv.product_id")
        .select(["tv.variant_id", "t.id", "t.name", "t.names"])
        .where("tv.variant_id", "in", part)
        .execute(),
      ctx.db
        .selectFrom("variant as v")
        .innerJoin("product_translation as t", (j) =>
          j.onRef("t.product_id", "=", "v.product_id").on("t.language", "=", lang),
        )
        .select(["v.id", "v.product_id", "v.size", "v.removed_at", "t.name"])
        .where("v.id", "in", part)
        .execute(),
    ]);
    for (const row of gone) {
      const names = parseJson<Partial<Record<Language, string>>>(row.names, {});
      out.set(row.variant_id, {
        variantId: row.variant_id,
        productId: row.id,
        name: names[lang] ?? row.name,
        size: null,
        reason: "deleted",
      });
    }
    for (const row of variants) {
      out.set(row.id, {
        variantId: row.id,
        productId: row.product_id,
        name: row.name,
        size: row.size,
        reason: row.removed_at !== null ? "size_removed" : "unavailable",
      });
    }
  }
  return out;
}
