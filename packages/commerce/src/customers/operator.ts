import { stringify } from "csv-stringify/sync";
import type { Ctx } from "../context.ts";
import type { Language } from "../shop/shops.ts";
import { type Address, listAddresses } from "./addresses.ts";
import { type Customer, loadCustomer } from "./customers.ts";
import { creditLoyaltyPoints, type FashionCard, getFashionCard } from "./loyalty.ts";
import {
  listNewsletterSubscriptions,
  listSubscriptionCancellations,
  type NewsletterSubscription,
  type SubscriptionCancellation,
} from "./subscriptions.ts";

/**
 * The customers module for the operator (back office, `vitrine customers …`): search, a customer's own data,
 * manual loyalty points, the newsletter list, and the customer part of a GDPR erasure. Auditing and the orders'
 * part happen in backoffice/customers.ts, in the same transaction.
 */

export interface CustomerSearchRow {
  id: string;
  customerNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  isGuest: boolean;
  erased: boolean;
  createdAt: string;
}

/** A customer number is 10 digits starting with 4 (customers.ts). */
const CUSTOMER_NUMBER = /^4\d{9}$/;

/**
 * Customers by customer number, e-mail (or its start) or name (starts of first and/or last name, any case);
 * guests too. At most `limit` (default 50), by last name.
 */
export async function searchCustomers(
  ctx: Pick<Ctx, "db">,
  search: string,
  options: { limit?: number } = {},
): Promise<CustomerSearchRow[]> {
  const text = search.trim().toLowerCase();
  if (text === "") return [];
  const limit = Math.min(200, Math.max(1, options.limit ?? 50));
  const words = text.split(/\s+/);
  const like = (w: string) => `${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .selectFrom("customer")
    .innerJoin("auth_user", "auth_user.id", "customer.id")
    .select([
      "customer.id",
      "customer.reference_key",
      "customer.first_name",
      "customer.last_name",
      "customer.is_guest",
      "customer.erased_at",
      "customer.created_at",
      "auth_user.email",
    ])
    .where((eb) => {
      if (CUSTOMER_NUMBER.test(text)) return eb("customer.reference_key", "=", text);
      if (text.includes("@")) {
        return eb.and([eb("auth_user.email", ">=", text), eb("auth_user.email", "<", `${text}\uffff`)]);
      }
      const first = eb.fn<string>("lower", ["customer.first_name"]);
      const last = eb.fn<string>("lower", ["customer.last_name"]);
      if (words.length === 1) {
        const w = like(words[0] as string);
        return eb.or([eb(last, "like", w), eb(first, "like", w)]);
      }
      const [a, ...rest] = words as [string, ...string[]];
      const b = rest.join(" ");
      return eb.or([
        eb.and([eb(first, "like", like(a)), eb(last, "like", like(b))]),
        eb.and([eb(last, "like", like(a)), eb(first, "like", like(b))]),
      ]);
    })
    .orderBy("customer.last_name")
    .orderBy("customer.first_name")
    .orderBy("customer.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    customerNumber: r.reference_key,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    isGuest: r.is_guest === 1,
    erased: r.erased_at !== null,
    createdAt: r.created_at,
  }));
}

/** A customer's id by id or customer number. */
export async function findCustomerId(ctx: Pick<Ctx, "db">, idOrNumber: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom("customer")
    .select("id")
    .where((eb) => eb.or([eb("id", "=", idOrNumber), eb("reference_key", "=", idOrNumber)]))
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface CustomerRecord {
  customer: Customer;
  createdAt: string;
  erasedAt: string | null;
  addresses: Address[];
  fashionCard: FashionCard | null;
  newsletter: NewsletterSubscription[];
  cancellations: SubscriptionCancellation[];
}

/** What the customers module holds about one customer. */
export async function getCustomerRecord(ctx: Ctx, customerId: string): Promise<CustomerRecord | null> {
  const customer = await loadCustomer(ctx, customerId);
  if (!customer) return null;
  const row = await ctx.db
    .selectFrom("customer")
    .select(["created_at", "erased_at"])
    .where("id", "=", customerId)
    .executeTakeFirstOrThrow();
  const [addresses, fashionCard, newsletter, cancellations] = await Promise.all([
    listAddresses(ctx, customerId),
    getFashionCard(ctx, customerId),
    listNewsletterSubscriptions(ctx, customerId),
    listSubscriptionCancellations(ctx, customerId),
  ]);
  return {
    customer,
    createdAt: row.created_at,
    erasedAt: row.erased_at,
    addresses,
    fashionCard,
    newsletter,
    cancellations,
  };
}

export type PointsAdjustment =
  | { ok: true; before: number; after: number }
  | { ok: false; error: "NotFound"; detail: string }
  | { ok: false; error: "InvalidInput"; detail: string };

/** Adds or takes back points by hand (a complaint, a lost receipt): never below zero. */
export async function adjustLoyaltyPoints(ctx: Ctx, customerId: string, points: number): Promise<PointsAdjustment> {
  if (!Number.isSafeInteger(points) || points === 0 || Math.abs(points) > 1_000_000) {
    return { ok: false, error: "InvalidInput", detail: "Points: a whole number other than 0" };
  }
  const card = await getFashionCard(ctx, customerId);
  if (!card) return { ok: false, error: "NotFound", detail: "The customer has no fashion card" };
  const updated = await creditLoyaltyPoints(ctx, customerId, points);
  return {
    ok: true,
    before: card.loyalty.points.balance,
    after: updated?.loyalty.points.balance ?? card.loyalty.points.balance,
  };
}

/** The address an erased customer's records carry instead of theirs (unique, never deliverable). */
export function erasedEmail(customerId: string): string {
  return `erased-${customerId.toLowerCase().replace(/[^a-z0-9]/g, "")}@erased.invalid`;
}

/**
 * The customers module's part of an erasure: the profile is emptied (name, phone, birth date; the e-mail replaced
 * by `erasedEmail`), addresses, fashion card, newsletter subscriptions and cancellation comments, sessions and
 * sign-in credentials deleted — the customer can no longer sign in. The row stays (orders name it). Returns the
 * former e-mail, or null when there is no such customer or it was erased before.
 */
export async function eraseCustomerProfile(ctx: Ctx, customerId: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom("customer")
    .innerJoin("auth_user", "auth_user.id", "customer.id")
    .select(["auth_user.email", "customer.erased_at"])
    .where("customer.id", "=", customerId)
    .executeTakeFirst();
  if (!row || row.erased_at !== null) return null;
  const at = ctx.clock.now().toISOString();
  await ctx.db
    .updateTable("customer")
    .set({ first_name: "", last_name: "", phone: null, birth_date: null, erased_at: at, updated_at: at })
    .where("id", "=", customerId)
    .execute();
  await ctx.db
    .updateTable("auth_user")
    .set({ email: erasedEmail(customerId), name: "", image: null, updated_at: at })
    .where("id", "=", customerId)
    .execute();
  await ctx.db.deleteFrom("auth_session").where("user_id", "=", customerId).execute();
  await ctx.db.deleteFrom("auth_account").where("user_id", "=", customerId).execute();
  await ctx.db
    .deleteFrom("auth_verification")
    .where((eb) => eb.or([eb("value", "=", customerId), eb("identifier", "=", row.email)]))
    .execute();
  await ctx.db.deleteFrom("customer_address").where("customer_id", "=", customerId).execute();
  await ctx.db.deleteFrom("loyalty_card").where("customer_id", "=", customerId).execute();
  await ctx.db.deleteFrom("newsletter_subscription").where("customer_id", "=", customerId).execute();
  await ctx.db.deleteFrom("subscription_cancellation").where("customer_id", "=", customerId).execute();
  return row.email;
}

/**
 * Newsletter subscribers of one language (a store's language: de for de/at/ch, fr for fr-ch, en for en) as CSV,
 * header first, oldest subscription first. Erased customers have no subscription any more.
 */
export async function* newsletterSubscribersCsv(ctx: Pick<Ctx, "db">, language: Language): AsyncGenerator<string> {
  yield stringify([["email", "first_name", "last_name", "language", "subscribed_at", "customer_number"]]);
  let after = "";
  let afterId = "";
  for (;;) {
    const rows = await ctx.db
      .selectFrom("newsletter_subscription as n")
      .innerJoin("customer as c", "c.id", "n.customer_id")
      .innerJoin("auth_user as u", "u.id", "n.customer_id")
      .select(["n.subscribed_at", "n.customer_id", "u.email", "c.first_name", "c.last_name", "c.reference_key"])
      .where("n.language", "=", language)
      .where((eb) =>
        eb.or([
          eb("n.subscribed_at", ">", after),
          eb.and([eb("n.subscribed_at", "=", after), eb("n.customer_id", ">", afterId)]),
        ]),
      )
      .orderBy("n.subscribed_at")
      .orderBy("n.customer_id")
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    yield stringify(
      rows.map((r) =>
        [r.email, r.first_name, r.last_name, language, r.subscribed_at, r.reference_key].map((v) =>
          /^[=+\-@\t\r]/.test(v) ? `'${v}` : v,
        ),
      ),
    );
    const last = rows.at(-1) as (typeof rows)[number];
    after = last.subscribed_at;
    afterId = last.customer_id;
  }
}
