/** The five country stores of Vitrine (ARCHITECTURE.md, store table; specification section 9). */

export type StoreCode = "de" | "at" | "ch" | "fr-ch" | "en";
export type Language = "de" | "fr" | "en";
export type Currency = "EUR" | "CHF";
/** Prices, tax and delivery are set per country zone; the English store sells from Germany. */
export type PriceZone = "DE" | "AT" | "CH";

export interface Shop {
  code: StoreCode;
  shopId: number;
  locale: string;
  language: Language;
  country: PriceZone;
  currency: Currency;
  trackingId: string;
  /** URL prefix without slashes, as it appears in `/de/…`. */
  pathPrefix: StoreCode;
  /** VAT rate in basis points of 1 (19 % = 0.19). */
  vatRate: number;
  flag: "de" | "at" | "ch" | "eu";
  /** Name of the store in its own language, for the store switcher. */
  label: string;
}

/** VAT by destination country (the United Kingdom's VAT is charged at sale on parcels of low value). */
export const VAT_RATES: Record<PriceZone | "GB", number> = { DE: 0.19, AT: 0.2, CH: 0.081, GB: 0.2 };

export const SHOPS: readonly Shop[] = [
  {
    code: "de",
    shopId: 10028,
    locale: "de-DE",
    language: "de",
    country: "DE",
    currency: "EUR",
    trackingId: "comma_de",
    pathPrefix: "de",
    vatRate: VAT_RATES.DE,
    flag: "de",
    label: "Deutschland",
  },
  {
    code: "at",
    shopId: 10029,
    locale: "de-AT",
    language: "de",
    country: "AT",
    currency: "EUR",
    trackingId: "comma_at",
    pathPrefix: "at",
    vatRate: VAT_RATES.AT,
    flag: "at",
    label: "Österreich",
  },
  {
    code: "ch",
    shopId: 10030,
    locale: "de-CH",
    language: "de",
    country: "CH",
    currency: "CHF",
    trackingId: "comma_ch",
    pathPrefix: "ch",
    vatRate: VAT_RATES.CH,
    flag: "ch",
    label: "Schweiz (Deutsch)",
  },
  {
    code: "fr-ch",
    shopId: 10031,
    locale: "fr-CH",
    language: "fr",
    country: "CH",
    currency: "CHF",
    trackingId: "comma_ch",
    pathPrefix: "fr-ch",
    vatRate: VAT_RATES.CH,
    flag: "ch",
    label: "Suisse (français)",
  },
  {
    code: "en",
    shopId: 10032,
    locale: "en-GB",
    language: "en",
    // GB maps to DE: the English store sells and ships from Germany.
    country: "DE",
    currency: "EUR",
    trackingId: "comma_eu",
    pathPrefix: "en",
    vatRate: VAT_RATES.DE,
    flag: "eu",
    label: "International (English)",
  },
];

export const DEFAULT_SHOP: Shop = SHOPS[0] as Shop;
export const STORE_CODES: readonly StoreCode[] = SHOPS.map((s) => s.code);
export const LANGUAGES: readonly Language[] = ["de", "fr", "en"];

const byCode = new Map<string, Shop>(SHOPS.map((s) => [s.code, s]));
const byId = new Map<number, Shop>(SHOPS.map((s) => [s.shopId, s]));

export function shopByCode(code: string | undefined | null): Shop | undefined {
  return code ? byCode.get(code.toLowerCase()) : undefined;
}

export function shopById(id: number | string | undefined | null): Shop | undefined {
  if (id === undefined || id === null || id === "") return undefined;
  const n = typeof id === "number" ? id : Number(id);
  return Number.isInteger(n) ? byId.get(n) : undefined;
}

export function isStoreCode(value: string): value is StoreCode {
  return byCode.has(value);
}

/** Tracking id by locale (specification section 9): anything unknown falls back to the German one. */
export function trackingIdForLocale(locale: string): string {
  switch (locale) {
    case "de-DE":
      return "comma_de";
    case "de-AT":
      return "comma_at";
    case "de-CH":
    case "fr-CH":
      return "comma_ch";
    case "en-GB":
      return "comma_eu";
    default:
      return "comma_de";
  }
}

/** Country used for prices and delivery: GB maps to DE (specification section 9). */
export function normaliseCountry(country: string): PriceZone | undefined {
  const c = country.toUpperCase();
  if (c === "GB") return "DE";
  return c === "DE" || c === "AT" || c === "CH" ? c : undefined;
}

/** The shop that serves a language and country pair, as the search context names it. */
export function shopForContext(language: string, country: string, currency?: string): Shop | undefined {
  const zone = normaliseCountry(country);
  return SHOPS.find(
    (s) =>
      s.language === language.toLowerCase() &&
      s.country === zone &&
      (currency === undefined || s.currency === currency.toUpperCase()),
  );
}
