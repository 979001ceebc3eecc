import { exportCatalogLines, exportProductCsvLines } from "@vitrine/commerce";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/products-export";

/**
 * The catalogue as a download: JSON Lines (vocabulary, categories, products: `catalog import` reads it back) or the
 * product CSV (a row per size, for spreadsheets; the import reads it back too). Streamed line by line, so memory
 * stays flat at any catalogue size; hidden and archived products are included.
 */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "catalog" });
  const csv = new URL(args.request.url).pathname.endsWith(".csv");
  const lines = csv ? exportProductCsvLines(ctx.db) : exportCatalogLines(ctx.db);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${next.value}\n`));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": csv ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="catalogue-${day}.${csv ? "csv" : "jsonl"}"`,
      "cache-control": "no-store",
    },
  });
}
