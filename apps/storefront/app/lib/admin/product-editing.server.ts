import {
  type Actor,
  addProductSize,
  type Ctx,
  type DomainFailure,
  type EditFailureReason,
  linkColourSibling,
  type ProductEditResult,
  removeProductSize,
  unlinkColourSibling,
} from "@vitrine/commerce";
import { invalidForm, refused } from "../refusal.server.ts";

/**
 * The product editor's colour-sibling and size forms (routes/admin/product.tsx hands them these intents): each is
 * its own small form beside the editor's main form, answered with the section it belongs to, so a refusal shows
 * next to the field that caused it.
 */

export const PRODUCT_EDITING_INTENTS = ["colour-link", "colour-unlink", "size-add", "size-remove"] as const;
export type ProductEditingIntent = (typeof PRODUCT_EDITING_INTENTS)[number];

export type ProductEditingAnswer =
  | { section: "colours" | "sizes"; intent: ProductEditingIntent; ok: true; size?: string }
  | {
      section: "colours" | "sizes";
      intent: ProductEditingIntent;
      ok?: undefined;
      reason: EditFailureReason | "invalid";
      detail: string;
      values?: Record<string, string>;
    };

export function isProductEditingIntent(intent: string): intent is ProductEditingIntent {
  return (PRODUCT_EDITING_INTENTS as readonly string[]).includes(intent);
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function answer(
  intent: ProductEditingIntent,
  result: ProductEditResult,
  values?: Record<string, string>,
  size?: string,
) {
  const section = intent.startsWith("colour") ? ("colours" as const) : ("sizes" as const);
  if (result.ok) return { section, intent, ok: true as const, ...(size ? { size } : {}) };
  return refused<ProductEditingAnswer>(
    { section, intent, reason: result.reason, detail: result.detail, ...(values ? { values } : {}) },
    result as DomainFailure,
  );
}

export async function productEditingAction(
  ctx: Ctx,
  actor: Actor,
  id: number,
  intent: ProductEditingIntent,
  form: FormData,
) {
  if (intent === "colour-link") {
    const target = field(form, "sibling").slice(0, 80);
    return answer(intent, await linkColourSibling(ctx, actor, id, target), { sibling: target });
  }
  if (intent === "colour-unlink") return answer(intent, await unlinkColourSibling(ctx, actor, id));
  if (intent === "size-add") {
    const values = {
      size: field(form, "size").slice(0, 40),
      ean: field(form, "ean").slice(0, 40),
      stock: field(form, "stock").slice(0, 20),
    };
    return answer(intent, await addProductSize(ctx, actor, id, values), values, values.size.trim());
  }
  const variant = field(form, "variant");
  if (!/^\d{1,9}$/.test(variant)) {
    return refused<ProductEditingAnswer>(
      { section: "sizes", intent, reason: "invalid", detail: "" },
      invalidForm(intent),
    );
  }
  const size = field(form, "size").slice(0, 40);
  return answer(intent, await removeProductSize(ctx, actor, id, Number(variant)), undefined, size);
}
