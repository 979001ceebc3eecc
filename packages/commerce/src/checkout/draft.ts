import { z } from "zod";
import { ownerOf } from "../basket/service.ts";
import type { Shopper } from "../basket/types.ts";
import type { Ctx } from "../context.ts";
import {
  type AccountIssue,
  type AddressCountry,
  addressSchema,
  emailSchema,
  parseAccountInput,
  profileSchema,
} from "../customers/validation.ts";
import { parseJson } from "../json.ts";
import type { PaymentMethodId } from "../payments/methods.ts";
import type { DeliveryMethodId } from "../shop/delivery.ts";

/**
 * What a shopper has entered in checkout so far (contact, addresses, delivery, payment, gift card), kept on the
 * server per shopper and store: the steps are plain forms, so they work without JavaScript and survive a reload.
 */

export interface CheckoutAddress {
  firstName: string;
  lastName: string;
  street: string;
  /** Second address line (c/o, Packstation customer number); empty when none. Drafts of before may lack it. */
  addressLine2?: string;
  zipCode: string;
  city: string;
  countryCode: AddressCountry;
}

export interface CheckoutDraft {
  /** A guest's e-mail (a signed-in customer's comes from the account). */
  email?: string;
  phone?: string | null;
  shippingAddress?: CheckoutAddress;
  /** null or absent: the billing address is the shipping address. */
  billingAddress?: CheckoutAddress | null;
  /** A signed-in customer's new shipping address goes into the address book with the order (absent: yes). */
  saveShippingAddress?: boolean;
  deliveryMethod?: DeliveryMethodId;
  paymentMethod?: PaymentMethodId;
  giftCardCode?: string | null;
}

export type CheckoutIssue = AccountIssue;
export type FieldResult<T> = { ok: true; value: T } | { ok: false; issues: CheckoutIssue[] };

const prefixed = (prefix: string, issues: CheckoutIssue[]) =>
  issues.map((i) => ({ ...i, field: `${prefix}.${i.field}` }));

/** An address for checkout: the accounts module's rules (names, street, postcode digits per country). */
export function parseCheckoutAddress(input: unknown, prefix: string): FieldResult<CheckoutAddress> {
  const source = (input ?? {}) as Record<string, unknown>;
  const parsed = parseAccountInput(addressSchema, {
    firstName: source.firstName ?? "",
    lastName: source.lastName ?? "",
    street: source.street ?? "",
    addressLine2: source.addressLine2 ?? "",
    zipCode: source.zipCode ?? "",
    city: source.city ?? "",
    countryCode: source.countryCode ?? "",
  });
  if (!parsed.ok) return { ok: false, issues: prefixed(prefix, parsed.issues) };
  const { isDefault: _, ...address } = parsed.value;
  return { ok: true, value: address };
}

const contactSchema = z.strictObject({
  email: emailSchema,
  phone: profileSchema(new Date()).shape.phone,
});

export function parseContact(input: {
  email?: unknown;
  phone?: unknown;
}): FieldResult<{ email: string; phone: string | null }> {
  const parsed = parseAccountInput(contactSchema, { email: input.email ?? "", phone: input.phone ?? null });
  if (!parsed.ok) return parsed;
  return { ok: true, value: { email: parsed.value.email, phone: parsed.value.phone ?? null } };
}

export async function readDraft(ctx: Pick<Ctx, "db">, storeCode: string, shopper: Shopper): Promise<CheckoutDraft> {
  const { db } = ctx;
  const owner = ownerOf(shopper);
  const row = await db
    .selectFrom("checkout_session")
    .select("draft")
    .where("store_code", "=", storeCode)
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id)
    .executeTakeFirst();
  return parseJson<CheckoutDraft>(row?.draft, {});
}

/** Merges `patch` into the stored draft (keys set to undefined are removed). */
export async function writeDraft(
  ctx: Pick<Ctx, "db">,
  storeCode: string,
  shopper: Shopper,
  patch: Partial<CheckoutDraft>,
  now: Date,
): Promise<CheckoutDraft> {
  const { db } = ctx;
  const owner = ownerOf(shopper);
  const current = await readDraft(ctx, storeCode, shopper);
  const next: CheckoutDraft = { ...current, ...patch };
  for (const key of Object.keys(next) as (keyof CheckoutDraft)[]) if (next[key] === undefined) delete next[key];
  const at = now.toISOString();
  const draft = JSON.stringify(next);
  await db
    .insertInto("checkout_session")
    .values({
      store_code: storeCode,
      owner_kind: owner.kind,
      owner_id: owner.id,
      draft,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(["store_code", "owner_kind", "owner_id"]).doUpdateSet({ draft, updated_at: at }))
    .execute();
  return next;
}

export async function deleteDraft(ctx: Pick<Ctx, "db">, storeCode: string, shopper: Shopper): Promise<void> {
  const { db } = ctx;
  const owner = ownerOf(shopper);
  await db
    .deleteFrom("checkout_session")
    .where("store_code", "=", storeCode)
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id)
    .execute();
}

/** Retention: deletes the checkout drafts of guests untouched since `before` (their basket is gone too). */
export async function pruneGuestDrafts(ctx: Pick<Ctx, "db">, before: Date): Promise<number> {
  const result = await ctx.db
    .deleteFrom("checkout_session")
    .where("owner_kind", "=", "browser")
    .where("updated_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
