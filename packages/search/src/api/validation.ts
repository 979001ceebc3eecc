import { specErrorMap, text } from "@vitrine/commerce";
import { z } from "zod";
import { DateFormatError, parseFacetDate } from "../engine/dates.ts";
import { FACET_BY_ID, type FacetDefinition } from "../engine/facets.ts";
import { SearchValidationError } from "./errors.ts";
import type {
  FacetRequest,
  FacetSearchRequest,
  ListingRequest,
  QuerySuggestRequest,
  RecommendationsRequest,
  SearchRequest,
} from "./types.ts";

/**
 * Validation of every request at the edge (specification section 5): the tracking id pattern, language and
 * country required, a known currency, latitude and longitude ranges, page ≥ 0, perPage ≥ 1, numberOfValues ≥ 1,
 * facet ids of letters, digits, hyphen and underscore that name an existing facet, range start not after end.
 * Messages use the specification's wording; every problem of a request is reported at once.
 */

const TRACKING_ID_PATTERN = /^[a-zA-Z0-9_\-.]{1,100}$/;
const FACET_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Largest page a request may ask for (one of the specification's page-size constants). */
export const MAX_PER_PAGE = 1000;
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

const state = z.enum(["idle", "selected", "excluded"]);
const cartItem = z.object({
  productId: text().min(1),
  quantity: z.number().min(0),
  name: text().optional(),
  price: z.number().min(0).optional(),
});

/** The view URL names the page (and so the listing): an absolute URL, or a path on the shop's origin. */
const viewUrl = text().refine((url) => {
  if (url.startsWith("/")) return true;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}, "value is not a valid URL.");

/** A position on Earth, wherever the context carries one. */
const coordinates = {
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
};

const context = z.object({
  view: z.object({ url: viewUrl, referrer: text().optional() }),
  user: z.object({ userAgent: text().optional(), ...coordinates }).optional(),
  location: z.object(coordinates).optional(),
  capture: z.boolean().optional(),
  cart: z.array(cartItem).max(500).optional(),
  purchased: z.array(cartItem).max(500).optional(),
  source: z.array(text()).optional(),
  product: z.object({ productId: text().min(1) }).optional(),
});

const baseShape = {
  trackingId: text().regex(TRACKING_ID_PATTERN, `value did not match provided regex ${TRACKING_ID_PATTERN}`),
  clientId: text().max(200).optional(),
  language: text().min(1),
  country: text().min(1),
  currency: text().refine((c) => CURRENCIES.has(c), "value is not a known currency code."),
  context,
};

const pageShape = {
  page: z.number().int().min(0).optional(),
  perPage: z.number().int().min(1).max(MAX_PER_PAGE).optional(),
};

const regularValue = z.object({ value: text(), state, previousState: state.optional() });
type CategoryValueInput = {
  value: string;
  state: z.infer<typeof state>;
  children?: CategoryValueInput[];
  retrieveCount?: number;
};
const categoryValue: z.ZodType<CategoryValueInput> = z.lazy(() =>
  z.object({
    value: text(),
    state,
    children: z.array(categoryValue).max(100).optional(),
    retrieveCount: z.number().int().min(1).optional(),
  }),
);
const numericValue = z
  .object({ start: z.number(), end: z.number(), endInclusive: z.boolean().optional(), state })
  .superRefine((v, ctx) => {
    if (v.start > v.end) {
      ctx.addIssue({
        code: "custom",
        message: `The start value is greater than the end value for the numeric range ${v.start} to ${v.end}`,
      });
    }
  });
const dateValue = z.object({ start: text(), end: text(), endInclusive: z.boolean().optional(), state });

const VALUE_SCHEMAS = {
  regular: regularValue,
  location: regularValue,
  hierarchical: categoryValue,
  numericalRange: numericValue,
  dateRange: dateValue,
} as const;

const facet = z
  .object({
    facetId: z
      .string()
      .min(1)
      .regex(FACET_ID_PATTERN, "value may only contain letters, digits, hyphen and underscore."),
    field: text().optional(),
    type: z.enum(["regular", "hierarchical", "numericalRange", "dateRange", "location"]),
    displayName: text().optional(),
    values: z.array(z.unknown()).max(1000).default([]),
    numberOfValues: z.number().int().min(1).optional(),
    initialNumberOfValues: z.number().int().min(1).optional(),
    isFieldExpanded: z.boolean().optional(),
    freezeCurrentValues: z.boolean().optional(),
    preventAutoSelect: z.boolean().optional(),
    delimitingCharacter: text().optional(),
    retrieveCount: z.number().int().min(1).optional(),
    interval: z.enum(["continuous", "discrete", "even", "equiprobable"]).optional(),
    domain: z.object({ min: z.number(), max: z.number(), increment: z.number().optional() }).optional(),
    rangeAlgorithm: z.enum(["even", "equiprobable"]).optional(),
    resultsMustMatch: z.enum(["allValues", "atLeastOneValue"]).optional(),
    sortCriteria: text().optional(),
  })
  .superRefine((f, ctx) => {
    const schema = VALUE_SCHEMAS[f.type];
    f.values.forEach((value, i) => {
      const result = schema.safeParse(value, { error: specErrorMap });
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.addIssue({ code: "custom", path: ["values", i, ...issue.path], message: issue.message });
        }
      }
    });
  });

const sort = z.object({
  sortCriteria: z.enum(["relevance", "fields"]),
  fields: z
    .array(
      z.object({
        field: text().min(1),
        direction: z.enum(["asc", "desc"]).optional(),
        displayName: text().optional(),
      }),
    )
    .max(5)
    .optional(),
});

const listingSchema = z.object({
  ...baseShape,
  ...pageShape,
  facets: z.array(facet).max(50).optional(),
  sort: sort.optional(),
});
const searchSchema = listingSchema.extend({ query: text().max(1000).optional() });
const facetSearchSchema = searchSchema.extend({
  facetId: text().min(1).regex(FACET_ID_PATTERN, "value may only contain letters, digits, hyphen and underscore."),
  facetQuery: text().max(200),
  numberOfValues: z.number().int().min(1).max(1000).optional(),
  ignorePaths: z.array(z.array(text())).max(100).optional(),
});
const querySuggestSchema = z.object({
  ...baseShape,
  query: text().max(1000).optional(),
  count: z.number().int().min(0).max(100).optional(),
});
const recommendationsSchema = z.object({
  ...baseShape,
  ...pageShape,
  slotId: text().min(1).max(100),
});

/** The facets a request may name, by id: the built-in ones unless the catalogue's are given. */
type KnownFacets = ReadonlyMap<string, Pick<FacetDefinition, "type">>;

function parse<T>(schema: z.ZodType, input: unknown, now: Date, known: KnownFacets = FACET_BY_ID): T {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new SearchValidationError([{ field: "(body)", message: "value is not an object." }]);
  }
  let result: ReturnType<z.ZodType["safeParse"]>;
  try {
    result = schema.safeParse(input, { error: specErrorMap });
  } catch (error) {
    // A body nested deep enough to exhaust the stack is bad input, not a server error.
    if (error instanceof RangeError) {
      throw new SearchValidationError([{ field: "(body)", message: "value is nested too deeply." }]);
    }
    throw error;
  }
  const issues = result.success
    ? []
    : result.error.issues.map((i) => ({ field: i.path.map(String).join(".") || "(body)", message: i.message }));
  if (result.success) {
    const facets = (result.data as { facets?: FacetRequest[] }).facets;
    issues.push(...facetIdIssues(facets, known), ...dateIssues(facets, now));
  }
  if (issues.length > 0) throw new SearchValidationError(issues);
  return result.data as T;
}

/** Facet ids must name one of the catalogue's facets, with its type. */
function facetIdIssues(facets: readonly FacetRequest[] | undefined, known: KnownFacets) {
  const issues: { field: string; message: string }[] = [];
  facets?.forEach((f, fi) => {
    const def = known.get(f.facetId);
    if (!def) issues.push({ field: `facets.${fi}.facetId`, message: "value does not match an existing facet." });
    else if (def.type !== f.type) {
      issues.push({ field: `facets.${fi}.type`, message: `value must be ${def.type} for this facet.` });
    }
  });
  return issues;
}

/** Date range values: absolute or relative dates that parse, from 1401 on, start not after end. */
function dateIssues(facets: readonly FacetRequest[] | undefined, now: Date) {
  const issues: { field: string; message: string }[] = [];
  facets?.forEach((f, fi) => {
    if (f.type !== "dateRange") return;
    (f.values as { start: string; end: string }[]).forEach((v, vi) => {
      const at = `facets.${fi}.values.${vi}`;
      try {
        const start = parseFacetDate(v.start, now);
        const end = parseFacetDate(v.end, now);
        if (start > end) {
          issues.push({
            field: at,
            message: `The start value is greater than the end value for the date range ${v.start} to ${v.end}`,
          });
        }
      } catch (error) {
        if (!(error instanceof DateFormatError)) throw error;
        issues.push({ field: at, message: error.message });
      }
    });
  });
  return issues;
}

export const validateListingRequest = (input: unknown, now: Date, facets?: KnownFacets): ListingRequest =>
  parse<ListingRequest>(listingSchema, input, now, facets);
export const validateSearchRequest = (input: unknown, now: Date, facets?: KnownFacets): SearchRequest =>
  parse<SearchRequest>(searchSchema, input, now, facets);
export const validateFacetSearchRequest = (input: unknown, now: Date, facets?: KnownFacets): FacetSearchRequest =>
  parse<FacetSearchRequest>(facetSearchSchema, input, now, facets);
export const validateQuerySuggestRequest = (input: unknown, now: Date): QuerySuggestRequest =>
  parse<QuerySuggestRequest>(querySuggestSchema, input, now);
export const validateRecommendationsRequest = (input: unknown, now: Date): RecommendationsRequest =>
  parse<RecommendationsRequest>(recommendationsSchema, input, now);
