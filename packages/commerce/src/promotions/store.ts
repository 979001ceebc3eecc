import { catalogChangeEvents } from "../catalog/changes.ts";
import { type Ctx, withTransaction } from "../context.ts";
import { publishEvents } from "../events/publish.ts";
import { parseJson } from "../json.ts";
import type { PromotionRecord } from "./records.ts";

export async function writePromotions(
  ctx: Pick<Ctx, "db">,
  records: readonly PromotionRecord[],
  now: Date,
): Promise<void> {
  const { db } = ctx;
  if (records.length === 0) return;
  if (!db.isTransaction) return withTransaction(ctx, (tx) => writePromotions(tx, records, now));
  for (const p of records) {
    const row = {
      id: p.id,
      priority: p.priority,
      effect_type: p.effect.type,
      effect: JSON.stringify(p.effect),
      conditions: JSON.stringify(p.conditions),
      color_hex: p.colorHex,
      names: JSON.stringify(p.names),
      store_codes: JSON.stringify(p.storeCodes),
      valid_from: p.validFrom,
      valid_to: p.validTo,
    };
    const { id: _id, ...update } = row;
    await db
      .insertInto("promotion")
      .values(row)
      .onConflict((oc) => oc.column("id").doUpdateSet(update))
      .execute();
  }
  await publishEvents(
    db,
    catalogChangeEvents(
      "promotion",
      records.map((p) => p.id),
    ),
    now,
  );
}

export async function loadPromotions(ctx: Pick<Ctx, "db">): Promise<PromotionRecord[]> {
  const { db } = ctx;
  const rows = await db.selectFrom("promotion").selectAll().orderBy("priority").orderBy("id").execute();
  return rows.map((r) => ({
    id: r.id,
    priority: r.priority,
    effect: parseJson(r.effect, {
      type: "automatic_discount",
      kind: "percentage",
      percentage: 0,
    } as PromotionRecord["effect"]),
    conditions: parseJson(r.conditions, {}),
    colorHex: r.color_hex,
    names: parseJson(r.names, { de: r.id, fr: r.id, en: r.id }),
    storeCodes: parseJson(r.store_codes, []),
    validFrom: r.valid_from,
    validTo: r.valid_to,
  }));
}

/** Promotions running in a store at a moment, best (lowest priority number) first. */
export async function activePromotions(ctx: Pick<Ctx, "db">, storeCode: string, now: Date): Promise<PromotionRecord[]> {
  const at = now.toISOString();
  return (await loadPromotions(ctx)).filter(
    (p) => p.storeCodes.includes(storeCode) && p.validFrom <= at && at < p.validTo,
  );
}
