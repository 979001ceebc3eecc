import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  createDatabase,
  type Db,
  deliveryDateFromDays,
  isWorkingDay,
  type PriceZone,
  productPath,
  type ShippingCountry,
  standardDeliveryDays,
} from "@vitrine/commerce";
import { expectNoSeriousA11yViolations } from "./fixtures.ts";

/**
 * Money, addresses and delivery dates in all five stores (issue 17, items 3, 4, 5 and 9), as a guest shopper sees
 * them: the basket discount named from the promotion's values in the store's currency with the locale's minus, the
 * store's shipping countries with the postcode hint of the chosen country, an address line 2 kept up to the
 * confirmation and its mail, and one delivery date calculation on product page, basket and checkout (no Sundays).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const SHOTS = process.env.SHOTS_DIR ?? "test-results/addresses-money";
test.describe.configure({ timeout: 180_000 });

interface StoreCase {
  store: string;
  shopId: number;
  zone: PriceZone;
  /** The store's shipping countries, in the order the form offers them. */
  countries: ShippingCountry[];
  promotion: string;
  discount: string;
  /** Another country to pick, and the postcode hint the form must then show. */
  other: { code: ShippingCountry; hint: string };
  address: Record<string, string>;
  /** The postcode as the confirmation shows it. */
  shownZip: string;
}

const CASES: StoreCase[] = [
  {
    store: "de",
    shopId: 10028,
    zone: "DE",
    countries: ["DE", "AT", "CH"],
    promotion: "10 € ab 100 € Bestellwert",
    discount: "-10,00 €",
    other: { code: "AT", hint: "4 Ziffern (Österreich)" },
    address: {
      firstName: "Lena",
      lastName: "Berg",
      street: "Packstation 123",
      addressLine2: "Postnummer 987654321",
      zipCode: "10115",
      city: "Berlin",
      countryCode: "DE",
    },
    shownZip: "10115",
  },
  {
    store: "at",
    shopId: 10029,
    zone: "AT",
    countries: ["AT", "DE", "CH"],
    promotion: "€ 10 ab € 100 Bestellwert",
    discount: "-€ 10,00",
    other: { code: "DE", hint: "5 Ziffern (Deutschland)" },
    address: {
      firstName: "Anna",
      lastName: "Huber",
      street: "Ringstraße 1",
      addressLine2: "Top 7",
      zipCode: "1010",
      city: "Wien",
      countryCode: "AT",
    },
    shownZip: "1010",
  },
  {
    store: "ch",
    shopId: 10030,
    zone: "CH",
    countries: ["CH", "DE", "AT"],
    promotion: "CHF 10 ab CHF 120 Bestellwert",
    discount: "-CHF 10.00",
    other: { code: "AT", hint: "4 Ziffern (Österreich)" },
    address: {
      firstName: "Urs",
      lastName: "Meier",
      street: "Bahnhofstrasse 9",
      addressLine2: "c/o Muster AG",
      zipCode: "8001",
      city: "Zürich",
      countryCode: "CH",
    },
    shownZip: "8001",
  },
  {
    store: "fr-ch",
    shopId: 10031,
    zone: "CH",
    countries: ["CH", "DE", "AT"],
    promotion: "10 CHF de remise dès 120 CHF d’achat",
    discount: "-10.00 CHF",
    other: { code: "DE", hint: "5 chiffres (Allemagne)" },
    address: {
      firstName: "Léa",
      lastName: "Favre",
      street: "Rue du Lac 3",
      addressLine2: "2e étage",
      zipCode: "1003",
      city: "Lausanne",
      countryCode: "CH",
    },
    shownZip: "1003",
  },
  {
    store: "en",
    shopId: 10032,
    zone: "DE",
    countries: ["DE", "AT", "CH", "GB"],
    promotion: "€10 off orders over €100",
    discount: "-€10.00",
    other: { code: "GB", hint: "Format like SW1A 1AA (United Kingdom)" },
    address: {
      firstName: "Sam",
      lastName: "Taylor",
      street: "10 Downing Street",
      addressLine2: "Flat 3",
      zipCode: "sw1a2aa",
      city: "London",
      countryCode: "GB",
    },
    shownZip: "SW1A 2AA",
  },
];

let db: Db;
/** Products without item promotions, every size in stock, priced in all zones: [product id, variant id, prices]. */
let products: {
  productId: number;
  variantId: number;
  names: Record<string, string>;
  prices: Record<PriceZone, number>;
}[] = [];

test.beforeAll(async () => {
  db = createDatabase({ url: join(process.cwd(), `test-results/e2e-data-${port}/vitrine.sqlite`) });
  const rows = await db
    .selectFrom("variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .innerJoin("variant_price as de", (j) => j.onRef("de.variant_id", "=", "v.id").on("de.price_zone", "=", "DE"))
    .innerJoin("variant_price as at", (j) => j.onRef("at.variant_id", "=", "v.id").on("at.price_zone", "=", "AT"))
    .innerJoin("variant_price as ch", (j) => j.onRef("ch.variant_id", "=", "v.id").on("ch.price_zone", "=", "CH"))
    .select(["v.id", "v.product_id", "de.list_price as de", "at.list_price as at", "ch.list_price as ch"])
    .where("p.promotion_id", "is", null)
    .where("de.sale_price", "is", null)
    .where("at.sale_price", "is", null)
    .where("ch.sale_price", "is", null)
    .where("v.stock_quantity", ">=", 10)
    .where("de.list_price", ">=", 4000)
    .where("at.list_price", ">=", 4000)
    .where("ch.list_price", ">=", 4000)
    .orderBy("v.id")
    .limit(300)
    .execute();
  // Every size of the product in stock: the product page's dates are then those of standard delivery.
  const soldOut = new Set(
    (
      await db
        .selectFrom("variant")
        .select("product_id")
        .where("stock_quantity", "<", 1)
        .where(
          "product_id",
          "in",
          rows.map((r) => r.product_id),
        )
        .execute()
    ).map((r) => r.product_id),
  );
  const seen = new Set<number>();
  for (const row of rows) {
    if (soldOut.has(row.product_id) || seen.has(row.product_id)) continue;
    seen.add(row.product_id);
    const names = await db
      .selectFrom("product_translation")
      .select(["language", "name"])
      .where("product_id", "=", row.product_id)
      .execute();
    products.push({
      productId: row.product_id,
      variantId: row.id,
      names: Object.fromEntries(names.map((n) => [n.language, n.name])),
      prices: { DE: row.de, AT: row.at, CH: row.ch },
    });
  }
  products = products.slice(0, CASES.length);
  expect(products).toHaveLength(CASES.length);
  await mkdir(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await db?.destroy();
});

const LANGUAGE: Record<string, string> = { de: "de", at: "de", ch: "de", "fr-ch": "fr", en: "en" };
const squash = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
const textOf = async (locator: Locator) => squash(await locator.textContent());

async function ready(page: Page) {
  await page.locator("main[data-ready]").waitFor({ state: "attached" });
}

/** The basket above the welcome promotion's minimum (100 € / CHF 120) through the shop's RPC channel. */
async function fillBasket(page: Page, c: StoreCase, variantId: number, unitPrice: number) {
  await page.goto(`/${c.store}/`);
  const csrf = (await page.context().cookies()).find((k) => k.name === "vitrine_csrf")?.value ?? "";
  const response = await page.request.post("/api/rpc/addItemToBasket", {
    headers: { "x-csrf-token": csrf, "x-shop-id": String(c.shopId), origin: `http://127.0.0.1:${port}` },
    data: { payload: { variantId, quantity: Math.ceil(13_000 / unitPrice) } },
  });
  expect(response.status()).toBe(200);
}

async function deliveryDates(locator: Locator): Promise<{ min: string; max: string }> {
  return {
    min: (await locator.getAttribute("data-delivery-min")) as string,
    max: (await locator.getAttribute("data-delivery-max")) as string,
  };
}

function expectWorkingDays(range: { min: string; max: string }, country: ShippingCountry) {
  for (const day of [range.min, range.max]) {
    expect(isWorkingDay(new Date(`${day}T00:00:00Z`), country), `${day} in ${country}`).toBe(true);
  }
}

/** The newest mail of a kind to an address, from the shop's outbox folder. */
async function mailTo(to: string, kind: string): Promise<string> {
  const dir = join(process.cwd(), `test-results/e2e-data-${port}/outbox`);
  for (let attempt = 0; attempt < 150; attempt++) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
    for (const name of names.reverse()) {
      const mail = JSON.parse(await readFile(join(dir, name), "utf8")) as { to: string[]; kind: string; text: string };
      if (mail.kind === kind && mail.to.includes(to)) return mail.text;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

CASES.forEach((c, index) => {
  test(`${c.store}: discount in the store's currency, its shipping countries and postcode rules, address line 2, one delivery date`, async ({
    page,
  }) => {
    const product = products[index] as (typeof products)[number];
    const now = new Date();
    const storeCountry: ShippingCountry = c.zone;
    const standard = deliveryDateFromDays(standardDeliveryDays(storeCountry), now, storeCountry);

    // Product page: the dates of standard delivery to the store's country, never a Sunday or a holiday.
    const name = product.names[LANGUAGE[c.store] as string] as string;
    await page.goto(`/${c.store}${productPath(name, product.productId)}`);
    const productDates = await deliveryDates(page.locator(".purchase__delivery"));
    expect(productDates).toEqual(standard);
    expectWorkingDays(productDates, storeCountry);

    // Basket: the same dates; the promotion named from its values in the store's currency, the locale's minus.
    await fillBasket(page, c, product.variantId, product.prices[c.zone]);
    await page.goto(`/${c.store}/cart/`);
    await expect(page.locator(".basket-summary__row--reduction")).toHaveCount(1);
    expect(await deliveryDates(page.locator(".basket-package__dates"))).toEqual(standard);
    const reduction = page.locator(".basket-summary__row--reduction");
    await expect(reduction).toHaveCount(1);
    expect(await textOf(reduction.locator("dt"))).toBe(c.promotion);
    expect(await textOf(reduction.locator("dd"))).toBe(c.discount);
    await shoot(page, `${c.store}-cart`);

    // Checkout as a guest: the store's shipping countries, the postcode hint of the chosen country.
    const guest = `addr.${c.store}.${Date.now().toString(36)}@example.com`;
    await page.goto(`/${c.store}/checkout/`);
    await ready(page);
    await page.locator('[name="email"]').fill(guest);
    await page.locator(".checkout-form__submit").click();
    await expect(page.locator('[data-step="address"].checkout-step--active')).toBeVisible();
    const country = page.locator('[name="shipping.countryCode"]');
    expect(
      await country.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(c.countries);
    await country.selectOption(c.other.code);
    await expect(page.locator("#co-shipping-zipCode-hint")).toHaveText(c.other.hint);
    await expect(page.locator('[name="shipping.addressLine2"]')).toBeVisible();
    if (c.store === "de") {
      // The server holds to the same rule as the hint: a Swiss postcode has 4 digits.
      await country.selectOption("CH");
      await page.locator('[name="shipping.firstName"]').fill("Urs");
      await page.locator('[name="shipping.lastName"]').fill("Meier");
      await page.locator('[name="shipping.street"]').fill("Bahnhofstrasse 9");
      await page.locator('[name="shipping.zipCode"]').fill("80011");
      await page.locator('[name="shipping.city"]').fill("Zürich");
      await page.locator(".checkout-form__submit").click();
      await expect(page.locator(".checkout-field__error").first()).toHaveText("Eine PLZ in der Schweiz hat 4 Ziffern.");
      await ready(page);
    }
    if (c.store === "en") {
      await page.locator('[name="shipping.firstName"]').fill("Sam");
      await page.locator('[name="shipping.lastName"]').fill("Taylor");
      await page.locator('[name="shipping.street"]').fill("10 Downing Street");
      await page.locator('[name="shipping.zipCode"]').fill("12345");
      await page.locator('[name="shipping.city"]').fill("London");
      await page.locator(".checkout-form__submit").click();
      await expect(page.locator(".checkout-field__error").first()).toHaveText(
        "Please enter a UK postcode, e.g. SW1A 1AA.",
      );
      await ready(page);
    }
    for (const [field, value] of Object.entries(c.address)) {
      const input = page.locator(`[name="shipping.${field}"]`);
      if (field === "countryCode") await input.selectOption(value);
      else await input.fill(value);
    }
    await shoot(page, `${c.store}-checkout-address`);
    await page.locator(".checkout-form__submit").click();
    await expect(page.locator('[data-step="delivery"].checkout-step--active')).toBeVisible();

    // Delivery: the same calculation, for the country the parcel goes to.
    const destination = c.address.countryCode as ShippingCountry;
    const checkoutDates = await deliveryDates(
      page.locator('[data-step="delivery"] input[value="standard"] + .checkout-choice__body [data-delivery-min]'),
    );
    expect(checkoutDates).toEqual(
      destination === storeCountry
        ? productDates
        : deliveryDateFromDays(standardDeliveryDays(destination), now, destination),
    );
    expectWorkingDays(checkoutDates, destination);
    await page.locator(".checkout-form__submit").click();
    await expect(page.locator('[data-step="payment"].checkout-step--active')).toBeVisible();
    await page.locator('input[name="paymentMethod"][value="prepayment"]').check();
    await page.locator(".checkout-form__submit").click();
    await expect(page.locator('[data-step="review"].checkout-step--active')).toBeVisible();
    const summaryReduction = page.locator(".checkout-summary .order-totals__row--reduction");
    expect(await textOf(summaryReduction.locator("dt"))).toBe(c.promotion);
    expect(await textOf(summaryReduction.locator("dd"))).toBe(c.discount);
    await page.getByTestId("place-order").click();

    // Confirmation: address line 2 and the discount as the store writes them.
    await expect(page).toHaveURL(new RegExp(`/${c.store}/success/\\?order=\\d{8}$`));
    const main = page.locator("main");
    await expect(main).toContainText(c.address.addressLine2 as string);
    await expect(main).toContainText(c.shownZip);
    const confirmed = page.locator(".order-totals__row--reduction").first();
    expect(await textOf(confirmed.locator("dt"))).toBe(c.promotion);
    expect(await textOf(confirmed.locator("dd"))).toBe(c.discount);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, `${c.store}-success`);

    // The confirmation mail says the same.
    const mail = squash(await mailTo(guest, "order-confirmation"));
    expect(mail).toContain(c.address.addressLine2 as string);
    expect(mail).toContain(c.discount);
  });
});

test("service pages and the account address book use each store's shipping countries", async ({ page }) => {
  const pages: [string, string, string][] = [
    ["de", "versand", "DE AT CH"],
    ["at", "versand", "AT DE CH"],
    ["ch", "versand", "CH DE AT"],
    ["fr-ch", "livraison", "CH DE AT"],
    ["en", "shipping", "DE AT CH GB"],
  ];
  for (const [store, slug, countries] of pages) {
    await page.goto(`/${store}/s/${slug}/`);
    await expect(page.locator(".shipping-rates")).toHaveAttribute("data-countries", countries);
    await expect(page.locator(".shipping-rates tbody tr")).toHaveCount(countries.split(" ").length);
    if (store === "de") await shoot(page, "de-shipping-page");
    if (store === "en") await shoot(page, "en-shipping-page");
  }
  // Swiss prices on the Swiss page, euros on the German one.
  await page.goto("/ch/s/versand/");
  await expect(page.locator('.shipping-rates tr[data-country="CH"] .shipping-rates__price').first()).toHaveText(
    "CHF\u00a07.90",
  );

  // The account address book (de): line 2, the store's countries, the hint follows the choice.
  await page.goto("/de/login/?register=true", { waitUntil: "networkidle" });
  const signUp = page.locator('form:has(input[name="intent"][value="sign-up"])');
  await signUp.locator('[name="firstName"]').fill("Lena");
  await signUp.locator('[name="lastName"]').fill("Berg");
  await signUp.locator('[name="email"]').fill(`addr.book.${Date.now().toString(36)}@example.com`);
  await signUp.locator('[name="password"]').fill("Sommer-2026-Berlin!");
  await signUp.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page).not.toHaveURL(/login/);
  await page.goto("/de/account/profile-details/?address=new#addresses", { waitUntil: "networkidle" });
  const form = page.locator("#address-form");
  const select = form.locator('[name="countryCode"]');
  expect(await select.locator("option").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual([
    "DE",
    "AT",
    "CH",
  ]);
  await select.selectOption("AT");
  await expect(form.locator("#address-zipCode-hint")).toHaveText("4 Ziffern für Österreich.");
  await form.locator('[name="street"]').fill("Ringstraße 1");
  await form.locator('[name="addressLine2"]').fill("Top 7");
  await form.locator('[name="zipCode"]').fill("10115");
  await form.locator('[name="city"]').fill("Wien");
  await form.getByRole("button", { name: "Adresse speichern" }).click();
  await expect(page.getByText("Eine Postleitzahl in Österreich hat 4 Ziffern.")).toBeVisible();
  await page.locator("#address-form [name='zipCode']").fill("1010");
  await shoot(page, "de-account-address");
  await page.locator("#address-form").getByRole("button", { name: "Adresse speichern" }).click();
  await expect(page.locator(".account-address").first()).toContainText("Top 7");
});
