import { randomBytes } from "node:crypto";
import {
  cliActor,
  type Db,
  deliverOrder,
  getOrderByNumber,
  shipOrder,
  spendGiftCard,
  writeGiftCards,
} from "@vitrine/commerce";
import { testCtx } from "@vitrine/commerce/testing";
import { searchDb } from "@vitrine/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  linkPath,
  nextAddress,
  sessionCookieName,
  signedUpBrowser,
  signIn,
  uniqueEmail,
  waitForMail,
} from "./account-fixtures.ts";
import { type DemoVariants, findDemoVariants, openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

const TEST_ACTOR = cliActor("test");

/**
 * Checkout, payment page, confirmation, account orders, order tracking and the returns portal over HTTP, as a
 * browser without JavaScript uses them (plain form posts and redirects).
 */
let shop: TestShop;
let db: Db;
let demo: DemoVariants;

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
  demo = await findDemoVariants(db);
});
afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

const ADDRESS = {
  de: {
    firstName: "Lena",
    lastName: "Berg",
    street: "Gartenstraße 5",
    zipCode: "10115",
    city: "Berlin",
    countryCode: "DE",
  },
  ch: {
    firstName: "Léa",
    lastName: "Favre",
    street: "Rue du Lac 3",
    zipCode: "1003",
    city: "Lausanne",
    countryCode: "CH",
  },
};

function addressFields(address: Record<string, string>, prefix = "shipping") {
  return Object.fromEntries(Object.entries(address).map(([k, v]) => [`${prefix}.${k}`, v]));
}

function location(response: Response): string {
  return response.headers.get("location") ?? "";
}

async function addToBasket(browser: TestBrowser, variantId: number, shopId = 10028) {
  const response = await browser.rpc("addItemToBasket", { variantId, quantity: 1 }, shopId);
  expect(response.status).toBe(200);
}

/** Fills the checkout steps by form posts (each answers with a redirect back to checkout). */
async function fillSteps(
  browser: TestBrowser,
  store: string,
  options: { email?: string; address: Record<string, string>; payment: string },
) {
  const base = `/${store}/checkout/`;
  if (options.email) {
    const contact = await browser.submit(base, { intent: "contact", email: options.email });
    expect(contact.status).toBe(302);
  }
  const address = await browser.submit(base, {
    intent: "address",
    ...addressFields(options.address),
    billingSame: "on",
  });
  expect(address.status, await address.clone().text()).toBe(302);
  expect((await browser.submit(base, { intent: "delivery", deliveryMethod: "standard" })).status).toBe(302);
  expect((await browser.submit(base, { intent: "payment", paymentMethod: options.payment })).status).toBe(302);
}

/** The review form's hidden fields. */
async function reviewForm(browser: TestBrowser, path: string) {
  const html = await (await browser.fetch(path)).text();
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
  const total = /name="expectedTotal" value="(\d+)"/.exec(html)?.[1];
  const due = /name="expectedAmountDue" value="(\d+)"/.exec(html)?.[1];
  if (!key || !total || !due) throw new Error(`no review form on ${path}`);
  return { html, idempotencyKey: key, expectedTotal: total, expectedAmountDue: due };
}

/** A form post with a chosen client address (rate limits). */
function postFrom(browser: TestBrowser, path: string, fields: Record<string, string>, clientAddress: string) {
  const body = new URLSearchParams(fields);
  return browser.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-vitrine-client-address": clientAddress },
    body,
  });
}

async function placeGuestOrder(email = uniqueEmail("gast"), address: Record<string, string> = ADDRESS.de) {
  const browser = shop.browser();
  await addToBasket(browser, demo.inStock[0] as number);
  await fillSteps(browser, "de", { email, address, payment: "invoice" });
  const review = await reviewForm(browser, "/de/checkout/");
  const placed = await browser.submit("/de/checkout/", {
    intent: "place",
    idempotencyKey: review.idempotencyKey,
    expectedTotal: review.expectedTotal,
  });
  expect(placed.status).toBe(302);
  const number = /order=(\d{8})/.exec(location(placed))?.[1] as string;
  expect(number).toMatch(/^\d{8}$/);
  return { browser, email, number, review };
}

describe("checkout over HTTP", () => {
  it("runs a guest checkout with invoice without JavaScript and confirms it once", async () => {
    const browser = shop.browser();
    await addToBasket(browser, demo.inStock[0] as number);
    const page = await browser.fetch("/de/checkout/");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-layout="shop"');
    expect(html).toContain('name="intent" value="contact"');

    const email = uniqueEmail("gast");
    await fillSteps(browser, "de", { email, address: ADDRESS.de, payment: "invoice" });
    const review = await reviewForm(browser, "/de/checkout/");
    expect(review.html).toContain("Zahlungspflichtig bestellen");
    expect(review.html).toContain(email);

    const placed = await browser.submit("/de/checkout/", {
      intent: "place",
      idempotencyKey: review.idempotencyKey,
      expectedTotal: review.expectedTotal,
    });
    expect(placed.status).toBe(302);
    const successPath = location(placed);
    expect(successPath).toMatch(/^\/de\/success\/\?order=\d{8}$/);
    const number = successPath.slice(-8);

    // The same form sent again (a double submit, a retry) gives the same order.
    const again = await browser.submit("/de/checkout/", {
      intent: "place",
      idempotencyKey: review.idempotencyKey,
      expectedTotal: review.expectedTotal,
    });
    expect(location(again)).toBe(successPath);
    const count = await db
      .selectFrom("shop_order")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const success = await browser.fetch(successPath);
    expect(success.status).toBe(200);
    const confirmation = await success.text();
    expect(confirmation).toContain(number);
    expect(confirmation).toContain("DE89 3704 0044 0532 0130 00");
    expect(confirmation).toContain("Kundenkonto behalten?");

    const mail = await waitForMail(email, "order-confirmation");
    expect(mail.subject).toContain(number);
    // The placed order went to the search service (it alone feeds "bought together").
    const purchase = await searchDb(db)
      .selectFrom("search_event")
      .select(["type", "store_code", "product_id", "quantity"])
      .where("transaction_id", "=", number)
      .execute();
    expect(purchase).toEqual([expect.objectContaining({ type: "order", store_code: "de", quantity: 1 })]);

    // Someone else's browser: the confirmation does not exist for them.
    expect((await shop.browser().fetch(successPath)).status).toBe(404);
    // The checkout signed nobody in: typing an address proves nothing.
    expect(sessionCookieName(browser)).toBeUndefined();

    // Keeping the account: a link to the order's address, with which the guest sets a password.
    const asked = await browser.submit(successPath, {});
    expect(location(asked)).toBe(`${successPath}&linkSent`);
    expect(await (await browser.fetch(location(asked))).text()).toContain(
      `Wir haben dir einen Link an ${email} geschickt.`,
    );
    const link = linkPath(await waitForMail(email, "guest-conversion"));
    expect(link).toMatch(/^\/de\/login\/callback\/\?flow=convert&token=[\w-]+$/);
    const callback = await browser.fetch(link);
    expect(location(callback)).toBe("/de/login/?register=true");
    const form = await (await browser.fetch("/de/login/?register=true")).text();
    expect(form).toContain('name="intent" value="convert"');
    expect(form).toContain(email);
    const common = await browser.submit("/de/login/?register=true", { intent: "convert", password: "Password1" });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("Dieses Passwort ist sehr verbreitet und leicht zu erraten.");
    const kept = await browser.submit("/de/login/?register=true", { intent: "convert", password: "Sommer-2026!" });
    expect(kept.status).toBe(302);
    expect(location(kept)).toBe("/de/account/");
    const orders = await browser.fetch("/de/account/orders/");
    expect(orders.status).toBe(200);
    expect(await orders.text()).toContain(number);
    // The link worked once.
    expect(location(await shop.browser().fetch(link))).toBe("/de/login/reset-password/?error=invalid-link");
  });

  it("never signs a guest into the customer of the address they typed: a stranger sees nothing of V", async () => {
    const email = uniqueEmail("v");
    const victim = await placeGuestOrder(email);
    const strangerAddress = { ...ADDRESS.de, firstName: "Mallory", lastName: "Fremd", street: "Hafenweg 9" };
    const stranger = await placeGuestOrder(email, strangerAddress);
    const { browser } = stranger;

    // Not signed in as V's guest customer.
    expect(sessionCookieName(browser)).toBeUndefined();
    expect(await (await browser.rpc("getUser", null)).json()).toBeNull();
    // V's confirmation does not exist for the stranger; their own shows their order only.
    expect((await browser.fetch(`/de/success/?order=${victim.number}`)).status).toBe(404);
    const own = await browser.fetch(`/de/success/?order=${stranger.number}`);
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(html).toContain("Hafenweg 9");
    expect(html).not.toContain("Gartenstraße 5");
    expect(html).not.toContain(victim.number);

    // No password without the mail link: the convert form refuses, and the password does not sign in.
    const convert = await browser.submit("/de/login/?register=true", { intent: "convert", password: "Mallory-2026!" });
    expect(convert.status).toBe(302);
    expect(location(convert)).toBe("/de/login/reset-password/?error=invalid-link");
    expect(sessionCookieName(browser)).toBeUndefined();
    expect((await signIn(shop.browser(), email, "Mallory-2026!")).status).toBe(401);
    const orders = await browser.fetch("/de/account/orders/");
    expect(orders.status).toBe(302);
    expect(location(orders)).toMatch(/^\/de\/login\//);
    // Asking for the link sends it to V's mailbox, where the stranger cannot follow it.
    expect(location(await browser.submit(`/de/success/?order=${stranger.number}`, {}))).toContain("linkSent");
    const mail = await waitForMail(email, "guest-conversion");
    expect(mail.to).toEqual([email]);
  });

  it("shows field problems of a step and keeps what was typed", async () => {
    const browser = shop.browser();
    await addToBasket(browser, demo.inStock[1] as number);
    await browser.submit("/de/checkout/", { intent: "contact", email: uniqueEmail("gast") });
    const refused = await browser.submit("/de/checkout/", {
      intent: "address",
      ...addressFields({ ...ADDRESS.de, zipCode: "1011" }),
      billingSame: "on",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Eine PLZ in Deutschland hat 5 Ziffern.");
    expect(html).toContain('value="Gartenstraße 5"');
    expect(html).toContain('aria-invalid="true"');
    const contact = await browser.submit("/de/checkout/", { intent: "contact", email: "not-an-address" });
    expect(contact.status).toBe(400);
    expect(await contact.text()).toContain("Bitte gib eine gültige E-Mail-Adresse ein.");
  });

  it("refuses (409) an order whose gift card another order spent after the review, then places it reviewed again", async () => {
    const code = `HTTPGIFT${randomBytes(3).toString("hex").toUpperCase()}`;
    await writeGiftCards({ db }, [{ code, currency: "EUR", balance: 2000 }], new Date());
    const browser = shop.browser();
    await addToBasket(browser, demo.inStock[0] as number);
    const email = uniqueEmail("gast");
    await fillSteps(browser, "de", { email, address: ADDRESS.de, payment: "invoice" });
    expect((await browser.submit("/de/checkout/", { intent: "gift-card", giftCardCode: code })).status).toBe(302);
    const review = await reviewForm(browser, "/de/checkout/");
    expect(Number(review.expectedAmountDue)).toBe(Number(review.expectedTotal) - 2000);
    expect(await spendGiftCard({ db }, code, 2000, 0, new Date())).toBe(true);

    const refused = await browser.submit("/de/checkout/", { intent: "place", ...review, html: "" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Das Guthaben deiner Geschenkkarte reicht nicht mehr.");
    expect(await db.selectFrom("shop_order").select("id").where("email", "=", email).execute()).toEqual([]);

    const again = await reviewForm(browser, "/de/checkout/");
    expect(again.expectedAmountDue).toBe(again.expectedTotal);
    const placed = await browser.submit("/de/checkout/", { intent: "place", ...again, html: "" });
    expect(location(placed)).toMatch(/^\/de\/success\/\?order=\d{8}$/);
  });

  it("leaves no order and the basket intact when the card is declined on the payment page", async () => {
    const browser = shop.browser();
    await addToBasket(browser, demo.inStock[2] as number);
    const email = uniqueEmail("gast");
    await fillSteps(browser, "de", { email, address: ADDRESS.de, payment: "credit_card" });
    const review = await reviewForm(browser, "/de/checkout/");
    const placed = await browser.submit("/de/checkout/", { intent: "place", ...review, html: "" });
    expect(placed.status).toBe(302);
    const sandboxPath = location(placed);
    expect(sandboxPath).toMatch(/^\/de\/payment\/sandbox\/[\w-]+\/$/);
    const sandbox = await browser.fetch(sandboxPath);
    expect(sandbox.status).toBe(200);
    expect(await sandbox.text()).toContain("4000 0000 0000 0002");
    // Only the shopper who started the payment sees its page.
    expect((await shop.browser().fetch(sandboxPath)).status).toBe(404);

    const declined = await browser.submit(sandboxPath, {
      intent: "card",
      number: "4000 0000 0000 0002",
      expiry: "12/30",
      cvc: "123",
      holder: "Lena Berg",
    });
    expect(declined.status).toBe(302);
    const back = location(declined);
    expect(back).toMatch(/^\/de\/checkout\/\?payment=/);
    const answer = await browser.fetch(back);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Deine Zahlung wurde abgelehnt.");
    expect(await db.selectFrom("shop_order").select("id").where("email", "=", email).execute()).toEqual([]);
    const basket = (await (await browser.rpc("getBasket", {})).json()) as { count: number };
    expect(basket.count).toBe(1);
  });

  it("checks out a signed-in customer in fr-ch with a 3-D Secure card, then shows the order in the account", async () => {
    const { browser } = await signedUpBrowser(shop, { store: "fr-ch" });
    await addToBasket(browser, demo.inStock[3] as number, 10031);
    const base = "/fr-ch/checkout/";
    const start = await (await browser.fetch(base)).text();
    // Signed in: no contact step to fill.
    expect(start).toContain('name="intent" value="address"');
    const address = await browser.submit(base, { intent: "address", ...addressFields(ADDRESS.ch), billingSame: "on" });
    expect(address.status).toBe(302);
    await browser.submit(base, { intent: "delivery", deliveryMethod: "express" });
    await browser.submit(base, { intent: "payment", paymentMethod: "credit_card" });
    const review = await reviewForm(browser, base);
    expect(review.html).toContain("CHF");
    const placed = await browser.submit(base, {
      intent: "place",
      idempotencyKey: review.idempotencyKey,
      expectedTotal: review.expectedTotal,
    });
    const sandboxPath = location(placed);
    expect(sandboxPath).toMatch(/^\/fr-ch\/payment\/sandbox\//);
    const challenge = await browser.submit(sandboxPath, {
      intent: "card",
      number: "4000000000003220",
      expiry: "12/30",
      cvc: "123",
      holder: "Léa Favre",
    });
    expect(location(challenge)).toBe(sandboxPath);
    const challengePage = await (await browser.fetch(sandboxPath)).text();
    expect(challengePage).toContain("3-D Secure");
    const confirmed = await browser.submit(sandboxPath, { intent: "challenge-pass" });
    const back = location(confirmed);
    expect(back).toMatch(/^\/fr-ch\/checkout\/\?payment=/);
    const done = await browser.fetch(back);
    expect(done.status).toBe(302);
    const number = /order=(\d{8})/.exec(location(done))?.[1] as string;

    const order = await getOrderByNumber({ db }, number);
    expect(order).toMatchObject({
      storeCode: "fr-ch",
      currency: "CHF",
      status: "paid",
      payment: { method: "credit_card" },
    });
    const list = await (await browser.fetch("/fr-ch/account/orders/")).text();
    expect(list).toContain(number);
    expect(list).toContain("Payée");
    const details = await browser.fetch(`/fr-ch/account/order-details/${number}/`);
    expect(details.status).toBe(200);
    expect(await details.text()).toContain("Commande reçue");
    expect((await browser.fetch(`/fr-ch/account/orders-details/${number}/`)).status).toBe(200);

    // Somebody else's order, or none: 404.
    const other = await placeGuestOrder();
    expect((await browser.fetch(`/fr-ch/account/order-details/${other.number}/`)).status).toBe(404);
    expect((await browser.fetch("/fr-ch/account/order-details/00000000/")).status).toBe(404);
    // A guest is sent to sign in first.
    const guest = await shop.browser().fetch(`/fr-ch/account/order-details/${number}/`);
    expect(guest.status).toBe(302);
    expect(location(guest)).toContain("/fr-ch/login/?redirectUrl=");
  });

  it("renders the app checkout without the shop's header and footer", async () => {
    const browser = shop.browser();
    await addToBasket(browser, demo.inStock[4] as number);
    const page = await browser.fetch("/de/app-checkout/");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-layout="clean"');
    expect(html).not.toMatch(/<header[^>]*class="[^"]*site-header/);
    expect(html).not.toContain("<footer");
    expect(html).toContain('action="/de/app-checkout/"');
    // An empty basket has nothing to check out.
    const empty = await shop.browser().fetch("/de/checkout/");
    expect(location(empty)).toBe("/de/cart/");
  });
});

describe("order tracking and returns over HTTP", () => {
  it("shows status and parcels for the right details, the same answer for anything wrong, and limits tries", async () => {
    const { number } = await placeGuestOrder();
    const orders = testCtx(db, { config: { PUBLIC_URL: "http://127.0.0.1:4173" } });
    expect(
      (await shipOrder(orders, TEST_ACTOR, number, { carrier: "dhl", trackingNumber: "00340434161094015902" })).ok,
    ).toBe(true);
    const browser = shop.browser();
    await browser.fetch("/healthz");
    const client = nextAddress();
    const found = await postFrom(browser, "/de/order-trackform/", { number, emailOrZipCode: "10115" }, client);
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain("Versendet");
    expect(html).toContain("00340434161094015902");
    expect(html).toContain("https://www.dhl.de/");
    // The tracking view shows no address.
    expect(html).not.toContain("Gartenstraße 5");

    const wrong = await postFrom(
      browser,
      "/de/order-trackform/",
      { number, emailOrZipCode: "someone@example.com" },
      client,
    );
    const unknown = await postFrom(
      browser,
      "/de/order-trackform/",
      { number: "12345678", emailOrZipCode: "10115" },
      client,
    );
    expect(wrong.status).toBe(404);
    expect(unknown.status).toBe(404);
    const message = "Wir konnten keine Bestellung mit diesen Angaben finden.";
    expect(await wrong.text()).toContain(message);
    expect(await unknown.text()).toContain(message);

    let last: Response | undefined;
    for (let i = 0; i < 10; i++) {
      last = await postFrom(browser, "/de/order-trackform/", { number: "12345678", emailOrZipCode: "10115" }, client);
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another client is not affected.
    expect(
      (await postFrom(browser, "/de/order-trackform/", { number, emailOrZipCode: "10115" }, nextAddress())).status,
    ).toBe(200);
  });

  it("does not let a client get past the tracking limit by rotating X-Forwarded-For (no trusted proxy)", async () => {
    const browser = shop.browser();
    await browser.fetch("/healthz");
    const peer = `10.${Math.floor(Math.random() * 250)}.1.9`;
    const statuses: number[] = [];
    for (let i = 0; i <= 10; i++) {
      const response = await browser.fetch("/de/order-trackform/", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-vitrine-client-address": peer,
          "x-forwarded-for": nextAddress(),
        },
        body: new URLSearchParams({ number: "12345678", emailOrZipCode: "10115" }),
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it("registers a return through the portal, mails the label and shows the return in the history", async () => {
    const { number, email } = await placeGuestOrder();
    const orders = testCtx(db, { config: { PUBLIC_URL: "http://127.0.0.1:4173" } });
    await shipOrder(orders, TEST_ACTOR, number, { carrier: "dhl", trackingNumber: "00340434161094015903" });
    await deliverOrder(orders, TEST_ACTOR, number);
    const browser = shop.browser();
    await browser.fetch("/healthz");
    const lookup = await postFrom(
      browser,
      "/de/returns-portal/",
      { intent: "lookup", number, emailOrZipCode: email },
      nextAddress(),
    );
    expect(lookup.status).toBe(200);
    const form = await lookup.text();
    const token = /name="token" value="([^"]+)"/.exec(form)?.[1] as string;
    const lineId = /name="quantity\.(\d+)"/.exec(form)?.[1] as string;
    expect(token).toBeTruthy();

    const missingReason = await browser.submit("/de/returns-portal/", {
      intent: "register",
      token,
      [`quantity.${lineId}`]: "1",
      [`reason.${lineId}`]: "",
    });
    expect(missingReason.status).toBe(400);
    expect(await missingReason.text()).toContain("Bitte wähle einen Grund.");

    const registered = await browser.submit("/de/returns-portal/", {
      intent: "register",
      token,
      [`quantity.${lineId}`]: "1",
      [`reason.${lineId}`]: "too_big",
    });
    expect(registered.status).toBe(302);
    const done = await browser.fetch(location(registered));
    const doneHtml = await done.text();
    expect(doneHtml).toContain(`R${number}-1`);
    const labelPath = /href="(\/de\/returns-label\/[\w-]+\/)"/.exec(doneHtml)?.[1] as string;
    const label = await shop.browser().fetch(labelPath);
    expect(label.status).toBe(200);
    const labelHtml = await label.text();
    expect(labelHtml).toContain('class="code39"');
    expect(labelHtml).toContain("Bad Hersfeld");

    const mail = await waitForMail(email, "return-label");
    expect(mail.text).toContain(labelPath);
    const order = await getOrderByNumber({ db }, number);
    expect(order?.history.map((h) => h.type)).toContain("return_registered");
    // A forged token is refused.
    const forged = await browser.submit("/de/returns-portal/", {
      intent: "register",
      token: `${number}.9999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(forged.status).toBe(403);
  });
});
