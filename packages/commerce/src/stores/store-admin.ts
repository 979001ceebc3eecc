import { type Actor, changedFields, recordAudit } from "../audit/audit.ts";
import { loadEditableProduct } from "../catalog/admin.ts";
import { type Ctx, withTransaction } from "../context.ts";
import { publishEvents } from "../events/publish.ts";
import type { NewEvent } from "../events/types.ts";
import {
  forgetPhysicalStoreCount,
  listPhysicalStores,
  type PhysicalStoreRecord,
  physicalStoreRecordSchema,
} from "./physical-stores.ts";

/**
 * The operator's physical stores (back office `/admin/stores/`, `vitrine stores …`): add, change, remove, and the
 * stock of a product's sizes in each store. Every change is validated field by field (all errors at once), audited
 * and published in its own transaction: `physical_store.changed` (the store finder, the "available in store"
 * facet and every page that speaks of stores follow it) or `stock.changed` for the product whose store stock moved.
 */

export const STORE_COUNTRIES = ["DE", "AT", "CH"] as const;
export type StoreCountry = (typeof STORE_COUNTRIES)[number];

/** Why a field was refused (message keys `admin.stores.error.{code}`). */
export type StoreFieldError =
  | "required"
  | "too_long"
  | "id_format"
  | "id_taken"
  | "country"
  | "number"
  | "latitude"
  | "longitude"
  | "outside_region"
  | "phone"
  | "email"
  | "time"
  | "closes_before_opens"
  | "quantity";

/** What a form or the command line sends: text as typed, coordinates as text or numbers. */
export interface PhysicalStoreInput {
  /** Only when adding; made from the name when empty. */
  id?: string;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  countryCode: string;
  latitude: string | number;
  longitude: string | number;
  phone: string;
  email: string;
  /** Monday to Sunday: null when closed, else opening and closing time ("09:30"). */
  openingHours: readonly ([string, string] | null)[];
}

export type StoreChangeResult =
  | { ok: true; store: PhysicalStoreRecord; changed: boolean }
  | { ok: false; error: "NotFound"; detail: string }
  | { ok: false; error: "Conflict"; detail: string }
  | { ok: false; error: "InvalidInput"; detail: string; fields: Record<string, StoreFieldError> };

/** Form and field names of a store: errors land beside their fields (`hours.0` is Monday). */
export const storeField = {
  hours: (day: number) => `hours.${day}`,
};

const LIMITS = { name: 120, street: 200, zipCode: 10, city: 100, phone: 40, email: 200 } as const;
const ID_PATTERN = /^[a-z0-9-]{1,60}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const PHONE = /^[+0-9 ()/.-]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Germany, Austria and Switzerland with a margin: swapped or mistyped coordinates fall outside. */
const REGION = { latitude: [45.5, 55.5], longitude: [5.5, 17.5] } as const;

/** `Zürich Bahnhofstraße` → `zuerich-bahnhofstrasse`. */
export function storeIdFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}

function coordinate(value: string | number): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  const text = value.trim().replace(",", ".");
  if (!/^-?\d{1,3}(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** Checks every field and gives all errors at once, or the record to write. */
export function validatePhysicalStore(
  input: PhysicalStoreInput,
  id: string,
):
  | { record: PhysicalStoreRecord; fields?: undefined }
  | { record?: undefined; fields: Record<string, StoreFieldError> } {
  const fields: Record<string, StoreFieldError> = {};
  const text = (name: keyof typeof LIMITS, required: boolean): string => {
    const value = String(input[name] ?? "").trim();
    if (required && value === "") fields[name] = "required";
    else if (value.length > LIMITS[name]) fields[name] = "too_long";
    return value;
  };
  const name = text("name", true);
  const street = text("street", true);
  const zipCode = text("zipCode", true);
  const city = text("city", true);
  const phone = text("phone", false);
  if (!fields.phone && !PHONE.test(phone)) fields.phone = "phone";
  const email = text("email", true);
  if (!fields.email && !EMAIL.test(email)) fields.email = "email";
  if (!ID_PATTERN.test(id)) fields.id = "id_format";
  const countryCode = String(input.countryCode ?? "")
    .trim()
    .toUpperCase();
  if (!(STORE_COUNTRIES as readonly string[]).includes(countryCode))
    fields.countryCode = countryCode ? "country" : "required";

  const latitude = coordinate(input.latitude);
  const longitude = coordinate(input.longitude);
  if (String(input.latitude).trim() === "") fields.latitude = "required";
  else if (latitude === undefined) fields.latitude = "number";
  else if (latitude < -90 || latitude > 90) fields.latitude = "latitude";
  if (String(input.longitude).trim() === "") fields.longitude = "required";
  else if (longitude === undefined) fields.longitude = "number";
  else if (longitude < -180 || longitude > 180) fields.longitude = "longitude";
  if (latitude !== undefined && longitude !== undefined && !fields.latitude && !fields.longitude) {
    const inside =
      latitude >= REGION.latitude[0] &&
      latitude <= REGION.latitude[1] &&
      longitude >= REGION.longitude[0] &&
      longitude <= REGION.longitude[1];
    if (!inside) fields.latitude = "outside_region";
  }

  const openingHours: ([string, string] | null)[] = [];
  for (let day = 0; day < 7; day++) {
    const hours = input.openingHours[day] ?? null;
    if (hours === null) {
      openingHours.push(null);
      continue;
    }
    const opens = hours[0].trim();
    const closes = hours[1].trim();
    if (!TIME.test(opens) || !TIME.test(closes)) fields[storeField.hours(day)] = "time";
    else if (closes <= opens) fields[storeField.hours(day)] = "closes_before_opens";
    openingHours.push([opens, closes]);
  }

  if (Object.keys(fields).length > 0) return { fields };
  const parsed = physicalStoreRecordSchema.safeParse({
    id,
    name,
    street,
    zipCode,
    city,
    countryCode,
    latitude,
    longitude,
    phone,
    email,
    openingHours,
  });
  if (parsed.success) return { record: parsed.data };
  // What the checks above let through and the record's schema does not (an unusual e-mail address).
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "name");
    fields[field] = field === "email" ? "email" : field === "phone" ? "phone" : "required";
  }
  return { fields };
}

function invalid(fields: Record<string, StoreFieldError>): StoreChangeResult {
  return {
    ok: false,
    error: "InvalidInput",
    detail: Object.entries(fields)
      .map(([field, code]) => `${field}: ${code}`)
      .join("; "),
    fields,
  };
}

function storeEvent(id: string, change: "added" | "changed" | "removed"): NewEvent {
  return { type: "physical_store.changed", entity: "physical_store", entityId: id, payload: { change } };
}

/** A store as the audit log keeps it. */
function storeState(s: PhysicalStoreRecord): Record<string, unknown> {
  const { id: _id, ...rest } = s;
  return rest;
}

async function findStore(db: Ctx["db"], id: string): Promise<PhysicalStoreRecord | undefined> {
  const row = await db.selectFrom("physical_store").select("id").where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return (await listPhysicalStores({ db })).find((s) => s.id === id);
}

function storeRow(s: PhysicalStoreRecord) {
  return {
    name: s.name,
    street: s.street,
    zip_code: s.zipCode,
    city: s.city,
    country_code: s.countryCode,
    latitude: s.latitude,
    longitude: s.longitude,
    phone: s.phone,
    email: s.email,
    opening_hours: JSON.stringify(s.openingHours),
  };
}

/** The one physical store with that id, or undefined. */
export async function getPhysicalStore(ctx: Pick<Ctx, "db">, id: string): Promise<PhysicalStoreRecord | undefined> {
  return findStore(ctx.db, id);
}

/**
 * Adds a store. Its id is the one given, or made from the name (`hamburg-jungfernstieg`); an id in use is refused
 * beside the id field when given, and made unique with a number when made from the name.
 */
export function addPhysicalStore(ctx: Ctx, actor: Actor, input: PhysicalStoreInput): Promise<StoreChangeResult> {
  const given = input.id?.trim() ?? "";
  const base = given || storeIdFromName(String(input.name ?? "")) || "store";
  const checked = validatePhysicalStore(input, base);
  if (checked.fields) return Promise.resolve(invalid(checked.fields));
  return withTransaction(ctx, async (tx): Promise<StoreChangeResult> => {
    let id = base;
    if (await findStore(tx.db, id)) {
      if (given) return invalid({ id: "id_taken" });
      for (let n = 2; await findStore(tx.db, id); n++) id = `${base.slice(0, 55)}-${n}`;
    }
    const record = { ...checked.record, id };
    await tx.db
      .insertInto("physical_store")
      .values({ id, ...storeRow(record) })
      .execute();
    await publishEvents(tx, [storeEvent(id, "added")]);
    await recordAudit(tx, actor, {
      action: "physical_store.add",
      subjectType: "physical_store",
      subjectId: id,
      after: storeState(record),
    });
    return { ok: true, store: record, changed: true };
  }).finally(() => forgetPhysicalStoreCount(ctx.db));
}

/** Changes a store (its id stays). A save without a change writes nothing. */
export function updatePhysicalStore(
  ctx: Ctx,
  actor: Actor,
  id: string,
  input: PhysicalStoreInput,
): Promise<StoreChangeResult> {
  const checked = validatePhysicalStore(input, id);
  return withTransaction(ctx, async (tx): Promise<StoreChangeResult> => {
    const before = await findStore(tx.db, id);
    if (!before) return { ok: false, error: "NotFound", detail: `No store ${id}` };
    if (checked.fields) return invalid(checked.fields);
    const diff = changedFields(storeState(before), storeState(checked.record));
    if (!diff) return { ok: true, store: before, changed: false };
    await tx.db.updateTable("physical_store").set(storeRow(checked.record)).where("id", "=", id).execute();
    await publishEvents(tx, [storeEvent(id, "changed")]);
    await recordAudit(tx, actor, {
      action: "physical_store.update",
      subjectType: "physical_store",
      subjectId: id,
      before: diff.before,
      after: diff.after,
    });
    return { ok: true, store: checked.record, changed: true };
  });
}

export type StoreRemoveResult =
  | { ok: true; store: PhysicalStoreRecord; removedStock: { variants: number; pieces: number } }
  | { ok: false; error: "NotFound"; detail: string }
  | { ok: false; error: "Conflict"; detail: string; stock: { variants: number; pieces: number } };

/**
 * Removes a store. A store that still holds stock is refused unless `withStock` says to remove its stock too
 * (then the stock goes with it, in the audit entry, and the products it held are published as changed).
 */
export function removePhysicalStore(
  ctx: Ctx,
  actor: Actor,
  id: string,
  options: { withStock?: boolean } = {},
): Promise<StoreRemoveResult> {
  return withTransaction(ctx, async (tx): Promise<StoreRemoveResult> => {
    const before = await findStore(tx.db, id);
    if (!before) return { ok: false, error: "NotFound", detail: `No store ${id}` };
    const stock = await tx.db
      .selectFrom("store_stock")
      .select(["variant_id", "quantity"])
      .where("store_id", "=", id)
      .where("quantity", ">", 0)
      .execute();
    const held = { variants: stock.length, pieces: stock.reduce((sum, r) => sum + Number(r.quantity), 0) };
    if (held.variants > 0 && !options.withStock) {
      return {
        ok: false,
        error: "Conflict",
        detail: `${before.name} still holds ${held.pieces} piece(s) in ${held.variants} size(s): remove its stock first, or remove the store with its stock`,
        stock: held,
      };
    }
    await tx.db.deleteFrom("store_stock").where("store_id", "=", id).execute();
    await tx.db.deleteFrom("physical_store").where("id", "=", id).execute();
    await publishEvents(tx, [storeEvent(id, "removed")]);
    await recordAudit(tx, actor, {
      action: "physical_store.remove",
      subjectType: "physical_store",
      subjectId: id,
      before: {
        ...storeState(before),
        ...(held.variants > 0
          ? { stock: Object.fromEntries(stock.map((r) => [String(r.variant_id), Number(r.quantity)])) }
          : {}),
      },
      note: held.variants > 0 ? `removed with its stock: ${held.pieces} piece(s) in ${held.variants} size(s)` : null,
    });
    return { ok: true, store: before, removedStock: held };
  }).finally(() => forgetPhysicalStoreCount(ctx.db));
}

// --- stock per size and store --------------------------------------------------------------------------------------

export interface ProductStoreStock {
  productId: number;
  /** The product's name (German, else English or French) and reference, for the screen's title. */
  name: string;
  referenceKey: string;
  /** The product's sizes in size order, with the quantity in each store (0 when none). */
  variants: { id: number; size: string; quantities: Record<string, number> }[];
  stores: PhysicalStoreRecord[];
}

/** A product's stock in each physical store, or undefined when there is no such product. */
export async function loadProductStoreStock(
  ctx: Pick<Ctx, "db">,
  productId: number,
): Promise<ProductStoreStock | undefined> {
  const product = await loadEditableProduct(ctx, productId);
  if (!product) return undefined;
  const stores = await listPhysicalStores(ctx);
  const variantIds = product.record.variants.map((v) => v.id);
  const rows =
    variantIds.length === 0
      ? []
      : await ctx.db.selectFrom("store_stock").selectAll().where("variant_id", "in", variantIds).execute();
  const held = new Map(rows.map((r) => [`${r.variant_id}:${r.store_id}`, Number(r.quantity)]));
  const { translations } = product.record;
  return {
    productId,
    name: translations.de?.name || translations.en?.name || translations.fr?.name || `#${productId}`,
    referenceKey: product.record.referenceKey,
    stores,
    variants: product.record.variants.map((v) => ({
      id: v.id,
      size: v.size,
      quantities: Object.fromEntries(stores.map((s) => [s.id, held.get(`${v.id}:${s.id}`) ?? 0])),
    })),
  };
}

/** Store stock of several products' variants (the search index reloads it for products that changed). */
export async function loadStoreStockOf(
  ctx: Pick<Ctx, "db">,
  variantIds: readonly number[],
): Promise<{ storeId: string; variantId: number; quantity: number }[]> {
  if (variantIds.length === 0) return [];
  const out: { storeId: string; variantId: number; quantity: number }[] = [];
  for (let i = 0; i < variantIds.length; i += 500) {
    const rows = await ctx.db
      .selectFrom("store_stock")
      .selectAll()
      .where("variant_id", "in", variantIds.slice(i, i + 500))
      .where("quantity", ">", 0)
      .execute();
    for (const r of rows) out.push({ storeId: r.store_id, variantId: r.variant_id, quantity: Number(r.quantity) });
  }
  return out;
}

/** One quantity to set: a size of the product in a store. */
export interface StoreStockChange {
  variantId: number;
  storeId: string;
  /** Pieces, as typed (a form's text) or a number. */
  quantity: string | number;
}

export const MAX_STORE_QUANTITY = 99_999;

export type StoreStockResult =
  | { ok: true; changed: number }
  | { ok: false; error: "NotFound"; detail: string }
  | { ok: false; error: "InvalidInput"; detail: string; fields: Record<string, StoreFieldError> };

/** The form field of a quantity: `qty.{variantId}.{storeId}`. */
export function storeStockField(variantId: number, storeId: string): string {
  return `qty.${variantId}.${storeId}`;
}

/**
 * Sets a product's stock in physical stores in one transaction: every quantity a whole number from 0 to 99 999 (all
 * wrong ones named at once), sizes of this product and existing stores only. Audited with the quantities that
 * changed, and published as `stock.changed` for the product (the "available in store" facet follows it).
 */
export function setProductStoreStock(
  ctx: Ctx,
  actor: Actor,
  productId: number,
  changes: readonly StoreStockChange[],
): Promise<StoreStockResult> {
  return withTransaction(ctx, async (tx): Promise<StoreStockResult> => {
    const current = await loadProductStoreStock(tx, productId);
    if (!current) return { ok: false, error: "NotFound", detail: `No product ${productId}` };
    const variants = new Map(current.variants.map((v) => [v.id, v]));
    const storeIds = new Set(current.stores.map((s) => s.id));
    const fields: Record<string, StoreFieldError> = {};
    const wanted = new Map<string, { variantId: number; storeId: string; quantity: number }>();
    for (const change of changes) {
      const field = storeStockField(change.variantId, change.storeId);
      if (!variants.has(change.variantId)) {
        return {
          ok: false,
          error: "NotFound",
          detail: `Variant ${change.variantId} is not a size of product ${productId}`,
        };
      }
      if (!storeIds.has(change.storeId)) return { ok: false, error: "NotFound", detail: `No store ${change.storeId}` };
      const text = String(change.quantity).trim();
      const quantity = text === "" ? 0 : /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity > MAX_STORE_QUANTITY) {
        fields[field] = "quantity";
        continue;
      }
      wanted.set(field, { variantId: change.variantId, storeId: change.storeId, quantity });
    }
    if (Object.keys(fields).length > 0) {
      return {
        ok: false,
        error: "InvalidInput",
        detail: Object.keys(fields)
          .map((f) => `${f}: must be a whole number from 0 to ${MAX_STORE_QUANTITY}`)
          .join("; "),
        fields,
      };
    }
    const before: Record<string, number> = {};
    const after: Record<string, number> = {};
    const changedVariants = new Set<number>();
    for (const { variantId, storeId, quantity } of wanted.values()) {
      const was = variants.get(variantId)?.quantities[storeId] ?? 0;
      if (was === quantity) continue;
      const key = `${storeId}:${variants.get(variantId)?.size ?? variantId}`;
      before[key] = was;
      after[key] = quantity;
      changedVariants.add(variantId);
      if (quantity === 0) {
        await tx.db
          .deleteFrom("store_stock")
          .where("store_id", "=", storeId)
          .where("variant_id", "=", variantId)
          .execute();
      } else {
        await tx.db
          .insertInto("store_stock")
          .values({ store_id: storeId, variant_id: variantId, quantity })
          .onConflict((oc) => oc.columns(["store_id", "variant_id"]).doUpdateSet({ quantity }))
          .execute();
      }
    }
    const count = Object.keys(after).length;
    if (count === 0) return { ok: true, changed: 0 };
    await publishEvents(tx, [
      {
        type: "stock.changed",
        entity: "product",
        entityId: productId,
        payload: { variantIds: [...changedVariants], storeStock: true },
      },
    ]);
    await recordAudit(tx, actor, {
      action: "store_stock.update",
      subjectType: "product",
      subjectId: productId,
      before,
      after,
    });
    return { ok: true, changed: count };
  });
}

/** Per store: how many sizes it holds and how many pieces (the stores screen shows it beside each store). */
export async function storeStockTotals(
  ctx: Pick<Ctx, "db">,
): Promise<Map<string, { variants: number; pieces: number }>> {
  const rows = await ctx.db
    .selectFrom("store_stock")
    .select((eb) => ["store_id", eb.fn.countAll<number>().as("variants"), eb.fn.sum<number>("quantity").as("pieces")])
    .where("quantity", ">", 0)
    .groupBy("store_id")
    .execute();
  return new Map(rows.map((r) => [r.store_id, { variants: Number(r.variants), pieces: Number(r.pieces) }]));
}
