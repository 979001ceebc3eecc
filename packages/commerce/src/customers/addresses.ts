import { type Ctx, withTransaction } from "../context.ts";
import { flag, isRowId } from "../util.ts";
import { type AccountIssue, type AddressInput, addressSchema, parseAccountInput } from "./validation.ts";

/**
 * A customer's addresses (specification section 3, Address): list, add, edit, delete, default. Every query is
 * scoped to the customer: an address id of another customer is simply not found.
 */
export interface Address {
  id: number;
  firstName: string;
  lastName: string;
  street: string;
  /** Second address line ("Adresszusatz"); empty when none. */
  addressLine2: string;
  zipCode: string;
  city: string;
  countryCode: string;
  isDefault: boolean;
}

/** Enough for home, work, parents and a few pick-up places; keeps the list (and abuse) bounded. */
export const MAX_ADDRESSES = 20;

export type AddressResult =
  | { ok: true; address: Address }
  | { ok: false; error: "invalid"; issues: AccountIssue[] }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "limit"; limit: number };

type AddressRow = {
  id: number;
  first_name: string;
  last_name: string;
  street: string;
  address_line2: string;
  zip_code: string;
  city: string;
  country_code: string;
  is_default: number;
};

function toAddress(row: AddressRow): Address {
  return {
    id: Number(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    street: row.street,
    addressLine2: row.address_line2,
    zipCode: row.zip_code,
    city: row.city,
    countryCode: row.country_code,
    isDefault: row.is_default === 1,
  };
}

const COLUMNS = [
  "id",
  "first_name",
  "last_name",
  "street",
  "address_line2",
  "zip_code",
  "city",
  "country_code",
  "is_default",
] as const;

/** The default address first, then in the order they were added. */
export async function listAddresses(ctx: Ctx, customerId: string): Promise<Address[]> {
  const rows = await ctx.db
    .selectFrom("customer_address")
    .select(COLUMNS)
    .where("customer_id", "=", customerId)
    .orderBy("is_default", "desc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toAddress);
}

export async function getAddress(ctx: Ctx, customerId: string, addressId: number): Promise<Address | null> {
  if (!isRowId(addressId)) return null;
  const row = await ctx.db
    .selectFrom("customer_address")
    .select(COLUMNS)
    .where("customer_id", "=", customerId)
    .where("id", "=", addressId)
    .executeTakeFirst();
  return row ? toAddress(row) : null;
}

/** Adds an address; the first one (or one marked `isDefault`) becomes the default. */
export async function addAddress(ctx: Ctx, customerId: string, input: unknown): Promise<AddressResult> {
  const parsed = parseAccountInput(addressSchema, input);
  if (!parsed.ok) return { ok: false, error: "invalid", issues: parsed.issues };
  const now = ctx.clock.now().toISOString();
  // In the caller's transaction when there is one (the checkout saves the address with the order).
  const id = await withTransaction(ctx, async ({ db: trx }) => {
    const count = await trx
      .selectFrom("customer_address")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("customer_id", "=", customerId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_ADDRESSES) return null;
    const makeDefault = parsed.value.isDefault === true || Number(count.n) === 0;
    if (makeDefault) await clearDefault(trx, customerId, now);
    const row = await trx
      .insertInto("customer_address")
      .values({
        customer_id: customerId,
        ...columnsOf(parsed.value),
        is_default: flag(makeDefault),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  if (id === null) return { ok: false, error: "limit", limit: MAX_ADDRESSES };
  return { ok: true, address: (await getAddress(ctx, customerId, id)) as Address };
}

/** Replaces an address's fields; `isDefault: true` also makes it the default (false leaves the default alone). */
export async function updateAddress(
  ctx: Ctx,
  customerId: string,
  addressId: number,
  input: unknown,
): Promise<AddressResult> {
  const parsed = parseAccountInput(addressSchema, input);
  if (!parsed.ok) return { ok: false, error: "invalid", issues: parsed.issues };
  if (!(await getAddress(ctx, customerId, addressId))) return { ok: false, error: "not_found" };
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (parsed.value.isDefault === true) await clearDefault(trx, customerId, now);
    await trx
      .updateTable("customer_address")
      .set({
        ...columnsOf(parsed.value),
        ...(parsed.value.isDefault === true ? { is_default: 1 } : {}),
        updated_at: now,
      })
      .where("customer_id", "=", customerId)
      .where("id", "=", addressId)
      .execute();
  });
  return { ok: true, address: (await getAddress(ctx, customerId, addressId)) as Address };
}

/** Deletes an address; when it was the default, the oldest remaining address becomes the default. */
export async function deleteAddress(
  ctx: Ctx,
  customerId: string,
  addressId: number,
): Promise<{ ok: true } | { ok: false; error: "not_found" }> {
  const address = await getAddress(ctx, customerId, addressId);
  if (!address) return { ok: false, error: "not_found" };
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("customer_address")
      .where("customer_id", "=", customerId)
      .where("id", "=", addressId)
      .execute();
    if (!address.isDefault) return;
    const next = await trx
      .selectFrom("customer_address")
      .select("id")
      .where("customer_id", "=", customerId)
      .orderBy("id", "asc")
      .executeTakeFirst();
    if (next) {
      await trx
        .updateTable("customer_address")
        .set({ is_default: 1, updated_at: now })
        .where("id", "=", next.id)
        .execute();
    }
  });
  return { ok: true };
}

export async function setDefaultAddress(ctx: Ctx, customerId: string, addressId: number): Promise<AddressResult> {
  if (!(await getAddress(ctx, customerId, addressId))) return { ok: false, error: "not_found" };
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await clearDefault(trx, customerId, now);
    await trx
      .updateTable("customer_address")
      .set({ is_default: 1, updated_at: now })
      .where("customer_id", "=", customerId)
      .where("id", "=", addressId)
      .execute();
  });
  return { ok: true, address: (await getAddress(ctx, customerId, addressId)) as Address };
}

export async function getDefaultAddress(ctx: Ctx, customerId: string): Promise<Address | null> {
  const [first] = await listAddresses(ctx, customerId);
  return first?.isDefault ? first : null;
}

function columnsOf(input: AddressInput) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    street: input.street,
    address_line2: input.addressLine2 ?? "",
    zip_code: input.zipCode,
    city: input.city,
    country_code: input.countryCode,
  };
}

async function clearDefault(trx: Ctx["db"], customerId: string, now: string): Promise<void> {
  await trx
    .updateTable("customer_address")
    .set({ is_default: 0, updated_at: now })
    .where("customer_id", "=", customerId)
    .where("is_default", "=", 1)
    .execute();
}
