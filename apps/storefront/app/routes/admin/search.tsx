import { redirect } from "react-router";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/search";

/** `/admin/search/`: the search screens start with the analytics. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "search" });
  throw redirect("/admin/search/analytics/");
}
