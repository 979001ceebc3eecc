import { describe, expect, it } from "vitest";
import { formatMoney, formatNumber, formatPercent, taxOf, withoutTax } from "./money.ts";

describe("formatMoney", () => {
  it("formats cents in each store's locale and currency with fixed symbols", () => {
    expect(formatMoney(107475, { locale: "de-DE", currency: "EUR" })).toBe("1.074,75\u00a0€");
    expect(formatMoney(107475, { locale: "de-AT", currency: "EUR" })).toBe("€\u00a01\u00a0074,75");
    expect(formatMoney(107475, { locale: "de-CH", currency: "CHF" })).toBe("CHF\u00a01’074.75");
    expect(formatMoney(107475, { locale: "fr-CH", currency: "CHF" })).toBe("1\u202f074.75\u00a0CHF");
    expect(formatMoney(107475, { locale: "en-GB", currency: "EUR" })).toBe("€1,074.75");
  });

  it("does not depend on the runtime's ICU data for Swiss amounts (hydration must match)", () => {
    // Node and Chromium disagree on the Swiss group separator; the shop writes its own.
    expect(formatMoney(123456789, { locale: "fr-CH", currency: "CHF" })).not.toMatch(/'/);
    expect(formatNumber(1234567, "fr-CH")).toBe("1\u202f234\u202f567");
  });
});

describe("negative amounts and whole amounts", () => {
  it("puts the locale's minus sign before the whole amount, currency sign included", () => {
    expect(formatMoney(-1000, { locale: "de-DE", currency: "EUR" })).toBe("-10,00\u00a0€");
    expect(formatMoney(-1000, { locale: "de-AT", currency: "EUR" })).toBe("-€\u00a010,00");
    expect(formatMoney(-1000, { locale: "de-CH", currency: "CHF" })).toBe("-CHF\u00a010.00");
    expect(formatMoney(-1000, { locale: "fr-CH", currency: "CHF" })).toBe("-10.00\u00a0CHF");
    expect(formatMoney(-1000, { locale: "en-GB", currency: "EUR" })).toBe("-€10.00");
  });

  it("leaves out the cents of whole amounts when asked", () => {
    expect(formatMoney(12000, { locale: "de-CH", currency: "CHF" }, { whole: true })).toBe("CHF\u00a0120");
    expect(formatMoney(10000, { locale: "de-DE", currency: "EUR" }, { whole: true })).toBe("100\u00a0€");
    expect(formatMoney(995, { locale: "en-GB", currency: "EUR" }, { whole: true })).toBe("€9.95");
  });

  it("writes percentages as the locale does", () => {
    expect(formatPercent(0.2, "de-DE")).toBe("20\u00a0%");
    expect(formatPercent(0.2, "en-GB")).toBe("20%");
    expect(formatPercent(0.1, "fr-CH")).toBe("10%"); // Swiss French, unlike French of France
  });
});

describe("VAT split", () => {
  it("takes the net amount out of a gross amount at the zone's rate", () => {
    expect(withoutTax(11900, "DE")).toBe(10000);
    expect(withoutTax(12000, "AT")).toBe(10000);
    expect(withoutTax(10810, "CH")).toBe(10000);
    expect(taxOf(11900, "DE")).toBe(1900);
  });
});
