import { exportCustomerData } from "@vitrine/commerce";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/customer-export";

/** A customer's data as a JSON download (GDPR art. 15/20); the export is audited. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = await requireStaff(args, { area: "customers" });
  const data = await exportCustomerData(ctx, actor, args.params.id);
  if (!data) throw refused(null, { ok: false, error: "NotFound", detail: `No customer ${args.params.id}` });
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="customer-${data.customer.referenceKey}.json"`,
      "cache-control": "no-store",
    },
  });
}
