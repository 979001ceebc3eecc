import { requireStaff } from "../../lib/admin/staff.server.ts";
import { refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/not-found";

/** A path under /admin that is no screen: signed-in staff get the back office's 404, others the sign-in page. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "self" });
  throw refused(null, { ok: false, error: "NotFound", detail: "No such back-office page." });
}

export default function AdminNotFound() {
  return null;
}
