import { randomInt } from "node:crypto";
import { type Ctx, withTransaction } from "../context.ts";
import { publishEvent } from "../events/publish.ts";
import type { AccountAuth } from "./auth.ts";
import {
  type AccountIssue,
  emailSchema,
  NAME_MAX,
  type ProfileInput,
  parseAccountInput,
  profileSchema,
} from "./validation.ts";

/** Customer services that create users or sessions also need the authentication instance. */
export interface AccountContext extends Ctx {
  auth: AccountAuth;
}

/** Group of a customer without an order yet (specification section 3). */
export const NEW_CUSTOMER_GROUP = "new";
export const LOYALTY_GROUPS = ["Basic_Card", "Temporary_Card", "VIP_Card"] as const;
export type LoyaltyGroup = (typeof LOYALTY_GROUPS)[number];

/** The user of the specification (section 3). */
export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** `yyyy-mm-dd`. */
  birthDate: string | null;
  groups: string[];
  referenceKey: string;
  loyaltyCards: { number: string }[];
  status: { isGuestCustomer: boolean };
}

export type CustomerType = "guest" | "new" | "existing";

/** Derived customer type: guest when not signed in, new with group `new`, otherwise existing. */
export function customerType(customer: Pick<Customer, "groups"> | null | undefined): CustomerType {
  if (!customer) return "guest";
  return customer.groups.includes(NEW_CUSTOMER_GROUP) ? "new" : "existing";
}

/** Groups are derived: `new` until the first order, plus the tier of the loyalty card. */
function groupsOf(firstOrderAt: string | null, cardTier: string | null): string[] {
  const groups: string[] = [];
  if (!firstOrderAt) groups.push(NEW_CUSTOMER_GROUP);
  if (cardTier) groups.push(cardTier);
  return groups;
}

export async function loadCustomer(ctx: Ctx, customerId: string): Promise<Customer | null> {
  const row = await ctx.db
    .selectFrom("customer")
    .innerJoin("auth_user", "auth_user.id", "customer.id")
    .leftJoin("loyalty_card", "loyalty_card.customer_id", "customer.id")
    .select([
      "customer.id",
      "customer.first_name",
      "customer.last_name",
      "customer.phone",
      "customer.birth_date",
      "customer.reference_key",
      "customer.is_guest",
      "customer.first_order_at",
      "auth_user.email",
      "loyalty_card.number as card_number",
      "loyalty_card.tier as card_tier",
    ])
    .where("customer.id", "=", customerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    birthDate: row.birth_date,
    groups: groupsOf(row.first_order_at, row.card_tier),
    referenceKey: row.reference_key,
    loyaltyCards: row.card_number ? [{ number: row.card_number }] : [],
    status: { isGuestCustomer: row.is_guest === 1 },
  };
}

/** A random number of `length` digits with the given leading digit (customer numbers, card numbers). */
export function randomDigits(length: number, lead: string): string {
  let digits = lead;
  while (digits.length < length) digits += String(randomInt(10));
  return digits;
}

/** Customer numbers: 10 digits starting with 4, unique. */
const REFERENCE_KEY_LENGTH = 10;

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { code?: string; message?: string })?.code ?? "") + String((error as Error)?.message);
  return /23505|UNIQUE|unique constraint/i.test(text);
}

/** Inserts with a fresh random key, retrying on the (rare) collision. */
export async function insertWithUniqueKey<T>(makeKey: () => string, insert: (key: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert(makeKey());
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Makes sure the user has a customer profile (sign-up creates one; a user created any other way gets one on
 * first use). Existing profiles are left as they are.
 */
export async function ensureCustomerProfile(
  ctx: Ctx,
  userId: string,
  profile: { firstName?: string; lastName?: string; isGuest?: boolean } = {},
): Promise<void> {
  const exists = await ctx.db.selectFrom("customer").select("id").where("id", "=", userId).executeTakeFirst();
  if (exists) return;
  const now = ctx.clock.now().toISOString();
  await insertWithUniqueKey(
    () => randomDigits(REFERENCE_KEY_LENGTH, "4"),
    (referenceKey) =>
      withTransaction(ctx, async (tx) => {
        const inserted = await tx.db
          .insertInto("customer")
          .values({
            id: userId,
            reference_key: referenceKey,
            first_name: (profile.firstName ?? "").slice(0, NAME_MAX),
            last_name: (profile.lastName ?? "").slice(0, NAME_MAX),
            phone: null,
            birth_date: null,
            is_guest: profile.isGuest ? 1 : 0,
            first_order_at: null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (inserted && !profile.isGuest) await publishCustomerRegistered(tx, userId);
      }),
  );
}

/** A guest customer has no account: only an account with a password is a registration. */
function publishCustomerRegistered(ctx: Pick<Ctx, "db" | "clock">, customerId: string): Promise<void> {
  return publishEvent(ctx, { type: "customer.registered", entity: "customer", entityId: customerId });
}

export type ProfileUpdateResult =
  | { ok: true; customer: Customer }
  | { ok: false; error: "invalid"; issues: AccountIssue[] };

/**
 * Updates the profile (first and last name, phone, birth date). Fields left out keep their value; an empty
 * phone or birth date clears it.
 */
export async function updateCustomerProfile(
  ctx: AccountContext,
  customerId: string,
  input: Partial<Record<keyof ProfileInput, unknown>>,
): Promise<ProfileUpdateResult> {
  const current = await loadCustomer(ctx, customerId);
  if (!current) throw new Error(`updateCustomerProfile: no customer ${customerId}`);
  const merged = {
    firstName: current.firstName,
    lastName: current.lastName,
    phone: current.phone,
    birthDate: current.birthDate,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  };
  const parsed = parseAccountInput(profileSchema(ctx.clock.now()), merged);
  if (!parsed.ok) return { ok: false, error: "invalid", issues: parsed.issues };
  const { firstName, lastName, phone, birthDate } = parsed.value;
  await ctx.db
    .updateTable("customer")
    .set({
      first_name: firstName,
      last_name: lastName,
      phone: phone ?? null,
      birth_date: birthDate ?? null,
      updated_at: ctx.clock.now().toISOString(),
    })
    .where("id", "=", customerId)
    .execute();
  // better-auth keeps a display name on its user: keep it in step.
  const auth = await ctx.auth.$context;
  await auth.internalAdapter.updateUser(customerId, { name: `${firstName} ${lastName}` });
  return { ok: true, customer: (await loadCustomer(ctx, customerId)) as Customer };
}

/**
 * Records that the customer placed an order: from now on they are no longer in group `new` (an existing
 * customer), and a temporary loyalty card becomes a basic card. Returns true for the first order.
 * The checkout calls this when it places an order for a signed-in or guest customer.
 */
export async function markCustomerOrdered(ctx: Ctx, customerId: string): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  const result = await ctx.db
    .updateTable("customer")
    .set({ first_order_at: now, updated_at: now })
    .where("id", "=", customerId)
    .where("first_order_at", "is", null)
    .executeTakeFirst();
  await ctx.db
    .updateTable("loyalty_card")
    .set({ tier: "Basic_Card", updated_at: now })
    .where("customer_id", "=", customerId)
    .where("tier", "=", "Temporary_Card")
    .execute();
  return Number(result.numUpdatedRows) > 0;
}

export interface GuestCustomerInput {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
}

export type GuestCustomerResult =
  | { ok: true; customer: Customer; created: boolean }
  | { ok: false; error: "email_registered" }
  | { ok: false; error: "invalid"; issues: AccountIssue[] };

/**
 * The customer a guest checkout's order belongs to: no password, `status.isGuestCustomer`. An address that already
 * belongs to a guest customer gets the order on that customer, as it is: whoever typed the address need not own
 * it, so a checkout never signs anyone in nor changes the profile (only the mail link of `requestGuestConversion`
 * proves the address). An address with a full account is refused: that shopper should sign in.
 */
export async function createGuestCustomer(
  ctx: AccountContext,
  input: GuestCustomerInput,
): Promise<GuestCustomerResult> {
  const email = parseAccountInput(emailSchema, input.email);
  if (!email.ok) return { ok: false, error: "invalid", issues: email.issues.map((i) => ({ ...i, field: "email" })) };
  const profile = parseAccountInput(
    profileSchema(ctx.clock.now()).pick({ firstName: true, lastName: true, phone: true }),
    {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
    },
  );
  if (!profile.ok) return { ok: false, error: "invalid", issues: profile.issues };
  const { firstName, lastName, phone } = profile.value;

  const auth = await ctx.auth.$context;
  const existing = await auth.internalAdapter.findUserByEmail(email.value);
  if (existing) {
    const row = await ctx.db
      .selectFrom("customer")
      .select("is_guest")
      .where("id", "=", existing.user.id)
      .executeTakeFirst();
    const hasPassword = (await auth.internalAdapter.findAccounts(existing.user.id)).some((a) => a.password);
    if (hasPassword || (row && row.is_guest !== 1)) return { ok: false, error: "email_registered" };
    await ensureCustomerProfile(ctx, existing.user.id, { firstName, lastName, isGuest: true });
    return { ok: true, customer: (await loadCustomer(ctx, existing.user.id)) as Customer, created: false };
  }

  const user = await auth.internalAdapter.createUser(
    { email: email.value, name: `${firstName} ${lastName}`, emailVerified: false },
    { method: "guest-checkout" },
  );
  await ensureCustomerProfile(ctx, user.id, { firstName, lastName, isGuest: true });
  if (phone) await ctx.db.updateTable("customer").set({ phone }).where("id", "=", user.id).execute();
  return { ok: true, customer: (await loadCustomer(ctx, user.id)) as Customer, created: true };
}

/** A guest customer who set a password (or reset one through the mail link) is a full account from now on. */
export async function markGuestCustomerRegistered(ctx: Pick<Ctx, "db" | "clock">, customerId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const updated = await tx.db
      .updateTable("customer")
      .set({ is_guest: 0, updated_at: tx.clock.now().toISOString() })
      .where("id", "=", customerId)
      .where("is_guest", "=", 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) await publishCustomerRegistered(tx, customerId);
  });
}
