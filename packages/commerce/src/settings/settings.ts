import { type Actor, changedFields, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import { processReading } from "../db/process-reading.ts";
import { publishEvents } from "../events/publish.ts";

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
const maintenanceReading = processReading(MAINTENANCE_TTL_MS, (db) =>
  getSetting({ db }, MAINTENANCE_KEY).then((v) => v === "on"),
);

export async function isMaintenanceMode(ctx: Pick<Ctx, "db">, now = Date.now()): Promise<boolean> {
  return maintenanceReading.get(ctx.db, now);
}

export async function setMaintenanceMode(ctx: Pick<Ctx, "db">, on: boolean, now: Date): Promise<void> {
  await setSetting(ctx, MAINTENANCE_KEY, on ? "on" : "off", now);
  maintenanceReading.forget(ctx.db);
}

const MAINTENANCE_MESSAGE_KEY = "maintenance_message";
/** The longest message the maintenance page shows. */
export const MAINTENANCE_MESSAGE_MAX = 500;

export interface MaintenanceState {
  on: boolean;
  /** What the maintenance page says in addition to its standard text (empty: nothing). */
  message: string;
}

/** Maintenance mode as stored (read fresh: for the back office and the maintenance page). */
export async function maintenanceState(ctx: Pick<Ctx, "db">): Promise<MaintenanceState> {
  const [mode, message] = await Promise.all([
    getSetting(ctx, MAINTENANCE_KEY),
    getSetting(ctx, MAINTENANCE_MESSAGE_KEY),
  ]);
  return { on: mode === "on", message: message ?? "" };
}

export type MaintenanceResult =
  | { ok: true; state: MaintenanceState; changed: boolean }
  | { ok: false; error: "InvalidInput"; detail: string };

/**
 * Switches maintenance mode on or off with its message: audited and published (`setting.changed`) in one
 * transaction. Every process reads the flag again within `MAINTENANCE_TTL_MS`, so the shop follows within 2 s.
 */
export function switchMaintenance(
  ctx: Ctx,
  actor: Actor,
  change: { on: boolean; message?: string | undefined },
): Promise<MaintenanceResult> {
  const message = change.message?.replace(/\r\n/g, "\n").trim();
  if (message !== undefined && message.length > MAINTENANCE_MESSAGE_MAX) {
    return Promise.resolve({
      ok: false,
      error: "InvalidInput",
      detail: `message: at most ${MAINTENANCE_MESSAGE_MAX} characters`,
    });
  }
  return withTransaction(ctx, async (tx): Promise<MaintenanceResult> => {
    const before = await maintenanceState(tx);
    const after: MaintenanceState = { on: change.on, message: message ?? before.message };
    const diff = changedFields({ ...before }, { ...after });
    if (!diff) return { ok: true, state: after, changed: false };
    const now = tx.clock.now();
    await setSetting(tx, MAINTENANCE_KEY, after.on ? "on" : "off", now);
    await setSetting(tx, MAINTENANCE_MESSAGE_KEY, after.message, now);
    await publishEvents(
      tx,
      [{ type: "setting.changed", entity: "setting", entityId: MAINTENANCE_KEY, payload: { ...after } }],
      now,
    );
    await recordAudit(tx, actor, {
      action: after.on === before.on ? "maintenance.message" : after.on ? "maintenance.on" : "maintenance.off",
      subjectType: "setting",
      subjectId: MAINTENANCE_KEY,
      before: diff.before,
      after: diff.after,
    });
    maintenanceReading.forget(ctx.db);
    return { ok: true, state: after, changed: true };
  });
}
