import { describe, expect, it } from "vitest";
import { formatMoney, formatNumber, formatPercent, intlMoney, intlNumber, taxOf, withoutTax } from "./money.ts";
import { SHOPS } from "./shops.ts";

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

describe("money and counts written without Intl", () => {
  // Amounts and counts of every size class: zero, cents only, each grouping step, negatives, the largest cents.
  const amounts = [
    0, 1, 5, 10, 99, 100, 995, 1000, 1995, 9999, 10000, 99999, 100000, 107475, 1234567, 99999999, 100000000, 123456789,
    999999999999999,
  ];
  const locales = [...new Set(SHOPS.map((shop) => shop.locale))];

  it("writes every shop locale's amounts in both currencies exactly as Intl.NumberFormat does", () => {
    for (const locale of locales) {
      for (const currency of ["EUR", "CHF"] as const) {
        for (const cents of amounts.flatMap((a) => [a, -a])) {
          for (const whole of [false, true]) {
            const expected = intlMoney(cents, { locale, currency }, whole && cents % 100 === 0);
            expect(formatMoney(cents, { locale, currency }, { whole }), `${locale} ${currency} ${cents} ${whole}`).toBe(
              expected,
            );
          }
        }
      }
    }
  });

  it("writes whole numbers as Intl.NumberFormat does, and leaves fractions and other locales to it", () => {
    for (const locale of locales) {
      for (const value of amounts.flatMap((a) => [a, -a])) {
        expect(formatNumber(value, locale), `${locale} ${value}`).toBe(intlNumber(value, locale));
      }
      expect(formatNumber(12.5, locale)).toBe(intlNumber(12.5, locale));
    }
    expect(formatNumber(1234, "de-DE")).toBe("1.234");
    expect(formatNumber(1234.5, "de-DE")).toBe("1.234,5");
    expect(formatMoney(1995, { locale: "fr-FR", currency: "EUR" })).toBe(
      intlMoney(1995, { locale: "fr-FR", currency: "EUR" }, false),
    );
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
