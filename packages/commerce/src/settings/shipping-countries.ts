import type { Ctx } from "../context.ts";
import { parseJson } from "../json.ts";
import { DEFAULT_SHIPPING_COUNTRIES, isShippingCountry, type ShippingCountry } from "../shop/shipping-countries.ts";
import type { Shop } from "../shop/shops.ts";
import { getSetting, setSetting } from "./settings.ts";

/**
 * The one setting that says where a store delivers (a JSON list of country codes, the first one preselected in
 * forms). Checkout, the address book, the service pages and the server's address validation all read it here.
 */

const keyOf = (shop: Pick<Shop, "code">) => `shipping_countries.${shop.code}`;

export async function shippingCountriesOf(
  ctx: Pick<Ctx, "db">,
  shop: Pick<Shop, "code">,
): Promise<readonly ShippingCountry[]> {
  const stored = parseJson<unknown>(await getSetting(ctx, keyOf(shop)), null);
  const list = Array.isArray(stored) ? stored.filter((c): c is ShippingCountry => isShippingCountry(String(c))) : [];
  return list.length > 0 ? list : DEFAULT_SHIPPING_COUNTRIES[shop.code];
}

export async function setShippingCountries(
  ctx: Pick<Ctx, "db">,
  shop: Pick<Shop, "code">,
  countries: readonly string[],
  now: Date,
): Promise<{ ok: true; countries: ShippingCountry[] } | { ok: false; unknown: string[] }> {
  const codes = [...new Set(countries.map((c) => c.trim().toUpperCase()))];
  const unknown = codes.filter((c) => !isShippingCountry(c));
  if (unknown.length > 0 || codes.length === 0) return { ok: false, unknown };
  await setSetting(ctx, keyOf(shop), JSON.stringify(codes), now);
  return { ok: true, countries: codes as ShippingCountry[] };
}
