import { type Actor, changedFields, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import { specErrorMap } from "../validation.ts";
import { type PromotionRecord, promotionRecordSchema } from "./records.ts";
import { loadPromotions, writePromotions } from "./store.ts";

/**
 * The operator's changes to promotions (back office /admin/promotions/, `vitrine promotions …`): create or change,
 * schedule, prioritise and end. Each change is checked against the promotion rules' schema, audited, and
 * published (`catalog.changed` of entity `promotion`, through `writePromotions`) in its transaction: every
 * process's search index and page cache follow within the feed's polling interval.
 */

export type PromotionStatus = "scheduled" | "running" | "ended";

/** Where a promotion stands at a moment (its stores aside). */
export function promotionStatus(promotion: Pick<PromotionRecord, "validFrom" | "validTo">, now: Date): PromotionStatus {
  const at = now.toISOString();
  if (at < promotion.validFrom) return "scheduled";
  return at < promotion.validTo ? "running" : "ended";
}

export type PromotionFailure = { ok: false; error: "InvalidInput" | "NotFound" | "Conflict"; detail: string };
export type PromotionResult = { ok: true; promotion: PromotionRecord; changed: boolean } | PromotionFailure;

export async function findPromotion(ctx: Pick<Ctx, "db">, id: string): Promise<PromotionRecord | undefined> {
  return (await loadPromotions(ctx)).find((p) => p.id === id);
}

const stateOf = (p: PromotionRecord): Record<string, unknown> => {
  const { id: _id, ...state } = p;
  return state;
};

/**
 * Creates a promotion (`mode: "create"`: an id in use is a conflict) or replaces one (`mode: "update"`: the id must
 * exist). Input is the promotion record as the rules take it; problems come back with the field that has them.
 */
export function savePromotion(
  ctx: Ctx,
  actor: Actor,
  input: unknown,
  mode: "create" | "update",
): Promise<PromotionResult> {
  const parsed = promotionRecordSchema.safeParse(input, { error: specErrorMap });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return Promise.resolve({
      ok: false,
      error: "InvalidInput",
      detail: `${issue?.path.join(".") || "promotion"}: ${issue?.message ?? "invalid"}`,
    });
  }
  const promotion = parsed.data;
  return withTransaction(ctx, async (tx): Promise<PromotionResult> => {
    const before = await findPromotion(tx, promotion.id);
    if (mode === "create" && before)
      return { ok: false, error: "Conflict", detail: `id: ${promotion.id} exists already` };
    if (mode === "update" && !before) return { ok: false, error: "NotFound", detail: `No promotion ${promotion.id}` };
    const diff = before ? changedFields(stateOf(before), stateOf(promotion)) : undefined;
    if (before && !diff) return { ok: true, promotion: before, changed: false };
    await writePromotions(tx, [promotion], tx.clock.now());
    await recordAudit(tx, actor, {
      action: before ? "promotion.update" : "promotion.create",
      subjectType: "promotion",
      subjectId: promotion.id,
      before: diff?.before ?? null,
      after: diff?.after ?? stateOf(promotion),
    });
    return { ok: true, promotion, changed: true };
  });
}

/** Changes only a promotion's priority (lower numbers win when several apply). */
export async function setPromotionPriority(
  ctx: Ctx,
  actor: Actor,
  id: string,
  priority: number,
): Promise<PromotionResult> {
  const current = await findPromotion(ctx, id);
  if (!current) return { ok: false, error: "NotFound", detail: `No promotion ${id}` };
  return savePromotion(ctx, actor, { ...current, priority }, "update");
}

/**
 * Ends a promotion now: it stops applying to baskets and showing in the shop. A scheduled one that never ran ends
 * before it starts (its period collapses to the moment before now). An ended one stays as it is.
 */
export function endPromotion(ctx: Ctx, actor: Actor, id: string): Promise<PromotionResult> {
  return withTransaction(ctx, async (tx): Promise<PromotionResult> => {
    const current = await findPromotion(tx, id);
    if (!current) return { ok: false, error: "NotFound", detail: `No promotion ${id}` };
    const now = tx.clock.now();
    if (promotionStatus(current, now) === "ended") return { ok: true, promotion: current, changed: false };
    const validTo = now.toISOString();
    const validFrom = current.validFrom < validTo ? current.validFrom : new Date(now.getTime() - 1000).toISOString();
    const ended: PromotionRecord = { ...current, validFrom, validTo };
    await writePromotions(tx, [ended], now);
    const diff = changedFields(stateOf(current), stateOf(ended));
    await recordAudit(tx, actor, {
      action: "promotion.end",
      subjectType: "promotion",
      subjectId: id,
      before: diff?.before ?? null,
      after: diff?.after ?? null,
    });
    return { ok: true, promotion: ended, changed: true };
  });
}
