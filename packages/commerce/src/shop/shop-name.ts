/**
 * The shop's name in its texts. Messages, page titles and mails carry the default name, which stands for whatever
 * name the owner set in the shop settings (settings/shop-settings.ts): one rule for the storefront (browser and
 * server) and the mails, and an untouched shop's texts stay exactly as written.
 */

/** The name the shop's texts carry until the owner gives another one. */
export const DEFAULT_SHOP_NAME = "Vitrine";

/** A text in the shop's name (unchanged for the default name or none). */
export function withShopName(text: string, name: string | undefined): string {
  return !name || name === DEFAULT_SHOP_NAME ? text : text.replaceAll(DEFAULT_SHOP_NAME, name);
}
