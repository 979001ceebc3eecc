import { withShopName } from "@vitrine/commerce/shop-name";
import type { MetaDescriptor } from "react-router";
import { messagesOf } from "../i18n/registry.ts";

interface MatchLike {
  id: string;
  meta?: MetaDescriptor[];
  loaderData?: unknown;
}

/**
 * Meta of the basket and wishlist pages: the tags of the nearest layout that has any, with the page's title
 * ("Warenkorb | Vitrine") from the store's messages, and never indexed.
 */
export function pageTitleMeta(matches: readonly (MatchLike | undefined)[], titleKey: string): MetaDescriptor[] {
  const present = matches.filter((m): m is MatchLike => m !== undefined);
  const store = present.find((m) => m.id === "routes/store")?.loaderData as
    | { shop: { locale: string }; shopName?: string }
    | undefined;
  const messages = store ? messagesOf(store.shop.locale) : {};
  const title = withShopName(
    [messages[titleKey], messages["common.shop_name"]].filter(Boolean).join(" | "),
    store?.shopName,
  );
  const inherited =
    [...present]
      .reverse()
      .slice(1)
      .find((m) => (m.meta?.length ?? 0) > 0)?.meta ?? [];
  const keyOf = (d: MetaDescriptor) => ("title" in d ? "title" : "name" in d ? String(d.name) : "");
  return [
    ...inherited.filter((d) => keyOf(d) !== "title" && keyOf(d) !== "robots"),
    ...(title ? [{ title }] : []),
    { name: "robots", content: "noindex, follow" },
  ];
}
