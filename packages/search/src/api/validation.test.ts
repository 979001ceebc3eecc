import { describe, expect, it } from "vitest";
import { SearchValidationError } from "./errors.ts";
import {
  validateFacetSearchRequest,
  validateListingRequest,
  validateQuerySuggestRequest,
  validateRecommendationsRequest,
  validateSearchRequest,
} from "./validation.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const valid = {
  trackingId: "comma_de",
  language: "de",
  country: "DE",
  currency: "EUR",
  context: { view: { url: "https://shop.example/de/c/damen/" } },
};

function issues(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof SearchValidationError) {
      expect(error.statusCode).toBe(400);
      expect(error.type).toBe("InvalidRequest");
      expect(error.message.startsWith("The following properties are invalid:")).toBe(true);
      return error.issues.map((i) => `${i.field}: ${i.message}`);
    }
    throw error;
  }
  throw new Error("expected a validation error");
}

describe("request validation (specification section 5)", () => {
  it("accepts what the headless client sends", () => {
    const req = validateSearchRequest(
      {
        ...valid,
        clientId: "",
        context: { ...valid.context, user: {}, capture: true, cart: [], source: ["@coveo/headless@4.0.0"] },
        page: 0,
        facets: [],
        sort: { sortCriteria: "relevance" },
        query: "kleid",
      },
      NOW,
    );
    expect(req.query).toBe("kleid");
  });

  it("requires language, country and a tracking id of the allowed pattern", () => {
    expect(issues(() => validateListingRequest({ ...valid, language: undefined, country: "" }, NOW))).toEqual([
      "language: value is required.",
      "country: value is an empty string.",
    ]);
    expect(issues(() => validateListingRequest({ ...valid, trackingId: "comma de!" }, NOW))[0]).toMatch(
      /^trackingId: value did not match provided regex/,
    );
    expect(issues(() => validateListingRequest({ ...valid, trackingId: "x".repeat(101) }, NOW))).toHaveLength(1);
  });

  it("requires a known currency code", () => {
    expect(issues(() => validateListingRequest({ ...valid, currency: "EURO" }, NOW))).toEqual([
      "currency: value is not a known currency code.",
    ]);
  });

  it("checks latitude and longitude ranges", () => {
    const context = { ...valid.context, user: { latitude: 91, longitude: -181 } };
    expect(issues(() => validateListingRequest({ ...valid, context }, NOW))).toEqual([
      "context.user.latitude: maximum value of 90 not respected.",
      "context.user.longitude: minimum value of -180 not respected.",
    ]);
    const located = { ...valid.context, location: { latitude: 91, longitude: 181 } };
    expect(issues(() => validateListingRequest({ ...valid, context: located }, NOW))).toEqual([
      "context.location.latitude: maximum value of 90 not respected.",
      "context.location.longitude: maximum value of 180 not respected.",
    ]);
    const inRange = { ...valid.context, location: { latitude: 48.1, longitude: 11.6 } };
    expect(validateListingRequest({ ...valid, context: inRange }, NOW).context.location).toEqual({
      latitude: 48.1,
      longitude: 11.6,
    });
  });

  it("refuses control characters in text (PostgreSQL cannot store NUL)", () => {
    expect(issues(() => validateListingRequest({ ...valid, clientId: "a\u0000b" }, NOW))).toEqual([
      "clientId: value contains control characters.",
    ]);
  });

  it("needs page at least 0, perPage at least 1 and numberOfValues at least 1", () => {
    expect(
      issues(() =>
        validateListingRequest(
          {
            ...valid,
            page: -1,
            perPage: 0,
            facets: [{ facetId: "ec_brand", type: "regular", values: [], numberOfValues: 0 }],
          },
          NOW,
        ),
      ),
    ).toEqual([
      "page: minimum value of 0 not respected.",
      "perPage: minimum value of 1 not respected.",
      "facets.0.numberOfValues: minimum value of 1 not respected.",
    ]);
    expect(issues(() => validateListingRequest({ ...valid, page: "2" }, NOW))).toEqual([
      "page: value is not a number.",
    ]);
  });

  it("needs facet ids of letters, digits, hyphen and underscore that name an existing facet", () => {
    expect(
      issues(() =>
        validateListingRequest({ ...valid, facets: [{ facetId: "brand!", type: "regular", values: [] }] }, NOW),
      ),
    ).toEqual(["facets.0.facetId: value may only contain letters, digits, hyphen and underscore."]);
    expect(
      issues(() =>
        validateListingRequest({ ...valid, facets: [{ facetId: "", type: "regular", values: [] }] }, NOW),
      )[0],
    ).toBe("facets.0.facetId: value is an empty string.");
    expect(
      issues(() =>
        validateListingRequest({ ...valid, facets: [{ facetId: "rating", type: "regular", values: [] }] }, NOW),
      ),
    ).toEqual(["facets.0.facetId: value does not match an existing facet."]);
    expect(
      issues(() =>
        validateListingRequest({ ...valid, facets: [{ facetId: "ec_brand", type: "colour", values: [] }] }, NOW),
      )[0],
    ).toMatch(/^facets\.0\.type: value is not in enum/);
  });

  it("checks facet value states", () => {
    expect(
      issues(() =>
        validateListingRequest(
          { ...valid, facets: [{ facetId: "ec_brand", type: "regular", values: [{ value: "A", state: "on" }] }] },
          NOW,
        ),
      )[0],
    ).toMatch(/^facets\.0\.values\.0\.state: value is not in enum/);
  });

  it("refuses a range whose start is after its end", () => {
    expect(
      issues(() =>
        validateListingRequest(
          {
            ...valid,
            facets: [
              { facetId: "ec_price", type: "numericalRange", values: [{ start: 100, end: 50, state: "selected" }] },
            ],
          },
          NOW,
        ),
      ),
    ).toEqual(["facets.0.values.0: The start value is greater than the end value for the numeric range 100 to 50"]);
    expect(
      issues(() =>
        validateListingRequest(
          {
            ...valid,
            facets: [
              {
                facetId: "new_arrivals",
                type: "dateRange",
                values: [{ start: "2026/11/20@00:00:00", end: "2026/11/01@00:00:00", state: "selected" }],
              },
            ],
          },
          NOW,
        ),
      ),
    ).toEqual([
      "facets.0.values.0: The start value is greater than the end value for the date range 2026/11/20@00:00:00 to 2026/11/01@00:00:00",
    ]);
  });

  it("refuses relative dates out of format", () => {
    expect(
      issues(() =>
        validateListingRequest(
          {
            ...valid,
            facets: [
              {
                facetId: "new_arrivals",
                type: "dateRange",
                values: [{ start: "past-x-day", end: "now", state: "selected" }],
              },
            ],
          },
          NOW,
        ),
      ),
    ).toEqual([
      'facets.0.values.0: The value "past-x-day" is not respecting the relative date format "period-amount-unit"',
    ]);
  });

  it("needs a view URL, a body object and known sort criteria", () => {
    expect(issues(() => validateListingRequest({ ...valid, context: { view: { url: "not a url" } } }, NOW))).toEqual([
      "context.view.url: value is not a valid URL.",
    ]);
    expect(issues(() => validateListingRequest({ ...valid, context: {} }, NOW))).toEqual([
      "context.view: value is required.",
    ]);
    expect(issues(() => validateListingRequest([], NOW))).toEqual(["(body): value is not an object."]);
    expect(issues(() => validateListingRequest({ ...valid, sort: { sortCriteria: "price" } }, NOW))[0]).toMatch(
      /^sort\.sortCriteria: value is not in enum/,
    );
  });

  it("refuses bodies nested too deeply", () => {
    let values: unknown[] = [];
    for (let i = 0; i < 20_000; i++) values = [{ value: "x", state: "idle", children: values }];
    const deep = { ...valid, facets: [{ facetId: "ec_category", type: "hierarchical", values }] };
    expect(issues(() => validateListingRequest(deep, NOW))).toEqual(["(body): value is nested too deeply."]);
  });

  it("checks the other endpoints' own fields", () => {
    expect(issues(() => validateQuerySuggestRequest({ ...valid, count: -1 }, NOW))).toEqual([
      "count: minimum value of 0 not respected.",
    ]);
    expect(issues(() => validateRecommendationsRequest({ ...valid }, NOW))).toEqual(["slotId: value is required."]);
    expect(issues(() => validateFacetSearchRequest({ ...valid, facetId: "ec_brand" }, NOW))).toEqual([
      "facetQuery: value is required.",
    ]);
    expect(
      issues(() =>
        validateListingRequest(
          { ...valid, context: { ...valid.context, cart: [{ productId: "1", quantity: -1 }] } },
          NOW,
        ),
      ),
    ).toEqual(["context.cart.0.quantity: minimum value of 0 not respected."]);
  });
});
