import { randomBytes, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Ctx, ShopCtx } from "../context.ts";
import { type Db, dialect } from "../db/database.ts";
import type { BasketItemTable, BasketTable } from "../db/tables/basket.ts";
import { parseJson } from "../json.ts";
import { itemPromotionsFor } from "../promotions/engine.ts";
import { shopByCode } from "../shop/shops.ts";
import { type BasketCatalog, loadBasketCatalog } from "./catalog.ts";
import { type BasketLineInput, priceBasket } from "./pricing.ts";
import { allowedQuantity, decideAdd } from "./rules.ts";
import {
  type BasketItemAdd,
  type BasketItemRemove,
  type BasketItemsAdd,
  type BasketItemUpdate,
  basketItemAddSchema,
  basketItemsAddSchema,
} from "./schema.ts";
import {
  type Basket,
  type BasketWarning,
  DEFAULT_EXISTING_ITEM_HANDLING,
  type ExistingItemHandling,
  ITEM_ADDED_WITH_REDUCED_QUANTITY,
  MAX_BASKET_ITEMS,
  type Shopper,
} from "./types.ts";

/**
 * The basket service: one basket per shopper (guest browser or customer) and store. Every change runs in a
 * transaction that first locks the basket row (PostgreSQL `FOR UPDATE`; SQLite serialises writers), so
 * concurrent adds to one basket add up. Expected failures come back as typed results; the RPC and the cart
 * page map them to statuses and messages in one place each.
 */

export type BasketFailure =
  | { ok: false; error: "VariantNotFound"; variantId: number }
  | { ok: false; error: "OutOfStock"; variantId: number }
  | { ok: false; error: "MaxBasketItems"; limit: number }
  | { ok: false; error: "ItemNotFound"; itemKey?: string; variantId?: number }
  | { ok: false; error: "InvalidUpdate"; itemKey: string; reason: string };

export interface BasketSuccess {
  ok: true;
  basket: Basket;
  warnings: BasketWarning[];
  /** Keys of the lines this call added or changed, in payload order (the added-to-basket modal shows the last). */
  itemKeys: string[];
  /** Items of a multi-add that could not be added (the others were). */
  failures: BasketFailure[];
}

export type BasketResult = BasketSuccess | BasketFailure;

type BasketRow = Selectable<BasketTable>;
type ItemRow = Selectable<BasketItemTable>;
type Owner = { kind: "browser" | "customer"; id: string };
type Mutation = { basket: BasketRow; rows: ItemRow[]; reduced: boolean };

export function ownerOf(shopper: Shopper): Owner {
  return shopper.kind === "customer"
    ? { kind: "customer", id: shopper.customerId }
    : { kind: "browser", id: shopper.browserId };
}

export function newItemKey(): string {
  return randomBytes(9).toString("base64url");
}

async function findBasket(db: Db, storeCode: string, owner: Owner): Promise<BasketRow | undefined> {
  return db
    .selectFrom("basket")
    .selectAll()
    .where("store_code", "=", storeCode)
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id)
    .executeTakeFirst();
}

async function readItems(db: Db, basketId: number): Promise<ItemRow[]> {
  return db.selectFrom("basket_item").selectAll().where("basket_id", "=", basketId).orderBy("position").execute();
}

/** Creates the basket when missing and locks it for the rest of the transaction. */
async function lockBasket(trx: Db, storeCode: string, owner: Owner, now: string): Promise<BasketRow> {
  await trx
    .insertInto("basket")
    .values({
      key: randomUUID(),
      store_code: storeCode,
      owner_kind: owner.kind,
      owner_id: owner.id,
      custom_data: "{}",
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["store_code", "owner_kind", "owner_id"]).doNothing())
    .execute();
  const query = trx
    .selectFrom("basket")
    .selectAll()
    .where("store_code", "=", storeCode)
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id);
  return (dialect(trx) === "postgres" ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

function linesOf(rows: readonly ItemRow[], catalog: BasketCatalog): BasketLineInput[] {
  return rows.flatMap((row) => {
    const line = catalog.lines.get(row.variant_id);
    // A variant gone from the catalogue (or not sold in this store) is left out of the basket.
    if (!line) return [];
    return [
      {
        key: row.key,
        quantity: row.quantity,
        product: line.product,
        variant: line.variant,
        promotionId: row.promotion_id,
        itemGroup: row.item_group_id
          ? { id: row.item_group_id, isMainItem: row.item_group_main === 1, isRequired: row.item_group_required === 1 }
          : null,
        customData: parseJson(row.custom_data, {}),
        displayData: parseJson(row.display_data, {}),
        categoryIds: catalog.categoryIdsOf(row.product_id),
      },
    ];
  });
}

async function price(
  ctx: ShopCtx,
  basket: BasketRow | undefined,
  rows: readonly ItemRow[],
  catalog?: BasketCatalog,
): Promise<Basket> {
  const loaded = catalog?.lines;
  const complete = loaded && rows.every((r) => loaded.has(r.variant_id));
  const usable =
    catalog && complete
      ? catalog
      : await loadBasketCatalog(
          ctx,
          rows.map((r) => r.variant_id),
        );
  return priceBasket({
    key: basket?.key ?? "",
    shop: ctx.shop,
    lines: linesOf(rows, usable),
    promotions: usable.promotions,
    gifts: usable.gifts,
    customData: parseJson(basket?.custom_data, {}),
  });
}

/** The shopper's basket in the store, priced (an empty basket when there is none). */
export async function getBasket(ctx: ShopCtx, shopper: Shopper): Promise<Basket> {
  const basket = await findBasket(ctx.db, ctx.shop.code, ownerOf(shopper));
  const rows = basket ? await readItems(ctx.db, basket.id) : [];
  return price(ctx, basket, rows);
}

/** Units of main items in the shopper's basket: the header counter (one query, no pricing). */
export async function getBasketCount(ctx: Pick<Ctx, "db">, storeCode: string, shopper: Shopper): Promise<number> {
  const { db } = ctx;
  const owner = ownerOf(shopper);
  const row = await db
    .selectFrom("basket_item as i")
    .innerJoin("basket as b", "b.id", "i.basket_id")
    .select((eb) => eb.fn.sum<number | string | null>("i.quantity").as("units"))
    .where("b.store_code", "=", storeCode)
    .where("b.owner_kind", "=", owner.kind)
    .where("b.owner_id", "=", owner.id)
    .where("i.item_group_main", "=", 1)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

interface NormalizedAdd {
  variantId: number;
  quantity: number;
  displayData?: Record<string, unknown>;
  customData?: Record<string, unknown>;
  itemGroup?: { id: string; isMainItem: boolean; isRequired: boolean };
}

/**
 * Adds one item. With `existingItemHandling` AddQuantityToExisting (default), ReplaceExisting, KeepExisting or
 * ReplaceExistingWithCombinedQuantity; less stock than asked adds what there is with the warning
 * ItemAddedWithReducedQuantity. A line added without a promotion gets the best applicable one.
 */
export async function addItemToBasket(ctx: ShopCtx, shopper: Shopper, add: BasketItemAdd): Promise<BasketResult> {
  const item = basketItemAddSchema.parse(add);
  const result = await addItems(
    ctx,
    shopper,
    [item],
    item.existingItemHandling ?? DEFAULT_EXISTING_ITEM_HANDLING,
    item.orderCustomData,
  );
  if (result.ok && result.failures[0]) return result.failures[0];
  return result;
}

/** Adds several items in one transaction (an outfit): the call succeeds when at least one could be added. */
export async function addItemsToBasket(ctx: ShopCtx, shopper: Shopper, payload: BasketItemsAdd): Promise<BasketResult> {
  const { items, existingItemHandling } = basketItemsAddSchema.parse(payload);
  const withOrderData = items.filter((i) => i.orderCustomData);
  const orderCustomData =
    withOrderData.length > 0 ? Object.assign({}, ...withOrderData.map((i) => i.orderCustomData)) : undefined;
  return addItems(ctx, shopper, items, existingItemHandling ?? DEFAULT_EXISTING_ITEM_HANDLING, orderCustomData);
}

async function addItems(
  ctx: ShopCtx,
  shopper: Shopper,
  adds: readonly NormalizedAdd[],
  handling: ExistingItemHandling,
  orderCustomData: Record<string, unknown> | undefined,
): Promise<BasketResult> {
  const owner = ownerOf(shopper);
  const storeCode = ctx.shop.code;
  const current = await findBasket(ctx.db, storeCode, owner).then((b) => (b ? readItems(ctx.db, b.id) : []));
  const catalog = await loadBasketCatalog(ctx, [...adds.map((a) => a.variantId), ...current.map((r) => r.variant_id)]);

  const failures: BasketFailure[] = [];
  const prepared = adds.flatMap((add) => {
    const line = catalog.lines.get(add.variantId);
    if (!line) {
      failures.push({ ok: false, error: "VariantNotFound", variantId: add.variantId });
      return [];
    }
    const productId = line.product.id;
    const best = itemPromotionsFor(
      { productId, brand: line.product.brand, categoryIds: catalog.categoryIdsOf(productId) },
      catalog.promotions,
    )[0];
    return [{ add, productId, variant: line.variant, bestPromotionId: best?.id ?? null }];
  });
  if (prepared.length === 0) return failures[0] as BasketFailure;

  const warnings = new Set<BasketWarning>();
  const itemKeys: string[] = [];
  const now = ctx.clock.now().toISOString();
  const { basket, rows } = await ctx.db.transaction().execute(async (trx) => {
    const basket = await lockBasket(trx, storeCode, owner, now);
    const rows = await readItems(trx, basket.id);
    for (const { add, productId, variant, bestPromotionId } of prepared) {
      const groupKey = add.itemGroup?.id ?? "";
      const existing = rows.find((r) => r.variant_id === add.variantId && r.group_key === groupKey);
      const otherUnits = rows
        .filter((r) => r.variant_id === add.variantId && r !== existing)
        .reduce((sum, r) => sum + r.quantity, 0);
      const decision = decideAdd({
        existing,
        otherUnitsOfVariant: otherUnits,
        lineCount: rows.length,
        quantity: add.quantity,
        handling,
        variant,
      });
      if (decision.kind === "error") {
        failures.push(
          decision.error === "OutOfStock"
            ? { ok: false, error: "OutOfStock", variantId: add.variantId }
            : { ok: false, error: "MaxBasketItems", limit: MAX_BASKET_ITEMS },
        );
        continue;
      }
      if (decision.reduced) warnings.add(ITEM_ADDED_WITH_REDUCED_QUANTITY);
      if (decision.kind === "keep" && existing) {
        itemKeys.push(existing.key);
        continue;
      }
      const data = {
        quantity: decision.quantity,
        custom_data: add.customData ? JSON.stringify(add.customData) : (existing?.custom_data ?? "{}"),
        display_data: add.displayData ? JSON.stringify(add.displayData) : (existing?.display_data ?? "{}"),
        updated_at: now,
      };
      if (decision.kind === "update" && existing) {
        const promotionId = existing.promotion_id ?? bestPromotionId;
        await trx
          .updateTable("basket_item")
          .set({ ...data, promotion_id: promotionId })
          .where("basket_id", "=", basket.id)
          .where("key", "=", existing.key)
          .execute();
        Object.assign(existing, data, { promotion_id: promotionId });
        itemKeys.push(existing.key);
        continue;
      }
      const row: ItemRow = {
        basket_id: basket.id,
        key: newItemKey(),
        variant_id: add.variantId,
        product_id: productId,
        group_key: groupKey,
        promotion_id: bestPromotionId,
        item_group_id: add.itemGroup?.id ?? null,
        item_group_main: add.itemGroup && !add.itemGroup.isMainItem ? 0 : 1,
        item_group_required: add.itemGroup?.isRequired ? 1 : 0,
        position: existing?.position ?? rows.reduce((max, r) => Math.max(max, r.position), 0) + 1,
        created_at: now,
        ...data,
      };
      if (existing) {
        // Replace: the line is a new item (new key and data) in the old line's place.
        await trx
          .deleteFrom("basket_item")
          .where("basket_id", "=", basket.id)
          .where("key", "=", existing.key)
          .execute();
        rows.splice(rows.indexOf(existing), 1, row);
      } else {
        rows.push(row);
      }
      await trx.insertInto("basket_item").values(row).execute();
      itemKeys.push(row.key);
    }
    const customData = orderCustomData
      ? JSON.stringify({ ...parseJson(basket.custom_data, {}), ...orderCustomData })
      : basket.custom_data;
    await trx
      .updateTable("basket")
      .set({ updated_at: now, custom_data: customData })
      .where("id", "=", basket.id)
      .execute();
    return { basket: { ...basket, custom_data: customData }, rows };
  });

  if (itemKeys.length === 0) return failures[0] as BasketFailure;
  return {
    ok: true,
    basket: await price(ctx, basket, rows, catalog),
    warnings: [...warnings],
    itemKeys,
    failures,
  };
}

/** Lines removed with a line: a main item takes its group along, and so does a required item. */
function withGroup(rows: readonly ItemRow[], row: ItemRow): ItemRow[] {
  if (!row.item_group_id || (row.item_group_main !== 1 && row.item_group_required !== 1)) return [row];
  return rows.filter((r) => r.item_group_id === row.item_group_id);
}

async function deleteRows(trx: Db, basketId: number, rows: readonly ItemRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .deleteFrom("basket_item")
    .where("basket_id", "=", basketId)
    .where(
      "key",
      "in",
      rows.map((r) => r.key),
    )
    .execute();
}

/**
 * Changes a line's quantity and promotion. Key, promotionId and quantity are all required (else 'Could not
 * update item: {key}'); quantity 0 removes the line; a promotion must be one the product qualifies for.
 */
export async function updateBasketItem(
  ctx: ShopCtx,
  shopper: Shopper,
  payload: BasketItemUpdate,
): Promise<BasketResult> {
  const key = payload.basketItemKey;
  const update = payload.update;
  if (!key || !update || update.promotionId === undefined || update.quantity === undefined) {
    return {
      ok: false,
      error: "InvalidUpdate",
      itemKey: key ?? "",
      reason: "key, promotionId and quantity are required",
    };
  }
  const { quantity, promotionId } = update;
  const owner = ownerOf(shopper);
  const current = await findBasket(ctx.db, ctx.shop.code, owner);
  if (!current) return { ok: false, error: "ItemNotFound", itemKey: key };
  const catalog = await loadBasketCatalog(
    ctx,
    (await readItems(ctx.db, current.id)).map((r) => r.variant_id),
  );
  const now = ctx.clock.now().toISOString();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<BasketFailure | Mutation> => {
    const basket = await lockBasket(trx, ctx.shop.code, owner, now);
    const rows = await readItems(trx, basket.id);
    const row = rows.find((r) => r.key === key);
    if (!row) return { ok: false, error: "ItemNotFound", itemKey: key };
    const line = catalog.lines.get(row.variant_id);
    if (!line) return { ok: false, error: "ItemNotFound", itemKey: key };
    const { variant } = line;
    if (promotionId !== null) {
      const valid = itemPromotionsFor(
        { productId: row.product_id, brand: line.product.brand, categoryIds: catalog.categoryIdsOf(row.product_id) },
        catalog.promotions,
      ).some((p) => p.id === promotionId);
      if (!valid) {
        return { ok: false, error: "InvalidUpdate", itemKey: key, reason: `promotion ${promotionId} does not apply` };
      }
    }
    const customData = update.orderCustomData
      ? JSON.stringify({ ...parseJson(basket.custom_data, {}), ...update.orderCustomData })
      : basket.custom_data;
    await trx
      .updateTable("basket")
      .set({ updated_at: now, custom_data: customData })
      .where("id", "=", basket.id)
      .execute();
    const updatedBasket = { ...basket, custom_data: customData };
    if (quantity === 0) {
      const gone = withGroup(rows, row);
      await deleteRows(trx, basket.id, gone);
      return { basket: updatedBasket, rows: rows.filter((r) => !gone.includes(r)), reduced: false };
    }
    const otherUnits = rows
      .filter((r) => r.variant_id === row.variant_id && r !== row)
      .reduce((sum, r) => sum + r.quantity, 0);
    const allowed = allowedQuantity(variant, quantity, otherUnits);
    if (allowed.quantity === 0) return { ok: false, error: "OutOfStock", variantId: row.variant_id };
    await trx
      .updateTable("basket_item")
      .set({ quantity: allowed.quantity, promotion_id: promotionId, updated_at: now })
      .where("basket_id", "=", basket.id)
      .where("key", "=", key)
      .execute();
    Object.assign(row, { quantity: allowed.quantity, promotion_id: promotionId, updated_at: now });
    return { basket: updatedBasket, rows, reduced: allowed.reduced };
  });
  if ("ok" in outcome) return outcome;
  return {
    ok: true,
    basket: await price(ctx, outcome.basket, outcome.rows, catalog),
    warnings: outcome.reduced ? [ITEM_ADDED_WITH_REDUCED_QUANTITY] : [],
    itemKeys: quantity === 0 ? [] : [key],
    failures: [],
  };
}

/** Removes a line by key, or by variant (not in the basket: a not-found result). */
export async function removeItemFromBasket(
  ctx: ShopCtx,
  shopper: Shopper,
  target: BasketItemRemove,
): Promise<BasketResult> {
  const owner = ownerOf(shopper);
  const notFound: BasketFailure =
    "itemKey" in target
      ? { ok: false, error: "ItemNotFound", itemKey: target.itemKey }
      : { ok: false, error: "ItemNotFound", variantId: target.variantId };
  if (!(await findBasket(ctx.db, ctx.shop.code, owner))) return notFound;
  const now = ctx.clock.now().toISOString();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const basket = await lockBasket(trx, ctx.shop.code, owner, now);
    const rows = await readItems(trx, basket.id);
    const row =
      "itemKey" in target
        ? rows.find((r) => r.key === target.itemKey)
        : rows.find(
            (r) =>
              r.variant_id === target.variantId &&
              (target.itemGroupId === undefined || r.item_group_id === target.itemGroupId),
          );
    if (!row) return undefined;
    const gone = withGroup(rows, row);
    await deleteRows(trx, basket.id, gone);
    await trx.updateTable("basket").set({ updated_at: now }).where("id", "=", basket.id).execute();
    return { basket, rows: rows.filter((r) => !gone.includes(r)) };
  });
  if (!outcome) return notFound;
  return { ok: true, basket: await price(ctx, outcome.basket, outcome.rows), warnings: [], itemKeys: [], failures: [] };
}

/** Empties the shopper's basket in the store (after an order, or on request). */
export async function clearBasket(ctx: ShopCtx, shopper: Shopper): Promise<Basket> {
  const basket = await findBasket(ctx.db, ctx.shop.code, ownerOf(shopper));
  if (basket) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("basket_item").where("basket_id", "=", basket.id).execute();
      await trx
        .updateTable("basket")
        .set({ updated_at: ctx.clock.now().toISOString(), custom_data: "{}" })
        .where("id", "=", basket.id)
        .execute();
    });
  }
  return price(ctx, basket ? { ...basket, custom_data: "{}" } : undefined, []);
}

/** A stored basket line as order placement sees it (gift lines are computed, not stored). */
export interface LockedBasketLine {
  key: string;
  variantId: number;
  quantity: number;
}

/**
 * For order placement, inside the caller's transaction: locks the shopper's basket (concurrent changes and a
 * second placement wait) and returns its stored lines; `clear()` empties it in the same transaction.
 */
export async function lockBasketForOrder(
  ctx: Pick<Ctx, "db">,
  storeCode: string,
  shopper: Shopper,
  now: Date,
): Promise<{ lines: LockedBasketLine[]; clear(): Promise<void> }> {
  const { db: trx } = ctx;
  const at = now.toISOString();
  const basket = await lockBasket(trx, storeCode, ownerOf(shopper), at);
  const rows = await readItems(trx, basket.id);
  return {
    lines: rows.map((r) => ({ key: r.key, variantId: r.variant_id, quantity: r.quantity })),
    async clear() {
      await trx.deleteFrom("basket_item").where("basket_id", "=", basket.id).execute();
      await trx.updateTable("basket").set({ updated_at: at, custom_data: "{}" }).where("id", "=", basket.id).execute();
    },
  };
}

export interface MergeBasketsInput {
  fromBrowserId: string;
  toCustomerId: string;
  /** The store to merge; every store with a guest basket when left out. */
  storeCode?: string;
  strategy?: ExistingItemHandling;
}

export interface MergeResult {
  storeCodes: string[];
  /** Guest lines added to or combined with the customer's basket. */
  merged: number;
  /** Guest lines that could not be taken over (sold out, gone, or the basket full). */
  dropped: number;
}

/**
 * Merges a guest's basket into the customer's on sign-in (the accounts module calls this). Lines of the same
 * variant and group are combined by `strategy` (default AddQuantityToExisting), within stock and the limits;
 * the guest basket is deleted afterwards. Both baskets are locked for the merge.
 */
export async function mergeBaskets(ctx: Ctx, input: MergeBasketsInput): Promise<MergeResult> {
  const strategy = input.strategy ?? DEFAULT_EXISTING_ITEM_HANDLING;
  const guest: Owner = { kind: "browser", id: input.fromBrowserId };
  const customer: Owner = { kind: "customer", id: input.toCustomerId };
  const storeCodes = input.storeCode
    ? [input.storeCode]
    : (
        await ctx.db
          .selectFrom("basket")
          .select("store_code")
          .where("owner_kind", "=", guest.kind)
          .where("owner_id", "=", guest.id)
          .execute()
      ).map((r) => r.store_code);
  const result: MergeResult = { storeCodes: [], merged: 0, dropped: 0 };
  for (const storeCode of storeCodes) {
    const shop = shopByCode(storeCode);
    const from = await findBasket(ctx.db, storeCode, guest);
    if (!shop || !from) continue;
    const to = await findBasket(ctx.db, storeCode, customer);
    const preRows = [...(await readItems(ctx.db, from.id)), ...(to ? await readItems(ctx.db, to.id) : [])];
    const catalog = await loadBasketCatalog(
      { ...ctx, shop },
      preRows.map((r) => r.variant_id),
    );
    const now = ctx.clock.now().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      const target = await lockBasket(trx, storeCode, customer, now);
      const sourceQuery = trx.selectFrom("basket").selectAll().where("id", "=", from.id);
      const source = await (dialect(trx) === "postgres" ? sourceQuery.forUpdate() : sourceQuery).executeTakeFirst();
      if (!source) return;
      const incoming = await readItems(trx, source.id);
      const rows = await readItems(trx, target.id);
      for (const line of incoming) {
        const variant = catalog.lines.get(line.variant_id)?.variant;
        const existing = rows.find((r) => r.variant_id === line.variant_id && r.group_key === line.group_key);
        if (!variant) {
          result.dropped++;
          continue;
        }
        const decision = decideAdd({
          existing,
          otherUnitsOfVariant: rows
            .filter((r) => r.variant_id === line.variant_id && r !== existing)
            .reduce((sum, r) => sum + r.quantity, 0),
          lineCount: rows.length,
          quantity: line.quantity,
          handling: strategy,
          variant,
        });
        if (decision.kind === "error") {
          result.dropped++;
          continue;
        }
        if (decision.kind === "keep") continue;
        result.merged++;
        if (decision.kind === "update" && existing) {
          await trx
            .updateTable("basket_item")
            .set({ quantity: decision.quantity, updated_at: now })
            .where("basket_id", "=", target.id)
            .where("key", "=", existing.key)
            .execute();
          existing.quantity = decision.quantity;
          continue;
        }
        if (existing) {
          await trx
            .deleteFrom("basket_item")
            .where("basket_id", "=", target.id)
            .where("key", "=", existing.key)
            .execute();
          rows.splice(rows.indexOf(existing), 1);
        }
        const row: ItemRow = {
          ...line,
          basket_id: target.id,
          key: rows.some((r) => r.key === line.key) ? newItemKey() : line.key,
          quantity: decision.quantity,
          position: rows.reduce((max, r) => Math.max(max, r.position), 0) + 1,
          updated_at: now,
        };
        await trx.insertInto("basket_item").values(row).execute();
        rows.push(row);
      }
      const customData = JSON.stringify({ ...parseJson(source.custom_data, {}), ...parseJson(target.custom_data, {}) });
      await trx
        .updateTable("basket")
        .set({ updated_at: now, custom_data: customData })
        .where("id", "=", target.id)
        .execute();
      await trx.deleteFrom("basket_item").where("basket_id", "=", source.id).execute();
      await trx.deleteFrom("basket").where("id", "=", source.id).execute();
      result.storeCodes.push(storeCode);
    });
  }
  return result;
}

/**
 * Retention: deletes the baskets of guests (browser owners) nobody touched since `before`, with their lines. A
 * customer's basket stays: it waits for the customer's next visit.
 */
export async function pruneGuestBaskets(ctx: Pick<Ctx, "db">, before: Date): Promise<number> {
  const result = await ctx.db
    .deleteFrom("basket")
    .where("owner_kind", "=", "browser")
    .where("updated_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
