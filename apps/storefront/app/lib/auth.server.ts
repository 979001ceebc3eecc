import {
  type AccountAuth,
  type AccountMailContext,
  type AccountMails,
  type ClientRequest,
  type Customer,
  clientAddress,
  createAccountAuth,
  mergeBaskets,
  mergeWishlists,
  type OutboxMessage,
  publicUrl,
  renderMail,
  sessionCustomer,
  type VitrineConfig,
} from "@vitrine/commerce";
import { type Shop, shopByCode } from "@vitrine/commerce/shops";
import { redirect } from "react-router";
import { createTranslator } from "../i18n/i18n.tsx";
import { messagesForLocale } from "../i18n/messages.server.ts";
import { isHttps, safeRedirectPath } from "./security.server.ts";
import type { Services } from "./services.server.ts";
import type { StoreRequest } from "./shop.server.ts";
import { localizedPath, parseStorePath } from "./store.ts";

/** The signed-in customer of a request (specification section 3, User). */
export interface CurrentCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  groups: string[];
  /** Signed in after a guest checkout, without a password: no account pages, no checkout. */
  isGuestCustomer: boolean;
  referenceKey: string;
  phone: string | null;
  birthDate: string | null;
  loyaltyCards: { number: string }[];
}

export function currentCustomerOf(customer: Customer): CurrentCustomer {
  return {
    id: customer.id,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    groups: customer.groups,
    isGuestCustomer: customer.status.isGuestCustomer,
    referenceKey: customer.referenceKey,
    phone: customer.phone,
    birthDate: customer.birthDate,
    loyaltyCards: customer.loyaltyCards,
  };
}

// One better-auth instance per process and scheme: cookies over HTTPS are `Secure` and `__Secure-` prefixed.
const instances = new WeakMap<Services, Map<boolean, AccountAuth>>();

export function accountAuth(services: Services, secure: boolean): AccountAuth {
  let bySecure = instances.get(services);
  if (!bySecure) {
    bySecure = new Map();
    instances.set(services, bySecure);
  }
  let auth = bySecure.get(secure);
  if (!auth) {
    auth = createAccountAuth({
      db: services.db,
      clock: services.clock,
      secret: services.secret,
      baseURL: publicUrl(services.config),
      secureCookies: secure,
      passwordResetMail: (mail) => passwordResetMail(services, mail),
    });
    bySecure.set(secure, auth);
  }
  return auth;
}

/** The context of the accounts services for a request: its mails are worded in the request's store. */
export function accountsContext(store: StoreRequest, request: Request): AccountMailContext {
  return {
    ...store.ctx,
    auth: accountAuth(store.services, isHttps(request, store.services.config)),
    mails: accountMails(store),
  };
}

/** The account mails of a store: the guest's link to keep the account, the alert about failed sign-ins. */
function accountMails(store: StoreRequest): AccountMails {
  const { shop } = store;
  const origin = publicUrl(store.services.config);
  const texts = () => createTranslator(messagesForLocale(shop.language, shop.locale), shop.locale);
  const common = (t: ReturnType<typeof texts>) => ({
    footer: t("account.mail.footer"),
    language: shop.language,
    shopName: t("common.shop_name"),
  });
  return {
    guestConversion(to, token) {
      const t = texts();
      const link = `${origin}${localizedPath(shop, "/login/callback/")}?flow=convert&token=${encodeURIComponent(token)}`;
      return renderMail({
        subject: t("account.mail.convert.subject"),
        preheader: t("account.mail.convert.preheader"),
        heading: t("account.mail.reset.heading", { name: to.name || to.email }),
        paragraphs: [t("account.mail.convert.body")],
        action: { label: t("account.mail.convert.action"), url: link },
        notes: [t("account.mail.convert.expiry"), t("account.mail.convert.ignore")],
        ...common(t),
      });
    },
    failedSignIns(to) {
      const t = texts();
      return renderMail({
        subject: t("account.mail.sign_in_alert.subject"),
        preheader: t("account.mail.sign_in_alert.preheader"),
        heading: t("account.mail.reset.heading", { name: to.name.trim() || to.email }),
        paragraphs: [t("account.mail.sign_in_alert.body"), t("account.mail.sign_in_alert.advice")],
        action: {
          label: t("account.mail.reset.action"),
          url: `${origin}${localizedPath(shop, "/login/reset-password/")}`,
        },
        ...common(t),
      });
    },
  };
}

/** The request and its client's address (TRUST_PROXY hops, `clientAddress`) for the accounts services' rate limits. */
export function clientRequest(request: Request, config: VitrineConfig): ClientRequest {
  return { headers: request.headers, clientAddress: clientAddress(request, config) };
}

// Loaders of one request (store layout, account layout, page) share one session lookup.
const customerOfRequest = new WeakMap<Request, Promise<CurrentCustomer | null>>();

/**
 * The signed-in customer (a guest customer too: check `isGuestCustomer`), or null for a guest. Loaded on the
 * server with every page load; a refreshed session cookie is passed on to the response.
 */
export function getCustomer(store: StoreRequest, request: Request): Promise<CurrentCustomer | null> {
  // Whatever a page shows after reading the session is the shopper's own: that page is never shared.
  store.personal?.();
  let pending = customerOfRequest.get(request);
  if (!pending) {
    pending = sessionCustomer(accountsContext(store, request), request.headers).then(({ customer, setCookies }) => {
      for (const cookie of setCookies) store.setCookie(cookie);
      return customer ? currentCustomerOf(customer) : null;
    });
    customerOfRequest.set(request, pending);
  }
  return pending;
}

/** The path and query a shopper asked for, as `redirectUrl` carries it (data requests normalized). */
export function originalFullPath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = `${pathname.slice(0, -".data".length)}/`;
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

/** `/de/login/?redirectUrl=…` for a page a guest may not see. */
function loginRedirectPath(store: Pick<StoreRequest, "shop">, request: Request): string {
  const back = originalFullPath(request);
  return `${localizedPath(store.shop, "/login/")}?redirectUrl=${encodeURIComponent(back)}`;
}

/**
 * For protected pages (the account area): the signed-in customer with a full account. A guest, or a guest
 * customer, is sent to the login page with `redirectUrl` holding the page they asked for.
 */
export async function requireCustomer(store: StoreRequest, request: Request): Promise<CurrentCustomer> {
  const customer = await getCustomer(store, request);
  if (!customer || customer.isGuestCustomer) throw redirect(loginRedirectPath(store, request));
  return customer;
}

/** Where `redirectUrl` may take the shopper: a path on this site, else the fallback (never an open redirect). */
export function redirectTarget(request: Request, fallback: string): string {
  return safeRedirectPath(new URL(request.url).searchParams.get("redirectUrl"), fallback);
}

/**
 * Checkout guard (specification section 2): a signed-in guest customer opening checkout is sent to `redirectUrl`
 * or home. Call it first in the checkout loader: `await guardCheckout(store, request)`.
 */
export async function guardCheckout(store: StoreRequest, request: Request): Promise<void> {
  const customer = await getCustomer(store, request);
  if (customer?.isGuestCustomer) throw redirect(redirectTarget(request, localizedPath(store.shop, "/")));
}

/**
 * After a sign-in or sign-up: the guest's basket and wishlist (kept under the browser id) move into the
 * customer's. A failure here never undoes the sign-in; it is logged.
 */
export async function mergeGuestData(store: StoreRequest, customerId: string): Promise<void> {
  const input = { fromBrowserId: store.browserId, toCustomerId: customerId };
  try {
    await mergeBaskets(store.ctx, input);
    await mergeWishlists(store.ctx, input);
  } catch (error) {
    store.ctx.log.error({ err: error }, "merging the guest basket or wishlist failed");
  }
}

/** `headers` of pages whose actions rate-limit: a 429 keeps its Retry-After on the document response. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : {};
}

/** Carries a reset token from the mail link to the set-password page, so the token leaves the address bar. */
export const RESET_COOKIE = "vitrine_reset";
export const RESET_COOKIE_MAX_AGE = 60 * 60;
/** Carries a guest's conversion token from the mail link to the form that sets the first password. */
export const CONVERT_COOKIE = "vitrine_convert";

/** The password-reset mail, in the language of the store the shopper asked from (German when it is not known). */
function passwordResetMail(
  services: Services,
  mail: { email: string; name: string; token: string; callbackPath: string },
): OutboxMessage {
  const shop = parseStorePath(mail.callbackPath)?.shop ?? (shopByCode("de") as Shop);
  const t = createTranslator(messagesForLocale(shop.language, shop.locale), shop.locale);
  const link = `${publicUrl(services.config)}${mail.callbackPath}?flow=reset-password&token=${encodeURIComponent(mail.token)}`;
  const rendered = renderMail({
    subject: t("account.mail.reset.subject"),
    preheader: t("account.mail.reset.preheader"),
    heading: t("account.mail.reset.heading", { name: mail.name.trim() || mail.email }),
    paragraphs: [t("account.mail.reset.body")],
    action: { label: t("account.mail.reset.action"), url: link },
    notes: [t("account.mail.reset.expiry"), t("account.mail.reset.ignore")],
    footer: t("account.mail.footer"),
    language: shop.language,
    shopName: t("common.shop_name"),
  });
  return { to: mail.email, ...rendered, kind: "password-reset" };
}
