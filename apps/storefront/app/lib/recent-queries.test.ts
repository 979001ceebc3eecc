import { describe, expect, it } from "vitest";
import { addRecentQuery, normalizeRecentQueries, removeRecentQuery } from "./recent-queries.ts";

describe("recent queries: non-empty strings, trimmed, lowercased, deduplicated and capped at maxLength", () => {
  it("puts the newest first, trimmed and lowercased", () => {
    expect(addRecentQuery(["kleid"], "  Jeans ")).toEqual(["jeans", "kleid"]);
  });

  it("does not add empty queries", () => {
    expect(addRecentQuery(["kleid"], "   ")).toEqual(["kleid"]);
  });

  it("moves a repeated query to the front instead of keeping it twice", () => {
    expect(addRecentQuery(["jeans", "kleid", "mantel"], "KLEID")).toEqual(["kleid", "jeans", "mantel"]);
  });

  it("keeps at most 10 by default, dropping the oldest", () => {
    let queries: string[] = [];
    for (let i = 1; i <= 12; i++) queries = addRecentQuery(queries, `q${i}`);
    expect(queries).toHaveLength(10);
    expect(queries[0]).toBe("q12");
    expect(queries).not.toContain("q2");
  });

  it("maxLength is at least 1", () => {
    expect(addRecentQuery(["a", "b"], "c", 0)).toEqual(["c"]);
    expect(addRecentQuery(["a", "b"], "c", 2)).toEqual(["c", "a"]);
  });

  it("removes one query", () => {
    expect(removeRecentQuery(["jeans", "kleid"], "Kleid ")).toEqual(["jeans"]);
  });

  it("repairs whatever was stored", () => {
    expect(normalizeRecentQueries(["A", "a", 3, "", " b ", null])).toEqual(["a", "b"]);
    expect(normalizeRecentQueries("nonsense")).toEqual([]);
  });
});
