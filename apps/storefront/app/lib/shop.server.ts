import { type ShopCtx, shopCtx } from "@vitrine/commerce";
import type { Shop } from "@vitrine/commerce/shops";
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext, shopContext } from "./context.ts";
import type { PageCapture } from "./http-cache.ts";
import type { Services } from "./services.server.ts";

/** Everything a store page's loader or action usually needs, from the request context. */
export interface StoreRequest {
  services: Services;
  /** The commerce context of this request in its store: what every service call gets first. */
  ctx: ShopCtx;
  shop: Shop;
  browserId: string;
  editorMode: boolean;
  /** Adds a Set-Cookie header to the response. */
  setCookie(cookie: string): void;
  /**
   * Says that the page is the same for every shopper of the store, so shared HTTP caches may keep it
   * (lib/http-cache.ts): `products` are what the page is about (a product or outfit page; otherwise it counts as
   * showing many products), `tags` more purge tags (page type, content entry), `capture` the search or listing
   * the page logged (a kept copy logs it again for each view it answers).
   */
  cachePage(options?: { products?: readonly number[]; tags?: string[]; capture?: PageCapture | undefined }): void;
  /** Says that the answer holds the shopper's own data (the session was read): it is never shared. */
  personal(): void;
}

export function storeRequest(context: Readonly<RouterContextProvider>): StoreRequest {
  const state = context.get(requestContext);
  const shop = context.get(shopContext);
  return {
    services: context.get(servicesContext),
    ctx: shopCtx(state.ctx, shop),
    shop,
    browserId: state.browserId,
    editorMode: state.editorMode,
    setCookie: (cookie) => state.setCookies.push(cookie),
    personal() {
      state.personal = true;
    },
    cachePage(options = {}) {
      if (state.editorMode) return;
      state.caching = { products: options.products, tags: options.tags ?? [], capture: options.capture };
    },
  };
}
