import { type ShopCtx, shopCtx } from "@vitrine/commerce";
import type { Shop } from "@vitrine/commerce/shops";
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext, shopContext } from "./context.ts";
import type { CaptureReplay } from "./page-cache.server.ts";
import type { Services } from "./services.server.ts";

/** Everything a store page's loader or action usually needs, from the request context. */
export interface StoreRequest {
  services: Services;
  /** The commerce context of this request in its store: what every service call gets first. */
  ctx: ShopCtx;
  shop: Shop;
  browserId: string;
  csrfToken: string;
  editorMode: boolean;
  /** Adds a Set-Cookie header to the response. */
  setCookie(cookie: string): void;
  /**
   * Says that the page is the same for every anonymous visitor, so the page cache may keep it
   * (lib/page-cache.server.ts): `products` are what the page is about (a product or outfit page; otherwise it
   * counts as showing many products), `capture` a listing or search the page logged, logged again on each hit.
   */
  cachePage(options?: { products?: readonly number[]; capture?: CaptureReplay }): void;
}

export function storeRequest(context: Readonly<RouterContextProvider>): StoreRequest {
  const state = context.get(requestContext);
  const shop = context.get(shopContext);
  return {
    services: context.get(servicesContext),
    ctx: shopCtx(state.ctx, shop),
    shop,
    browserId: state.browserId,
    csrfToken: state.csrfToken,
    editorMode: state.editorMode,
    setCookie: (cookie) => state.setCookies.push(cookie),
    cachePage(options = {}) {
      const render = state.pageRender;
      if (!render) return;
      render.cacheable = true;
      if (options.products) render.products = options.products;
      if (options.capture) render.captures.push(options.capture);
    },
  };
}
