import type { MetaDescriptor } from "react-router";
import type { MessageValues } from "../i18n/message.ts";
import { type MetaMatchLike, metaTranslator, pageMeta } from "./meta.ts";

/** Meta of a page titled from the store's messages (checkout, order and returns pages), never indexed. */
export function titledMeta(
  matches: readonly (MetaMatchLike | undefined)[],
  titleKey: string,
  values?: MessageValues,
  robots = "noindex, nofollow",
): MetaDescriptor[] {
  const present = matches.filter((m): m is MetaMatchLike => m !== undefined);
  return pageMeta(present, { title: metaTranslator(present)?.(titleKey, values), robots });
}
