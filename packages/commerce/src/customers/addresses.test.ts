import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalisePostcode } from "../shop/shipping-countries.ts";
import { signUp } from "./accounts.ts";
import {
  addAddress,
  deleteAddress,
  getAddress,
  getDefaultAddress,
  listAddresses,
  MAX_ADDRESSES,
  setDefaultAddress,
  updateAddress,
} from "./addresses.ts";
import { type AccountTestContext, createAccountTestContext, uniqueEmail } from "./test-context.ts";
import { postcodeIssue } from "./validation.ts";

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
let ctx: AccountTestContext;

beforeAll(async () => {
  ctx = await createAccountTestContext();
});
afterAll(async () => {
  await ctx?.destroy();
});

async function newCustomer(): Promise<string> {
  const result = await signUp(
    ctx,
    { headers: new Headers(), clientAddress: "192.0.2.1" },
    { email: uniqueEmail(), password: "Sommer-2026!", firstName: "Lena", lastName: "Berg" },
  );
  if (!result.ok) throw new Error("sign-up failed");
  return result.customer.id;
}

const berlin = {
  firstName: "Lena",
  lastName: "Berg",
  street: "Torstraße 1",
  zipCode: "10119",
  city: "Berlin",
  countryCode: "DE",
};
const wien = {
  firstName: "Lena",
  lastName: "Berg",
  street: "Ringstraße 5",
  zipCode: "1010",
  city: "Wien",
  countryCode: "AT",
};
const zuerich = {
  firstName: "Lena",
  lastName: "Berg",
  street: "Bahnhofstrasse 9",
  zipCode: "8001",
  city: "Zürich",
  countryCode: "CH",
};

describe(`postcode rules`, () => {
  it("DE has 5 digits, AT and CH 4 digits, GB the UK format", () => {
    const message = (country: string, zip: string) => postcodeIssue(country, zip)?.message;
    expect(postcodeIssue("DE", "10119")).toBeUndefined();
    expect(message("DE", "1011")).toBe("zip code must have 5 digits for DE.");
    expect(postcodeIssue("DE", "1011a")).toBeDefined();
    expect(postcodeIssue("AT", "1010")).toBeUndefined();
    expect(postcodeIssue("AT", "10100")).toEqual({
      code: "zip_code_digits",
      message: "zip code must have 4 digits for AT.",
      values: { digits: 4, country: "AT" },
    });
    expect(postcodeIssue("CH", "8001")).toBeUndefined();
    expect(message("CH", "800")).toBe("zip code must have 4 digits for CH.");
    for (const zip of ["SW1A 1AA", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT", "EC1A 1BB"]) {
      expect(postcodeIssue("GB", zip), zip).toBeUndefined();
    }
    expect(postcodeIssue("GB", "12345")).toMatchObject({ code: "zip_code_format", values: { example: "SW1A 1AA" } });
  });

  it("stores a UK postcode upper-cased with its one space", () => {
    expect(normalisePostcode("GB", " sw1a1aa ")).toBe("SW1A 1AA");
    expect(normalisePostcode("DE", " 10115 ")).toBe("10115");
  });
});

describe(`addresses (${dialectName})`, () => {
  it("keeps an optional second address line, and a UK address with its postcode rule", async () => {
    const customer = await newCustomer();
    const packstation = { ...berlin, street: "Packstation 123", addressLine2: "Postnummer 987654321" };
    const added = await addAddress(ctx, customer, packstation);
    expect(added).toMatchObject({ ok: true, address: { addressLine2: "Postnummer 987654321" } });
    expect((await addAddress(ctx, customer, wien)).ok && (await listAddresses(ctx, customer))[1]?.addressLine2).toBe(
      "",
    );
    const london = { ...berlin, city: "London", zipCode: "ec1a1bb", countryCode: "GB" };
    expect(await addAddress(ctx, customer, london)).toMatchObject({ ok: true, address: { zipCode: "EC1A 1BB" } });
    const refused = await addAddress(ctx, customer, { ...london, zipCode: "10115" });
    expect(refused).toMatchObject({
      ok: false,
      error: "invalid",
      issues: [{ field: "zipCode", code: "zip_code_format" }],
    });
    const long = await addAddress(ctx, customer, { ...berlin, addressLine2: "x".repeat(121) });
    expect(long).toMatchObject({ ok: false, error: "invalid", issues: [{ field: "addressLine2", code: "too_long" }] });
  });

  it("adds addresses; the first becomes the default", async () => {
    const customer = await newCustomer();
    const first = await addAddress(ctx, customer, berlin);
    const second = await addAddress(ctx, customer, wien);
    expect(first).toMatchObject({ ok: true, address: { ...berlin, isDefault: true } });
    expect(second).toMatchObject({ ok: true, address: { ...wien, isDefault: false } });
    const list = await listAddresses(ctx, customer);
    expect(list.map((a) => a.city)).toEqual(["Berlin", "Wien"]);
    expect((await getDefaultAddress(ctx, customer))?.city).toBe("Berlin");
  });

  it("rejects postcodes that do not fit the country, and unknown countries", async () => {
    const customer = await newCustomer();
    const wrong = await addAddress(ctx, customer, { ...berlin, zipCode: "1011" });
    expect(wrong).toMatchObject({
      ok: false,
      error: "invalid",
      issues: [{ field: "zipCode", code: "zip_code_digits", values: { digits: 5, country: "DE" } }],
    });
    expect(await addAddress(ctx, customer, { ...zuerich, zipCode: "80010" })).toMatchObject({ ok: false });
    expect(await addAddress(ctx, customer, { ...berlin, countryCode: "FR" })).toMatchObject({
      ok: false,
      issues: [{ field: "countryCode", code: "invalid_choice" }],
    });
    expect(await addAddress(ctx, customer, { ...berlin, street: " " })).toMatchObject({
      ok: false,
      issues: [{ field: "street", code: "required" }],
    });
    expect(await listAddresses(ctx, customer)).toEqual([]);
  });

  it("edits an address and moves the default", async () => {
    const customer = await newCustomer();
    const a = await addAddress(ctx, customer, berlin);
    const b = await addAddress(ctx, customer, zuerich);
    if (!a.ok || !b.ok) throw new Error("add failed");
    const edited = await updateAddress(ctx, customer, b.address.id, {
      ...zuerich,
      street: "Limmatquai 2",
      isDefault: true,
    });
    expect(edited).toMatchObject({ ok: true, address: { street: "Limmatquai 2", isDefault: true } });
    expect((await getAddress(ctx, customer, a.address.id))?.isDefault).toBe(false);
    expect(await setDefaultAddress(ctx, customer, a.address.id)).toMatchObject({
      ok: true,
      address: { isDefault: true },
    });
    const defaults = (await listAddresses(ctx, customer)).filter((x) => x.isDefault);
    expect(defaults.map((x) => x.id)).toEqual([a.address.id]);
  });

  it("promotes the oldest remaining address when the default is deleted", async () => {
    const customer = await newCustomer();
    const a = await addAddress(ctx, customer, berlin);
    const b = await addAddress(ctx, customer, wien);
    const c = await addAddress(ctx, customer, zuerich);
    if (!a.ok || !b.ok || !c.ok) throw new Error("add failed");
    expect(await deleteAddress(ctx, customer, a.address.id)).toEqual({ ok: true });
    expect((await getDefaultAddress(ctx, customer))?.id).toBe(b.address.id);
    expect(await deleteAddress(ctx, customer, a.address.id)).toEqual({ ok: false, error: "not_found" });
  });

  it("never reads or changes another customer's address", async () => {
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const added = await addAddress(ctx, owner, berlin);
    if (!added.ok) throw new Error("add failed");
    const id = added.address.id;
    expect(await getAddress(ctx, intruder, id)).toBeNull();
    expect(await updateAddress(ctx, intruder, id, wien)).toEqual({ ok: false, error: "not_found" });
    expect(await setDefaultAddress(ctx, intruder, id)).toEqual({ ok: false, error: "not_found" });
    expect(await deleteAddress(ctx, intruder, id)).toEqual({ ok: false, error: "not_found" });
    expect(await listAddresses(ctx, intruder)).toEqual([]);
    expect(await getAddress(ctx, owner, id)).toMatchObject({ ...berlin, isDefault: true });
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const customer = await newCustomer();
    for (let i = 0; i < MAX_ADDRESSES; i++) expect((await addAddress(ctx, customer, berlin)).ok).toBe(true);
    expect(await addAddress(ctx, customer, berlin)).toEqual({ ok: false, error: "limit", limit: MAX_ADDRESSES });
  });
});
