import { CATEGORY_CHILD_DEPTH, getCategoryById, getCategoryByPath, rowId, text } from "@vitrine/commerce";
import { z } from "zod";

import { failureProblem, rpcMethod } from "../rpc.server.ts";

/** Category reads of the channel: the category with 5 child levels and its `sale` property (section 7). */

const categoryId = rowId;
const slug = text().trim().min(1).max(120);

export const methods = {
  getCategoryById: rpcMethod({
    payload: z.strictObject({ id: categoryId }),
    async handler(ctx, { id }) {
      const category = await getCategoryById(ctx.store.ctx, id, CATEGORY_CHILD_DEPTH);
      return category ?? failureProblem({ ok: false, error: "NotFound", detail: `Category not found: ${id}` });
    },
  }),
  getCategoryByPath: rpcMethod({
    payload: z.strictObject({ path: z.union([z.string().trim().min(1).max(500), z.array(slug).min(1).max(10)]) }),
    async handler(ctx, { path }) {
      const found = await getCategoryByPath(ctx.store.ctx, path, CATEGORY_CHILD_DEPTH);
      if (!found)
        return failureProblem({
          ok: false,
          error: "NotFound",
          detail: `Category not found: ${typeof path === "string" ? path : path.join("/")}`,
        });
      return { ...found.category, canonical: found.canonical };
    },
  }),
};
