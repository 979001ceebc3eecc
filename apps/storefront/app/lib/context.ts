import type { Ctx } from "@vitrine/commerce";
import type { Shop } from "@vitrine/commerce/shops";
import { createContext } from "react-router";
import type { PageRender } from "./page-cache.server.ts";
import type { Services } from "./services.server.ts";

/** Per-request state the root middleware prepares for loaders and actions. */
export interface RequestState {
  /** The commerce context of this request (database, clock, configuration, logger with the request id). */
  ctx: Ctx;
  /** HttpOnly id of this browser: keys a guest's basket and wishlist. */
  browserId: string;
  /** Double-submit CSRF token (also in the readable `vitrine_csrf` cookie). */
  csrfToken: string;
  /** The Content-Security-Policy nonce of this answer's scripts (lib/security.server.ts). */
  nonce: string;
  /** Cookies to add to the response. */
  setCookies: string[];
  /** Preview-editor mode: the page must not be cached. */
  editorMode: boolean;
  /** Set while the page cache renders a page it may keep (lib/page-cache.server.ts). */
  pageRender?: PageRender | undefined;
}

export const servicesContext = createContext<Services>();
export const requestContext = createContext<RequestState>();
export const shopContext = createContext<Shop>();
