import type { StoreCode } from "./shops.ts";

/**
 * The countries the shop can deliver to, each with its postcode rule. Which of them a store offers is one setting
 * per store (`shipping_countries.{store}`, settings/shipping-countries.ts); service pages, checkout, the
 * address book and the server's validation all read that one setting and these rules. Browser-safe: the forms
 * import the rules to show the hint and pattern of the chosen country.
 */

export const SHIPPING_COUNTRY_CODES = ["DE", "AT", "CH", "GB"] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRY_CODES)[number];

export type PostcodeRule =
  /** A fixed number of digits. */
  | { kind: "digits"; digits: number; pattern: string }
  /** A format told by example (the United Kingdom's "SW1A 1AA"). */
  | { kind: "format"; example: string; pattern: string };

const digits = (n: number): PostcodeRule => ({ kind: "digits", digits: n, pattern: `[0-9]{${n}}` });

export const POSTCODE_RULES: Record<ShippingCountry, PostcodeRule> = {
  DE: digits(5),
  AT: digits(4),
  CH: digits(4),
  // Outward code (area, district) and inward code (sector, unit), the space optional.
  GB: { kind: "format", example: "SW1A 1AA", pattern: "[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}" },
};

/** What a store offers until the merchant sets its list: the service pages promise Germany, Austria, Switzerland. */
export const DEFAULT_SHIPPING_COUNTRIES: Record<StoreCode, readonly ShippingCountry[]> = {
  de: ["DE", "AT", "CH"],
  at: ["AT", "DE", "CH"],
  ch: ["CH", "DE", "AT"],
  "fr-ch": ["CH", "DE", "AT"],
  // The international store also delivers to the United Kingdom.
  en: ["DE", "AT", "CH", "GB"],
};

export function isShippingCountry(value: string): value is ShippingCountry {
  return (SHIPPING_COUNTRY_CODES as readonly string[]).includes(value);
}

/** The postcode as it is stored: trimmed; a UK postcode upper-cased with its one space. */
export function normalisePostcode(country: string, postcode: string): string {
  const value = postcode.trim();
  if (country !== "GB") return value;
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** Whether a (normalised) postcode follows the country's rule; countries without a rule accept any. */
export function isValidPostcode(country: string, postcode: string): boolean {
  const rule = isShippingCountry(country) ? POSTCODE_RULES[country] : undefined;
  return !rule || new RegExp(`^(?:${rule.pattern})$`).test(postcode);
}
