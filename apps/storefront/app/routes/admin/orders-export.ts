import { exportOrdersCsv, recordAudit, withTransaction } from "@vitrine/commerce";
import { orderQueryFromUrl } from "../../lib/admin/orders.server.ts";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/orders-export";

/**
 * The filtered order list as CSV, streamed page by page (constant memory at any size). The export of personal
 * data is audited.
 */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = await requireStaff(args, { area: "orders" });
  const { cursor: _cursor, ...query } = orderQueryFromUrl(new URL(args.request.url).searchParams);
  await withTransaction(ctx, (tx) =>
    recordAudit(tx, actor, { action: "orders.export", subjectType: "orders", subjectId: "list", after: { ...query } }),
  );
  const chunks = exportOrdersCsv(ctx, query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
