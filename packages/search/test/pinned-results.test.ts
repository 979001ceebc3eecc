import { describe, expect, it } from "vitest";
import { runPinnedQueries } from "./pinned-queries.ts";

/**
 * Pins what the engine answers to a representative query set on a generated catalogue (text, prefix and typo
 * searches, filters, every sort, pagination, instant products, facet search, suggestions, recommendations, and
 * the same after catalogue changes): a change to hits, their order, facet counts or totals shows as a snapshot
 * difference. Performance work must leave this snapshot as it is.
 */
describe("pinned results on a generated catalogue", () => {
  it("stay the same", () => {
    const lines = runPinnedQueries(4000, 14).map((r) => `${r.name} → ${r.total} [${r.ids}] ${r.hash}`);
    expect(lines).toMatchSnapshot();
  });
});
