import { endStaffSession } from "@vitrine/commerce";
import { redirect } from "react-router";
import { ADMIN_SIGN_IN, clearStaffSessionCookie, staffCtx, staffToken } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/sign-out";

/** Ends this browser's staff session (a POST with the CSRF token) and goes to the sign-in page. */
export async function action(args: Route.ActionArgs) {
  await endStaffSession(staffCtx(args), staffToken(args.request));
  return redirect(ADMIN_SIGN_IN, { headers: { "set-cookie": clearStaffSessionCookie(args) } });
}

export function loader() {
  return redirect("/admin/");
}
