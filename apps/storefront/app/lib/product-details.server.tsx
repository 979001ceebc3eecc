import type { Shop } from "@vitrine/commerce/shops";
import { renderToStaticMarkup } from "react-dom/server";
import { ProductDetails, type ProductDetailsProps } from "../components/product/ProductDetails.tsx";
import { I18nProvider } from "../i18n/i18n.tsx";
import { messagesForLocale } from "../i18n/messages.server.ts";

/**
 * The product page's detail sections as HTML, in the store's language. The page inserts it as it is, on the
 * server and after a client navigation alike, so the sections need no JavaScript of their own.
 */
export function renderProductDetails(props: Omit<ProductDetailsProps, "shop">, shop: Shop): string {
  return renderToStaticMarkup(
    <I18nProvider locale={shop.locale} messages={messagesForLocale(shop.language, shop.locale)}>
      <ProductDetails {...props} shop={shop} />
    </I18nProvider>,
  );
}
