import type { Db } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, sessionCookie, signedUpBrowser, signIn } from "./account-fixtures.ts";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * The account pages (profile, password, addresses, fashion card, newsletter) and the user and loyalty-card
 * methods of the RPC channel, including attempts on another customer's data.
 */
let shop: TestShop;
let db: Db;
const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
});
afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  birthDate: string | null;
  groups: string[];
  referenceKey: string;
  loyaltyCards: { number: string }[];
  status: { isGuestCustomer: boolean };
}
interface Address {
  id: number;
  street: string;
  zipCode: string;
  city: string;
  countryCode: string;
  isDefault: boolean;
}
interface Problem {
  status: number;
  detail: string;
  errors?: { field: string; message: string }[];
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.text();
  expect(response.status, body.slice(0, 300)).toBe(status);
  if (status >= 400) expect(response.headers.get("content-type")).toContain("application/problem+json");
  return JSON.parse(body) as T;
}

const berlin = {
  firstName: "Lena",
  lastName: "Berg",
  street: "Torstraße 1",
  zipCode: "10119",
  city: "Berlin",
  countryCode: "DE",
};

async function addAddress(browser: TestBrowser, fields: Record<string, string>) {
  return browser.submit("/de/account/profile-details/", { intent: "address-save", ...fields });
}

async function addressesOf(browser: TestBrowser): Promise<Address[]> {
  return json<Address[]>(await browser.rpc("getShopUserAddresses", null));
}

describe(`RPC user methods (${dialectName})`, () => {
  it("getUser and refreshUser answer null for a guest and the user for a customer", async () => {
    const guest = shop.browser();
    expect(await json(await guest.rpc("getUser", null))).toBeNull();
    expect(await json(await guest.rpc("refreshUser", undefined))).toBeNull();
    const { browser, email } = await signedUpBrowser(shop);
    const user = await json<User>(await browser.rpc("getUser", null));
    expect(user).toMatchObject({
      firstName: "Lena",
      lastName: "Berg",
      email,
      phone: null,
      birthDate: null,
      groups: ["new"],
      loyaltyCards: [],
      status: { isGuestCustomer: false },
    });
    expect(user.referenceKey).toMatch(/^\d{10}$/);
    expect(await json<User>(await browser.rpc("refreshUser", null))).toEqual(user);
  });

  it("loads the user on the server with the first load of an account page, never into a shared page", async () => {
    const { browser } = await signedUpBrowser(shop);
    await browser.rpc("updateShopUser", { firstName: "Zoraida" });
    const html = await (await browser.fetch("/de/account/")).text();
    // The shell data of the store route (hydration payload) carries the customer on personal pages.
    expect(html).toContain('\\"isGuestCustomer\\"');
    expect(html).toContain("Zoraida");
    // A shared page is the same for everyone: the greeting comes with the personal data after load.
    const home = await browser.fetch("/de/");
    expect(home.headers.get("cache-control")).toMatch(/^public, /);
    expect(await home.text()).not.toContain("Zoraida");
    const personal = (await (await browser.fetch("/de/personal.json")).json()) as { customer: { firstName: string } };
    expect(personal.customer.firstName).toBe("Zoraida");
    expect(await (await shop.browser().fetch("/de/account/")).text()).not.toContain("Zoraida");
  });

  it("updateShopUser changes the profile, validates it, and refuses a guest", async () => {
    const { browser } = await signedUpBrowser(shop);
    const updated = await json<User>(
      await browser.rpc("updateShopUser", { firstName: "Lea", phone: "+49 30 1234567", birthDate: "1991-07-14" }),
    );
    expect(updated).toMatchObject({
      firstName: "Lea",
      lastName: "Berg",
      phone: "+49 30 1234567",
      birthDate: "1991-07-14",
    });
    expect(await json<User>(await browser.rpc("refreshUser", null))).toMatchObject({ firstName: "Lea" });

    const invalid = await json<Problem>(
      await browser.rpc("updateShopUser", { birthDate: "1991-02-31", lastName: "" }),
      400,
    );
    expect(invalid.detail).toContain("The following properties are invalid");
    expect(invalid.errors?.map((e) => e.field).sort()).toEqual(["birthDate", "lastName"]);
    // The e-mail address (the sign-in) cannot be changed through the channel, nor anyone else's data.
    const foreign = await json<Problem>(await browser.rpc("updateShopUser", { email: "x@example.com" }), 400);
    expect(foreign.errors?.[0]?.message).toContain("unknown field");
    const other = await json<Problem>(await browser.rpc("updateShopUser", { id: "someone-else", firstName: "X" }), 400);
    expect(other.errors?.[0]?.field).toBe("(root)");
    expect(await json<User>(await browser.rpc("getUser", null))).toMatchObject({
      firstName: "Lea",
      birthDate: "1991-07-14",
    });

    expect((await json<Problem>(await shop.browser().rpc("updateShopUser", { firstName: "X" }), 401)).status).toBe(401);
  });

  it("updatePassword checks the current password, rotates the session and ends the others", async () => {
    const { browser, email } = await signedUpBrowser(shop);
    const other = shop.browser();
    expect((await signIn(other, email, PASSWORD)).status).toBe(302);
    const wrong = await json<Problem>(
      await browser.rpc("updatePassword", { currentPassword: "not-it-at-all", newPassword: "Winter-2027!" }),
      400,
    );
    expect(wrong.errors?.[0]?.field).toBe("currentPassword");
    const short = await json<Problem>(
      await browser.rpc("updatePassword", { currentPassword: PASSWORD, newPassword: "x" }),
      400,
    );
    expect(short.errors?.[0]?.field).toBe("newPassword");
    const before = sessionCookie(browser);
    expect(
      await json(await browser.rpc("updatePassword", { currentPassword: PASSWORD, newPassword: "Winter-2027!" })),
    ).toEqual({
      status: true,
    });
    expect(sessionCookie(browser)).not.toBe(before);
    expect(await json<User>(await browser.rpc("getUser", null))).toMatchObject({ email });
    expect(await json(await other.rpc("getUser", null))).toBeNull();
    expect((await signIn(shop.browser(), email, "Winter-2027!")).status).toBe(302);
    expect(
      (await json<Problem>(await shop.browser().rpc("updatePassword", { currentPassword: "a", newPassword: "b" }), 401))
        .status,
    ).toBe(401);
  });

  it("refuses the user methods that change something from another site", async () => {
    const { browser } = await signedUpBrowser(shop);
    const response = await browser.fetch("/api/rpc/updateShopUser", {
      method: "POST",
      headers: { "content-type": "application/json", "x-shop-id": "10028", origin: "https://evil.example" },
      body: JSON.stringify({ payload: { firstName: "Mallory" } }),
    });
    expect(response.status).toBe(403);
    expect(await json<User>(await browser.rpc("getUser", null))).toMatchObject({ firstName: "Lena" });
  });

  it("getShopUserAddresses answers only the customer's own addresses", async () => {
    const a = await signedUpBrowser(shop);
    const b = await signedUpBrowser(shop);
    expect((await addAddress(a.browser, berlin)).status).toBe(302);
    expect((await addAddress(b.browser, { ...berlin, street: "Kastanienallee 9" })).status).toBe(302);
    const mine = await addressesOf(a.browser);
    expect(mine).toMatchObject([
      { street: "Torstraße 1", zipCode: "10119", city: "Berlin", countryCode: "DE", isDefault: true },
    ]);
    const theirs = await addressesOf(b.browser);
    expect(theirs.map((x) => x.street)).toEqual(["Kastanienallee 9"]);
    expect(theirs[0]?.id).not.toBe(mine[0]?.id);
    expect((await json<Problem>(await shop.browser().rpc("getShopUserAddresses", null), 401)).status).toBe(401);
  });
});

describe(`profile details page (${dialectName})`, () => {
  it("saves the profile and refuses invalid fields with messages", async () => {
    const { browser } = await signedUpBrowser(shop);
    const page = await (await browser.fetch("/de/account/profile-details/")).text();
    expect(page).toContain("Persönliche Daten");
    const saved = await browser.submit("/de/account/profile-details/", {
      intent: "profile",
      firstName: "Lena",
      lastName: "Berg-Meier",
      phone: "030 1234567",
      birthDate: "1990-05-01",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/de/account/profile-details/?saved=profile#profile");
    expect(await json<User>(await browser.rpc("getUser", null))).toMatchObject({
      lastName: "Berg-Meier",
      birthDate: "1990-05-01",
    });
    const invalid = await browser.submit("/de/account/profile-details/", {
      intent: "profile",
      firstName: "",
      lastName: "Berg",
      phone: "call me",
      birthDate: "",
    });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("Bitte fülle dieses Feld aus.");
    expect(html).toContain("Bitte gib eine gültige Telefonnummer ein.");
  });

  it("changes the password from the page", async () => {
    const { browser, email } = await signedUpBrowser(shop);
    const mismatch = await browser.submit("/de/account/profile-details/", {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: "Winter-2027!",
      confirmPassword: "Winter-2028!",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Die Passwörter stimmen nicht überein.");
    const wrong = await browser.submit("/de/account/profile-details/", {
      intent: "password",
      currentPassword: "Falsch-2026!",
      newPassword: "Winter-2027!",
      confirmPassword: "Winter-2027!",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Das ist nicht dein aktuelles Passwort.");
    const ok = await browser.submit("/de/account/profile-details/", {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: "Winter-2027!",
      confirmPassword: "Winter-2027!",
    });
    expect(ok.status).toBe(302);
    expect((await browser.fetch("/de/account/profile-details/")).status).toBe(200);
    expect((await signIn(shop.browser(), email, "Winter-2027!")).status).toBe(302);
  });

  it("adds addresses with the postcode rules of DE, AT and CH", async () => {
    const { browser } = await signedUpBrowser(shop);
    const wrongDe = await addAddress(browser, { ...berlin, zipCode: "1011" });
    expect(wrongDe.status).toBe(400);
    expect(await wrongDe.text()).toContain("Eine Postleitzahl in Deutschland hat 5 Ziffern.");
    const wrongAt = await addAddress(browser, { ...berlin, city: "Wien", zipCode: "10100", countryCode: "AT" });
    expect(wrongAt.status).toBe(400);
    expect(await wrongAt.text()).toContain("Eine Postleitzahl in Österreich hat 4 Ziffern.");
    const wrongCh = await addAddress(browser, { ...berlin, city: "Zürich", zipCode: "800", countryCode: "CH" });
    expect(wrongCh.status).toBe(400);
    expect(await addressesOf(browser)).toEqual([]);

    expect((await addAddress(browser, berlin)).headers.get("location")).toBe(
      "/de/account/profile-details/?saved=address#addresses",
    );
    expect(
      (
        await addAddress(browser, {
          ...berlin,
          street: "Ringstraße 5",
          city: "Wien",
          zipCode: "1010",
          countryCode: "AT",
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await addAddress(browser, {
          ...berlin,
          street: "Bahnhofstrasse 9",
          city: "Zürich",
          zipCode: "8001",
          countryCode: "CH",
          isDefault: "on",
        })
      ).status,
    ).toBe(302);
    const list = await addressesOf(browser);
    expect(list.map((a) => [a.city, a.isDefault])).toEqual([
      ["Zürich", true],
      ["Berlin", false],
      ["Wien", false],
    ]);
    const page = await (await browser.fetch("/de/account/profile-details/")).text();
    expect(page).toContain("Bahnhofstrasse 9");
    expect(page).toContain("Standardadresse");
  });

  it("edits, makes default and deletes an address", async () => {
    const { browser } = await signedUpBrowser(shop);
    await addAddress(browser, berlin);
    await addAddress(browser, { ...berlin, street: "Kastanienallee 9" });
    const [first, second] = await addressesOf(browser);
    const form = await (await browser.fetch(`/de/account/profile-details/?address=${second?.id}`)).text();
    expect(form).toContain('value="Kastanienallee 9"');
    const edited = await browser.submit("/de/account/profile-details/", {
      intent: "address-save",
      addressId: String(second?.id),
      ...berlin,
      street: "Kastanienallee 10",
    });
    expect(edited.status).toBe(302);
    expect(
      (
        await browser.submit("/de/account/profile-details/", {
          intent: "address-default",
          addressId: String(second?.id),
        })
      ).status,
    ).toBe(302);
    expect((await addressesOf(browser)).map((a) => [a.street, a.isDefault])).toEqual([
      ["Kastanienallee 10", true],
      ["Torstraße 1", false],
    ]);
    expect(
      (
        await browser.submit("/de/account/profile-details/", {
          intent: "address-delete",
          addressId: String(second?.id),
        })
      ).status,
    ).toBe(302);
    expect((await addressesOf(browser)).map((a) => [a.id, a.isDefault])).toEqual([[first?.id, true]]);
  });

  it("never shows, changes or deletes another customer's address", async () => {
    const owner = await signedUpBrowser(shop);
    const intruder = await signedUpBrowser(shop);
    await addAddress(owner.browser, berlin);
    const [address] = await addressesOf(owner.browser);
    const id = String(address?.id);

    const view = await (await intruder.browser.fetch(`/de/account/profile-details/?address=${id}`)).text();
    expect(view).not.toContain("Torstraße 1");
    for (const fields of [
      { intent: "address-save", addressId: id, ...berlin, street: "Hijacked 1" },
      { intent: "address-default", addressId: id },
      { intent: "address-delete", addressId: id },
    ]) {
      const response = await intruder.browser.submit("/de/account/profile-details/", fields);
      expect(response.status, fields.intent).toBe(404);
      expect(await response.text()).toContain("Diese Adresse gibt es nicht (mehr).");
    }
    expect(await addressesOf(owner.browser)).toMatchObject([
      { id: address?.id, street: "Torstraße 1", isDefault: true },
    ]);
    expect(await addressesOf(intruder.browser)).toEqual([]);
  });
});

describe(`fashion card (${dialectName})`, () => {
  it("fetchFashionCard is null until registerFashionCard, then the card data", async () => {
    const { browser } = await signedUpBrowser(shop);
    expect(await json(await browser.rpc("fetchFashionCard", null))).toBeNull();
    const refused = await json<Problem>(await browser.rpc("registerFashionCard", {}), 400);
    expect(refused.errors?.[0]?.field).toBe("acceptTerms");
    const card = await json<{
      referenceKey: string;
      loyalty: { points: { balance: number }; card: { number: string } };
    }>(await browser.rpc("registerFashionCard", { acceptTerms: true }));
    expect(card.loyalty.points.balance).toBe(0);
    expect(card.loyalty.card.number).toMatch(/^29\d{11}$/);
    expect(await json(await browser.rpc("fetchFashionCard", null))).toEqual(card);
    const user = await json<User>(await browser.rpc("getUser", null));
    expect(user.referenceKey).toBe(card.referenceKey);
    expect(user.loyaltyCards).toEqual([{ number: card.loyalty.card.number }]);
    expect(user.groups).toEqual(["new", "Temporary_Card"]);
    expect((await json<Problem>(await shop.browser().rpc("fetchFashionCard", null), 401)).status).toBe(401);
    expect(
      (await json<Problem>(await shop.browser().rpc("registerFashionCard", { acceptTerms: true }), 401)).status,
    ).toBe(401);
  });

  it("registers on the page after the terms are accepted", async () => {
    const { browser } = await signedUpBrowser(shop);
    const page = await (await browser.fetch("/de/account/fashion-card/")).text();
    expect(page).toContain("Für die Fashion Card anmelden");
    const noTerms = await browser.submit("/de/account/fashion-card/", { intent: "register" });
    expect(noTerms.status).toBe(400);
    expect(await noTerms.text()).toContain("Bitte akzeptiere die Teilnahmebedingungen.");
    const ok = await browser.submit("/de/account/fashion-card/", { intent: "register", acceptTerms: "on" });
    expect(ok.headers.get("location")).toBe("/de/account/fashion-card/?registered=1");
    const card = await (await browser.fetch("/de/account/fashion-card/?registered=1")).text();
    expect(card).toContain("Willkommen bei der Fashion Card");
    expect(card).toContain("0 Punkte");
    expect(card).toContain("Vorläufige Karte");
  });
});

describe(`newsletter subscriptions (${dialectName})`, () => {
  it("subscribes and unsubscribes per store language, and records a cancellation with its reason", async () => {
    const { browser } = await signedUpBrowser(shop);
    const page = await (await browser.fetch("/fr-ch/account/subscription/")).text();
    expect(page).toContain("Newsletter en français");
    expect((await browser.submit("/fr-ch/account/subscription/", { intent: "subscribe", language: "fr" })).status).toBe(
      302,
    );
    expect((await browser.submit("/de/account/subscription/", { intent: "subscribe", language: "de" })).status).toBe(
      302,
    );
    expect((await browser.submit("/de/account/subscription/", { intent: "subscribe", language: "xx" })).status).toBe(
      400,
    );
    const overview = await (await browser.fetch("/de/account/")).text();
    expect(overview).toContain("Du erhältst unseren Newsletter.");

    const cancelPage = await (await browser.fetch("/de/account/subscription-cancellations/")).text();
    expect(cancelPage).toContain("Warum kündigst du?");
    const unconfirmed = await browser.submit("/de/account/subscription-cancellations/", {
      language: "de",
      reason: "too_many_emails",
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Bitte bestätige die Kündigung.");
    const cancelled = await browser.submit("/de/account/subscription-cancellations/", {
      language: "de",
      reason: "too_many_emails",
      comment: "Einmal im Monat reicht.",
      confirm: "on",
    });
    expect(cancelled.headers.get("location")).toBe("/de/account/subscription-cancellations/?confirmed=1");
    const after = await (await browser.fetch("/de/account/subscription-cancellations/?confirmed=1")).text();
    expect(after).toContain("Dein Abonnement wurde gekündigt.");
    expect(after).toContain("Ich bekomme zu viele E-Mails");
    const again = await browser.submit("/de/account/subscription-cancellations/", {
      language: "de",
      reason: "other",
      confirm: "on",
    });
    expect(again.status).toBe(409);
    const rows = await db.selectFrom("subscription_cancellation").select(["language", "reason", "comment"]).execute();
    expect(rows).toContainEqual({ language: "de", reason: "too_many_emails", comment: "Einmal im Monat reicht." });
    const subscription = await (await browser.fetch("/de/account/subscription/")).text();
    expect(subscription.match(/Abonniert</g)?.length).toBe(1);
  });

  it("subscribes to the store's newsletter when asked at sign-up", async () => {
    const browser = shop.browser();
    await browser.submit("/at/login/?register=true", {
      intent: "sign-up",
      firstName: "Nina",
      lastName: "News",
      email: `news.${Date.now()}@example.com`,
      password: PASSWORD,
      newsletter: "on",
    });
    const page = await (await browser.fetch("/at/account/subscription/")).text();
    expect(page.match(/Abonniert</g)?.length).toBe(1);
    expect(page).toContain("Newsletter auf Deutsch");
  });
});
