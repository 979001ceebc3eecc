import { FACETS } from "@vitrine/search";
import { describe, expect, it } from "vitest";
import { facetRequests } from "./listing.server.ts";
import { parseUrlState } from "./url-state.ts";

const categoryRequest = (search: string, categoryPath?: string[]) =>
  facetRequests(parseUrlState(search), FACETS, categoryPath).find((f) => f.facetId === "ec_category");

describe("the category facet request", () => {
  it("asks for the chain only (numberOfValues 1) when a path is selected, the children on the selected value", () => {
    const request = categoryRequest("cf-ec_category=Damen,Bekleidung");
    expect(request?.numberOfValues).toBe(1);
    expect(request?.values).toEqual([
      {
        value: "Damen",
        state: "idle",
        children: [{ value: "Bekleidung", state: "selected", children: [], retrieveCount: 40 }],
      },
    ]);
    expect(categoryRequest("", ["Herren"])?.numberOfValues).toBe(1);
  });

  it("asks for the top level's values when nothing is selected", () => {
    const request = categoryRequest("");
    expect(request?.values).toEqual([]);
    expect(request?.numberOfValues).toBe(40);
  });
});

describe("the new-arrivals facet request", () => {
  const arrivals = (search: string) =>
    facetRequests(parseUrlState(search), FACETS).find((f) => f.facetId === "new_arrivals");
  const window = (days: number, state: string) => ({
    start: `past-${days}-day`,
    end: "now",
    endInclusive: true,
    state,
  });

  it("always asks for its relative windows (labels in the store's words, links that stay valid, one page a minute)", () => {
    expect(arrivals("")?.values).toEqual([window(7, "idle"), window(30, "idle"), window(90, "idle")]);
    expect(arrivals("df-new_arrivals=past-30-day...now")?.values).toEqual([
      window(7, "idle"),
      window(30, "selected"),
      window(90, "idle"),
    ]);
  });

  it("adds a window of the URL that is not one of its own", () => {
    const values = arrivals("dfExcluded-new_arrivals=2025/01/01@00:00:00..2025/02/01@00:00:00")?.values;
    expect(values).toHaveLength(4);
    expect(values?.[3]).toEqual({
      start: "2025/01/01@00:00:00",
      end: "2025/02/01@00:00:00",
      endInclusive: false,
      state: "excluded",
    });
  });
});
