import {
  type Actor,
  type Ctx,
  clientAddress,
  STAFF_AREAS,
  STAFF_SESSION_MAX_AGE_SECONDS,
  type StaffArea,
  type StaffCtx,
  type StaffMember,
  type StaffRole,
  staffActor,
  staffSession,
} from "@vitrine/commerce";
import { type RouterContextProvider, redirect } from "react-router";
import { requestContext, servicesContext } from "../context.ts";
import { refused } from "../refusal.server.ts";
import { isHttps, safeRedirectPath, serializeCookie } from "../security.server.ts";
import { readCookie } from "../store.ts";

/**
 * The back office's session and guard. Staff sign in apart from customers: their session token sits in the
 * HttpOnly `vitrine_staff` cookie, sent only to `/admin` (SameSite=Lax; Secure when the shop is served over HTTPS,
 * PUBLIC_URL or the request says so). A customer's session counts for nothing here. Every admin loader and action
 * starts with `requireStaff(args, { area })` (or `{ roles }`): not signed in → a redirect to the sign-in page that
 * comes back; signed in without the role → 403 through the one error mapper (`staff_forbidden`).
 */
export const STAFF_COOKIE = "vitrine_staff";
export const ADMIN_PATH = "/admin";
export const ADMIN_HOME = "/admin/";
export const ADMIN_SIGN_IN = "/admin/sign-in/";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The staff services' context of a request: the request's commerce context and the process secret. */
export function staffCtx({ context }: Pick<Args, "context">): Ctx & StaffCtx {
  return { ...context.get(requestContext).ctx, secret: context.get(servicesContext).secret };
}

function secureCookies({ request, context }: Args): boolean {
  const services = context.get(servicesContext);
  return (services.config.PUBLIC_URL ?? "").startsWith("https:") || isHttps(request, services.config);
}

/** The Set-Cookie header of a new staff session. */
export function staffSessionCookie(args: Args, token: string): string {
  return serializeCookie(STAFF_COOKIE, token, {
    path: ADMIN_PATH,
    maxAge: STAFF_SESSION_MAX_AGE_SECONDS,
    secure: secureCookies(args),
    sameSite: "Lax",
  });
}

/** The Set-Cookie header that removes the staff cookie (sign out). */
export function clearStaffSessionCookie(args: Args): string {
  return serializeCookie(STAFF_COOKIE, "", {
    path: ADMIN_PATH,
    maxAge: 0,
    secure: secureCookies(args),
    sameSite: "Lax",
  });
}

export function staffToken(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), STAFF_COOKIE);
}

/** The client's address and browser for sign-in limits and the session list. */
export function staffClient({ request, context }: Args) {
  return {
    clientAddress: clientAddress(request, context.get(servicesContext).config),
    userAgent: request.headers.get("user-agent"),
  };
}

export interface SignedInStaff {
  staff: StaffMember;
  sessionId: string;
  /** For `recordAudit` and the staff services. */
  actor: Actor;
  ctx: Ctx & StaffCtx;
}

// The layout's and the page's loaders of one request share one session lookup.
const staffOfRequest = new WeakMap<Request, Promise<SignedInStaff | undefined>>();

/** The signed-in staff member of a request, or undefined. */
export function currentStaff(args: Args): Promise<SignedInStaff | undefined> {
  let pending = staffOfRequest.get(args.request);
  if (!pending) {
    const ctx = staffCtx(args);
    pending = staffSession(ctx, staffToken(args.request)).then((found) =>
      found ? { staff: found.staff, sessionId: found.sessionId, actor: staffActor(found.staff), ctx } : undefined,
    );
    staffOfRequest.set(args.request, pending);
  }
  return pending;
}

/** Where a redirect inside the back office may lead: a path under /admin/, never another host (open redirect). */
export function adminRedirectTarget(target: string | null | undefined, fallback = ADMIN_HOME): string {
  const safe = safeRedirectPath(target, fallback);
  // Dot segments resolved as the browser will (`/admin/../de/` is no admin path).
  const url = new URL(safe, "http://vitrine.invalid");
  if (url.host !== "vitrine.invalid" || !url.pathname.startsWith(`${ADMIN_PATH}/`)) return fallback;
  return `${url.pathname}${url.search}`;
}

/** The page a request asked for, as `redirectTo` carries it (data requests normalized). */
function askedFor(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path.endsWith("/_.data")) path = path.slice(0, -"_.data".length);
  else if (path.endsWith(".data")) path = `${path.slice(0, -".data".length)}/`;
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${path}${search ? `?${search}` : ""}`;
}

export function signInPath(redirectTo?: string): string {
  const target = redirectTo ? adminRedirectTarget(redirectTo) : ADMIN_HOME;
  return target === ADMIN_HOME ? ADMIN_SIGN_IN : `${ADMIN_SIGN_IN}?redirectTo=${encodeURIComponent(target)}`;
}

/**
 * The guard of every back-office loader and action: the signed-in staff member with one of the roles the area (or
 * the list) allows. Not signed in: a redirect to the sign-in page (which comes back here after). Wrong role: 403.
 */
export async function requireStaff(
  args: Args,
  allowed: { area: StaffArea } | { roles: readonly StaffRole[] },
): Promise<SignedInStaff> {
  const signedIn = await currentStaff(args);
  if (!signedIn) {
    const back = args.request.method === "GET" || args.request.method === "HEAD" ? askedFor(args.request) : undefined;
    throw redirect(signInPath(back));
  }
  const roles: readonly StaffRole[] = "area" in allowed ? STAFF_AREAS[allowed.area] : allowed.roles;
  if (!roles.includes(signedIn.staff.role)) {
    throw refused(
      { forbidden: true as const, area: "area" in allowed ? allowed.area : null },
      {
        ok: false,
        error: "staff_forbidden",
      },
    );
  }
  return signedIn;
}
