import { type BasketVariant, type ExistingItemHandling, MAX_BASKET_ITEMS, MAX_ITEM_QUANTITY } from "./types.ts";

/**
 * The add rules of the basket (specification sections 3, 4 and 8), pure so every case is tested on its own:
 * existing-item handling, stock, the per-item maximum and the number of lines.
 */

export interface AddDecisionInput {
  /** The line of the same variant and item group already in the basket. */
  existing: { quantity: number } | undefined;
  /** Units of the same variant on other lines (other item groups): they use the same stock. */
  otherUnitsOfVariant: number;
  /** Distinct lines in the basket now. */
  lineCount: number;
  quantity: number;
  handling: ExistingItemHandling;
  variant: Pick<BasketVariant, "stock" | "isSellable">;
}

export type AddDecision =
  | { kind: "insert" | "update" | "replace"; quantity: number; reduced: boolean }
  | { kind: "keep"; quantity: number; reduced: false }
  | { kind: "error"; error: "OutOfStock" | "MaxBasketItems" };

/** Units of a variant a basket may still hold: all while sold without stock, else its stock. */
export function stockLimit(variant: Pick<BasketVariant, "stock">, otherUnits: number): number {
  if (variant.stock.isSellableWithoutStock) return Number.POSITIVE_INFINITY;
  return Math.max(0, variant.stock.quantity - otherUnits);
}

export function decideAdd(input: AddDecisionInput): AddDecision {
  const { existing, handling, variant } = input;
  if (handling === "KeepExisting" && existing) return { kind: "keep", quantity: existing.quantity, reduced: false };
  const available = stockLimit(variant, input.otherUnitsOfVariant);
  if (!variant.isSellable || available <= 0) return { kind: "error", error: "OutOfStock" };
  if (!existing && input.lineCount >= MAX_BASKET_ITEMS) return { kind: "error", error: "MaxBasketItems" };
  const combines = handling === "AddQuantityToExisting" || handling === "ReplaceExistingWithCombinedQuantity";
  const base = existing && combines ? existing.quantity : 0;
  const desired = base + input.quantity;
  const limit = Math.min(MAX_ITEM_QUANTITY, available);
  if (limit <= base) {
    // Nothing more fits on the line: the per-item maximum (413) or the stock (412) is reached.
    return { kind: "error", error: available > base ? "MaxBasketItems" : "OutOfStock" };
  }
  const quantity = Math.min(desired, limit);
  const kind = !existing ? "insert" : handling === "AddQuantityToExisting" ? "update" : "replace";
  return { kind, quantity, reduced: quantity < desired };
}

/** The quantity an update may set: capped by stock and the per-item maximum; 0 when nothing is left. */
export function allowedQuantity(
  variant: Pick<BasketVariant, "stock" | "isSellable">,
  requested: number,
  otherUnitsOfVariant: number,
): { quantity: number; reduced: boolean } {
  const limit = variant.isSellable ? Math.min(MAX_ITEM_QUANTITY, stockLimit(variant, otherUnitsOfVariant)) : 0;
  const quantity = Math.max(0, Math.min(requested, limit));
  return { quantity, reduced: quantity < requested };
}
