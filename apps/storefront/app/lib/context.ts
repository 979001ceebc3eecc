import type { Ctx } from "@vitrine/commerce";
import type { Shop } from "@vitrine/commerce/shops";
import { createContext } from "react-router";
import type { ShellInput } from "../components/shell-markup.tsx";
import type { PageCaching } from "./http-cache.ts";
import type { Services } from "./services.server.ts";

/** Per-request state the root middleware prepares for loaders and actions. */
export interface RequestState {
  /** The commerce context of this request (database, clock, configuration, logger with the request id). */
  ctx: Ctx;
  /** HttpOnly id of this browser: keys a guest's basket and wishlist. */
  browserId: string;
  /** The Content-Security-Policy nonce of this answer's scripts (lib/security.server.ts). */
  nonce: string;
  /** Cookies to add to the response. */
  setCookies: string[];
  /** Preview-editor mode: the page must not be cached. */
  editorMode: boolean;
  /** Set by a loader whose page every shopper of the store shares (lib/http-cache.ts). */
  caching?: PageCaching | undefined;
  /** Set when the page carries the shopper's own data: never shared, whatever a loader said. */
  personal?: boolean | undefined;
  /** What the store's shell shows (the store loader): the document render embeds its static HTML. */
  shell?: { locale: string; shopName: string; input: ShellInput } | undefined;
}

export const servicesContext = createContext<Services>();
export const requestContext = createContext<RequestState>();
export const shopContext = createContext<Shop>();
