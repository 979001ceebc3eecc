import { describe, expect, it } from "vitest";
import { isDataRequest, pageUrl } from "./page-url.ts";

describe("page URL of a request", () => {
  it("names the page of a data request", () => {
    expect(pageUrl("http://s/de/c/damen/_.data?_routes=routes%2Flayout.shop&page=2").href).toBe(
      "http://s/de/c/damen/?page=2",
    );
    expect(pageUrl("http://s/de/cart.data").pathname).toBe("/de/cart");
    expect(pageUrl("http://s/de/c/x/_.data?sortCriteria=ec_price%20asc&_routes=a").search).toBe(
      "?sortCriteria=ec_price%20asc",
    );
    expect(pageUrl("http://s/de/c/x/?q=a%20b").search).toBe("?q=a%20b");
    expect(pageUrl("http://s/de/_.data?_routes=a").search).toBe("");
    expect(pageUrl("http://s/_root.data").pathname).toBe("/");
    expect(pageUrl(new Request("http://s/de/p/kleid-12/?x=1")).href).toBe("http://s/de/p/kleid-12/?x=1");
    expect(isDataRequest(new Request("http://s/de/_.data"))).toBe(true);
    expect(isDataRequest(new URL("http://s/de/"))).toBe(false);
  });
});
