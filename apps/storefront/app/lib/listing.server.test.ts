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
