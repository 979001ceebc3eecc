import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";

/** Shop settings stored in the database, so every process sees a change without a restart. */

export async function getSetting(ctx: Pick<Ctx, "db">, key: string): Promise<string | undefined> {
  const { db } = ctx;
  const row = await db.selectFrom("setting").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function setSetting(ctx: Pick<Ctx, "db">, key: string, value: string, now: Date): Promise<void> {
  const { db } = ctx;
  await db
    .insertInto("setting")
    .values({ key, value, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now.toISOString() }))
    .execute();
}

/** Stores a value only when the key has none yet and answers the stored value: the first of racing writers wins. */
export async function settingOrInsert(ctx: Pick<Ctx, "db">, key: string, value: string, now: Date): Promise<string> {
  const { db } = ctx;
  await db
    .insertInto("setting")
    .values({ key, value, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return (await getSetting({ db }, key)) ?? value;
}

const MAINTENANCE_KEY = "maintenance_mode";
/** How long a process trusts its last reading of the maintenance flag. */
const MAINTENANCE_TTL_MS = 1000;
const maintenanceCache = new WeakMap<Db, { at: number; value: Promise<boolean> }>();

export async function isMaintenanceMode(ctx: Pick<Ctx, "db">, now = Date.now()): Promise<boolean> {
  const { db } = ctx;
  const cached = maintenanceCache.get(db);
  if (cached && now - cached.at < MAINTENANCE_TTL_MS) return cached.value;
  const value = getSetting(ctx, MAINTENANCE_KEY).then((v) => v === "on");
  maintenanceCache.set(db, { at: now, value });
  value.catch(() => maintenanceCache.delete(db));
  return value;
}

export async function setMaintenanceMode(ctx: Pick<Ctx, "db">, on: boolean, now: Date): Promise<void> {
  const { db } = ctx;
  await setSetting(ctx, MAINTENANCE_KEY, on ? "on" : "off", now);
  maintenanceCache.delete(db);
}
