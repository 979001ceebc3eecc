import { describe, expect, it } from "vitest";
import { loadConfig, loadConfigWithSources } from "../config.ts";
import { type Shop, shopByCode } from "../shop/shops.ts";
import { DEMO_PAYMENT_SETTINGS } from "./demo-settings.ts";
import { formatGiftCardCode, maskGiftCardCode, normalizeGiftCardCode } from "./gift-cards.ts";
import {
  availablePaymentMethods,
  PAYMENT_PROVIDERS,
  paymentSettings,
  transfersWithoutAccount,
  transferTerms,
} from "./methods.ts";
import { cardBrand, luhnValid, SANDBOX_TEST_CARDS, validateCard } from "./sandbox.ts";

const now = new Date("2026-06-01T10:00:00Z");
const card = { number: SANDBOX_TEST_CARDS.success, expiry: "12/30", cvc: "123", holder: "Lena Berg" };

describe("sandbox provider: card checks", () => {
  it("knows valid card numbers by their check digit and brand", () => {
    for (const number of Object.values(SANDBOX_TEST_CARDS)) expect(luhnValid(number.replace(/\s/g, ""))).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
  });

  it("names every problem of the card form at once", () => {
    expect(validateCard(card, now)).toEqual([]);
    expect(validateCard({ number: "", expiry: "", cvc: "", holder: " " }, now)).toEqual([
      { field: "number", code: "required" },
      { field: "expiry", code: "required" },
      { field: "cvc", code: "required" },
      { field: "holder", code: "required" },
    ]);
    expect(validateCard({ ...card, number: "4242 4242 4242 4241", expiry: "13/30", cvc: "12" }, now)).toEqual([
      { field: "number", code: "invalid_card_number" },
      { field: "expiry", code: "invalid_expiry" },
      { field: "cvc", code: "invalid_cvc" },
    ]);
    // Valid until the end of the expiry month.
    expect(validateCard({ ...card, expiry: "06/26" }, now)).toEqual([]);
    expect(validateCard({ ...card, expiry: "05/26" }, now)).toEqual([{ field: "expiry", code: "expired" }]);
    expect(validateCard({ ...card, expiry: "12/2030" }, now)).toEqual([]);
  });
});

describe("payment methods per store", () => {
  const shop = (code: string) => shopByCode(code) as Shop;
  const ids = (code: string, country: "DE" | "AT" | "CH") =>
    availablePaymentMethods({ shop: shop(code), shippingCountry: country, settings }).map((p) => p.id);
  const settings = paymentSettings(loadConfig({ ...DEMO_PAYMENT_SETTINGS }));

  it("offers cash on delivery in Germany only, with its fee", () => {
    expect(ids("de", "DE")).toContain("cash_on_delivery");
    expect(ids("de", "AT")).not.toContain("cash_on_delivery");
    expect(ids("en", "DE")).toContain("cash_on_delivery");
    expect(ids("at", "AT")).not.toContain("cash_on_delivery");
    expect(ids("ch", "CH")).not.toContain("cash_on_delivery");
    expect(PAYMENT_PROVIDERS.cash_on_delivery.fee({ shop: shop("de"), shippingCountry: "DE" })).toBe(300);
  });

  it("sends card and PayPal to the hosted page and knows how each order starts", () => {
    expect(
      Object.values(PAYMENT_PROVIDERS)
        .filter((p) => p.hosted)
        .map((p) => p.id),
    ).toEqual(["credit_card", "paypal"]);
    expect(PAYMENT_PROVIDERS.invoice.statusAtPlacement).toBe("awaiting_payment");
    expect(PAYMENT_PROVIDERS.cash_on_delivery.statusAtPlacement).toBe("due_on_delivery");
    expect(PAYMENT_PROVIDERS.credit_card.statusAtPlacement).toBe("paid");
    expect(ids("en", "DE")).not.toContain("invoice");
  });

  it("gives bank details in the order's currency with the order number as reference", () => {
    const placedAt = "2026-06-01T10:00:00Z";
    const order = { number: "12345678", amountDue: 4990, paymentFee: 0, placedAt };
    const terms = transferTerms(settings, "invoice", "CHF", placedAt);
    expect(PAYMENT_PROVIDERS.invoice.instructions({ ...order, terms, currency: "CHF" })).toMatchObject({
      kind: "bank_transfer",
      reference: "12345678",
      amount: 4990,
      dueDate: "2026-06-15",
      account: { iban: "CH93 0076 2011 6238 5295 7" },
    });
    expect(PAYMENT_PROVIDERS.credit_card.instructions({ ...order, terms: null, currency: "EUR" })).toBeNull();
    expect(transferTerms(settings, "credit_card", "EUR", placedAt)).toBeNull();
  });

  it("takes the legal name, accounts, due days and store methods from the operator's settings", () => {
    const own = paymentSettings(
      loadConfig({
        SHOP_LEGAL_NAME: "Modehaus Berg GmbH",
        BANK_ACCOUNT_EUR: "|Sparkasse Köln|DE02 3705 0198 0000 0000 00|COLSDE33XXX",
        INVOICE_DUE_DAYS: "30",
        PREPAYMENT_DUE_DAYS: "3",
        PAYMENT_METHODS: "de:paypal+prepayment;en:credit_card",
      }),
    );
    const placedAt = "2026-06-01T10:00:00Z";
    expect(transferTerms(own, "invoice", "EUR", placedAt)).toEqual({
      account: {
        holder: "Modehaus Berg GmbH",
        bank: "Sparkasse Köln",
        iban: "DE02 3705 0198 0000 0000 00",
        bic: "COLSDE33XXX",
      },
      dueDate: "2026-07-01",
    });
    expect(transferTerms(own, "prepayment", "EUR", placedAt)?.dueDate).toBe("2026-06-04");
    const de = availablePaymentMethods({ shop: shop("de"), shippingCountry: "DE", settings: own }).map((p) => p.id);
    expect(de).toEqual(["paypal", "prepayment"]);
    // A store the setting leaves out keeps its usual methods.
    const at = availablePaymentMethods({ shop: shop("at"), shippingCountry: "AT", settings: own }).map((p) => p.id);
    expect(at).toEqual(["credit_card", "paypal", "invoice", "prepayment"]);
    // No CHF account: the Swiss stores offer no transfer, the others still do.
    const ch = availablePaymentMethods({ shop: shop("ch"), shippingCountry: "CH", settings: own }).map((p) => p.id);
    expect(ch).toEqual(["credit_card", "paypal"]);
    expect(() => transferTerms(own, "invoice", "CHF", placedAt)).toThrow(/no bank account for CHF/);
    expect(() => loadConfig({ BANK_ACCOUNT_CHF: "no account" })).toThrow(/BANK_ACCOUNT_CHF/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_12345678" })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });
});

describe("gift card codes", () => {
  it("are compared without spaces, dashes or case, shown in groups and masked on receipts", () => {
    expect(normalizeGiftCardCode(" demo-gift 50eu ")).toBe("DEMOGIFT50EU");
    expect(formatGiftCardCode("DEMOGIFT50EU")).toBe("DEMO-GIFT-50EU");
    expect(maskGiftCardCode("DEMOGIFT50EU")).toBe("•••• 50EU");
  });
});

describe("the shop's legal name and bank accounts", () => {
  it("has no legal name or bank account of its own: invoice and prepayment wait for the operator's", () => {
    const none = paymentSettings(loadConfig({}));
    expect(none.legalName).toBeUndefined();
    expect(none.accounts).toEqual({});
    for (const [code, country] of [
      ["de", "DE"],
      ["at", "AT"],
      ["ch", "CH"],
      ["fr-ch", "CH"],
    ] as const) {
      const offered = availablePaymentMethods({
        shop: shopByCode(code) as Shop,
        shippingCountry: country,
        settings: none,
      });
      expect(offered.map((p) => p.id)).not.toContain("invoice");
      expect(offered.map((p) => p.id)).not.toContain("prepayment");
    }
    expect(transfersWithoutAccount(none).map((gap) => `${gap.store}:${gap.currency}`)).toEqual([
      "de:EUR",
      "at:EUR",
      "ch:CHF",
      "fr-ch:CHF",
      "en:EUR",
    ]);
    const euroOnly = paymentSettings(
      loadConfig({ SHOP_LEGAL_NAME: "Modehaus Berg GmbH", BANK_ACCOUNT_EUR: DEMO_PAYMENT_SETTINGS.BANK_ACCOUNT_EUR }),
    );
    expect(transfersWithoutAccount(euroOnly).map((gap) => gap.store)).toEqual(["ch", "fr-ch"]);
    // An account without a holder needs the legal name to name one.
    expect(paymentSettings(loadConfig({ BANK_ACCOUNT_EUR: DEMO_PAYMENT_SETTINGS.BANK_ACCOUNT_EUR })).accounts).toEqual(
      {},
    );
  });

  it("fills in the demo shop's details for a start with the demo catalogue, never over the operator's", () => {
    const demo = loadConfigWithSources({ DEMO_PRODUCTS: "400" });
    expect(demo.config.SHOP_LEGAL_NAME).toBe(DEMO_PAYMENT_SETTINGS.SHOP_LEGAL_NAME);
    expect(demo.sources.BANK_ACCOUNT_CHF).toBe("demo");
    const own = loadConfigWithSources({ DEMO_PRODUCTS: "400", SHOP_LEGAL_NAME: "Modehaus Berg GmbH" });
    expect(own.config.SHOP_LEGAL_NAME).toBe("Modehaus Berg GmbH");
    expect(own.sources.SHOP_LEGAL_NAME).toBe("env");
    expect(paymentSettings(own.config).accounts.EUR?.holder).toBe("Modehaus Berg GmbH");
  });
});
