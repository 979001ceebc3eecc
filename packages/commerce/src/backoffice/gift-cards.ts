import { type Actor, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import {
  blockGiftCard,
  type GiftCardDetails,
  type GiftCardIssue,
  type IssueGiftCardResult,
  issueGiftCard,
  lookupGiftCard,
  maskGiftCardCode,
} from "../payments/gift-cards.ts";

/**
 * Gift cards for the operator: issue, look up, block — each change audited in its transaction. The audit log
 * keeps only the masked code (a full code is money).
 */

export function issueGiftCardAs(ctx: Ctx, actor: Actor, input: GiftCardIssue): Promise<IssueGiftCardResult> {
  return withTransaction(ctx, async (tx) => {
    const result = await issueGiftCard(tx, input, tx.clock.now());
    if (result.ok) {
      await recordAudit(tx, actor, {
        action: "gift_card.issue",
        subjectType: "gift_card",
        subjectId: maskGiftCardCode(result.card.code),
        after: { amount: result.card.balance, currency: result.card.currency, expiresAt: result.card.expiresAt },
      });
    }
    return result;
  });
}

export function findGiftCardForOperator(ctx: Pick<Ctx, "db">, code: string): Promise<GiftCardDetails | null> {
  return lookupGiftCard(ctx, code);
}

export type BlockGiftCardResult =
  | { ok: true; card: GiftCardDetails; changed: boolean }
  | { ok: false; error: "NotFound"; detail: string }
  | { ok: false; error: "InvalidInput"; detail: string };

/** Blocks a card with a reason; blocking a blocked card again changes nothing. */
export function blockGiftCardAs(ctx: Ctx, actor: Actor, code: string, reason: string): Promise<BlockGiftCardResult> {
  const why = reason.trim();
  if (why === "") return Promise.resolve({ ok: false, error: "InvalidInput", detail: "Blocking needs a reason" });
  return withTransaction(ctx, async (tx): Promise<BlockGiftCardResult> => {
    const card = await lookupGiftCard(tx, code);
    if (!card) return { ok: false, error: "NotFound", detail: "No such gift card" };
    const changed = await blockGiftCard(tx, card.code, why, tx.clock.now());
    if (changed) {
      await recordAudit(tx, actor, {
        action: "gift_card.block",
        subjectType: "gift_card",
        subjectId: maskGiftCardCode(card.code),
        before: { blocked: false, balance: card.balance },
        after: { blocked: true, balance: card.balance },
        note: why.slice(0, 200),
      });
    }
    return { ok: true, card: (await lookupGiftCard(tx, card.code)) as GiftCardDetails, changed };
  });
}
