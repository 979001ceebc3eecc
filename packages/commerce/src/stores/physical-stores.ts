import { z } from "zod";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";
import { processReading } from "../db/process-reading.ts";
import { parseJson } from "../json.ts";
import { chunk } from "../util.ts";

/** Physical stores of the retailer: the store finder and the "available in store" facet read them. */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const physicalStoreRecordSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,60}$/),
  name: z.string().min(1).max(120),
  street: z.string().min(1).max(200),
  zipCode: z.string().min(1).max(10),
  city: z.string().min(1).max(100),
  countryCode: z.enum(["DE", "AT", "CH"]),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  phone: z.string().max(40),
  email: z.email(),
  /** Monday to Sunday: null when closed, else [opens, closes]. */
  openingHours: z.array(z.tuple([hhmm, hhmm]).nullable()).length(7),
});

export type PhysicalStoreRecord = z.output<typeof physicalStoreRecordSchema>;

export async function writePhysicalStores(
  ctx: Pick<Ctx, "db">,
  records: readonly PhysicalStoreRecord[],
): Promise<void> {
  const { db } = ctx;
  for (const s of records) {
    const row = {
      id: s.id,
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
    const { id: _id, ...update } = row;
    await db
      .insertInto("physical_store")
      .values(row)
      .onConflict((oc) => oc.column("id").doUpdateSet(update))
      .execute();
  }
}

export async function listPhysicalStores(ctx: Pick<Ctx, "db">): Promise<PhysicalStoreRecord[]> {
  const { db } = ctx;
  const rows = await db
    .selectFrom("physical_store")
    .selectAll()
    .orderBy("country_code")
    .orderBy("city")
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    street: r.street,
    zipCode: r.zip_code,
    city: r.city,
    countryCode: r.country_code as PhysicalStoreRecord["countryCode"],
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    phone: r.phone,
    email: r.email,
    openingHours: parseJson(r.opening_hours, [null, null, null, null, null, null, null]),
  }));
}

/** How long a process trusts its count of physical stores (the feed's `physical_store.changed` drops it sooner). */
export const PHYSICAL_STORE_COUNT_TTL_MS = 1000;

const storeCount = processReading(PHYSICAL_STORE_COUNT_TTL_MS, async (db) => {
  const row = await db
    .selectFrom("physical_store")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
});

/**
 * How many physical stores the shop has (pages speak of stores, in-store returns and the finder only when > 0):
 * every page shows it, so each process keeps its count (`processReading`).
 */
export function countPhysicalStores(ctx: Pick<Ctx, "db">, now = Date.now()): Promise<number> {
  return storeCount.get(ctx.db, now);
}

/** Drops this process's count (a store was added or removed here, or the feed says so). */
export function forgetPhysicalStoreCount(db: Db): void {
  storeCount.forget(db);
}

export interface StoreStockRecord {
  storeId: string;
  variantId: number;
  quantity: number;
}

export async function writeStoreStock(ctx: Pick<Ctx, "db">, rows: readonly StoreStockRecord[]): Promise<void> {
  const { db } = ctx;
  for (const batch of chunk(rows, 400)) {
    await db
      .insertInto("store_stock")
      .values(batch.map((r) => ({ store_id: r.storeId, variant_id: r.variantId, quantity: r.quantity })))
      .onConflict((oc) =>
        oc.columns(["store_id", "variant_id"]).doUpdateSet((eb) => ({ quantity: eb.ref("excluded.quantity") })),
      )
      .execute();
  }
}

export async function loadStoreStock(ctx: Pick<Ctx, "db">): Promise<StoreStockRecord[]> {
  const { db } = ctx;
  const rows = await db.selectFrom("store_stock").selectAll().where("quantity", ">", 0).execute();
  return rows.map((r) => ({ storeId: r.store_id, variantId: r.variant_id, quantity: r.quantity }));
}

/** Great-circle distance in kilometres. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
