import { randomUUID } from "node:crypto";
import { jsonValueTooDeep, MAX_JSON_DEPTH, type StoreCode, specErrorMap, text } from "@vitrine/commerce";
import { z } from "zod";
import { SearchApiError, SearchValidationError } from "../api/errors.ts";
import type { EventRow } from "./events.ts";

/**
 * Usage analytics v15 (specification sections 7 and 9): the search, click, custom and view events the classic
 * analytics client (`coveo.analytics`, used by `@coveo/headless`'s search engine) posts to
 * `{base}/v15/analytics/{type}`, as JSON with bearer authorization or, on page unload, by beacon as a form body
 * `{type}Event={json}` with `access_token` in the query. They are stored as `ua.{type}` rows of `search_event`
 * and rolled up with the commerce events (rollup.ts): searches by their query, clicks by the search they came from.
 */

export const USAGE_ANALYTICS_VERSION = "v15";
export const USAGE_EVENT_TYPES = ["search", "click", "custom", "view"] as const;
export type UsageEventType = (typeof USAGE_EVENT_TYPES)[number];
/** The row type of a stored usage-analytics event (`ua.search`, `ua.click` …). */
export const usageRowType = (type: UsageEventType) => `ua.${type}`;

/** Field limits of section 9; the client cuts its strings to them, so a longer value is a bad client. */
export const ORIGIN_LEVEL3_LIMIT = 1024;
export const VIEW_LOCATION_LIMIT = 1024;
export const URL_FIELD_LIMIT = 2048;
/** navigator.sendBeacon's own limit, which the client checks before it sends. */
export const BEACON_LIMIT_BYTES = 32 * 1024;
export const BEACON_TOO_LARGE =
  "Failed to send the event(s) because the payload size exceeded the maximum allowed size (32 KB). Please contact support if the problem persists.";

const PAYLOAD_LIMIT = 4000;
const QUERY_LIMIT = 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const short = text().max(256);
const common = {
  language: text().max(64).optional(),
  userAgent: text().max(1024).optional(),
  clientId: text().max(100).optional(),
  anonymous: z.boolean().optional(),
  username: text().max(256).optional(),
  userDisplayName: text().max(256).optional(),
  originContext: short.optional(),
  originLevel1: short.optional(),
  originLevel2: short.optional(),
  originLevel3: text().max(ORIGIN_LEVEL3_LIMIT).optional(),
  location: text().max(URL_FIELD_LIMIT).optional(),
  referrer: text().max(URL_FIELD_LIMIT).optional(),
  page: text().max(URL_FIELD_LIMIT).optional(),
  customData: z.record(z.string(), z.unknown()).optional(),
  splitTestRunName: short.optional(),
  splitTestRunVersion: short.optional(),
};

const SCHEMAS: Record<UsageEventType, z.ZodObject> = {
  search: z
    .object({
      ...common,
      searchQueryUid: text().min(1).max(100),
      queryText: text().max(QUERY_LIMIT),
      actionCause: short,
      actionType: short.optional(),
      responseTime: z.number().min(0).optional(),
      numberOfResults: z.number().int().min(0).optional(),
      advancedQuery: text().max(QUERY_LIMIT).optional(),
      didYouMean: z.boolean().optional(),
      contextual: z.boolean().optional(),
      queryPipeline: short.optional(),
    })
    .loose(),
  click: z
    .object({
      ...common,
      searchQueryUid: text().min(1).max(100),
      actionCause: short,
      actionType: short.optional(),
      documentUri: text().max(URL_FIELD_LIMIT).optional(),
      documentUriHash: short.optional(),
      documentUrl: text().max(URL_FIELD_LIMIT).optional(),
      documentTitle: text().max(1024).optional(),
      documentPosition: z.number().int().min(1),
      sourceName: short.optional(),
      queryPipeline: short.optional(),
      rankingModifier: short.optional(),
    })
    .loose(),
  custom: z
    .object({
      ...common,
      eventType: short.min(1),
      eventValue: short.min(1),
      lastSearchQueryUid: text().max(100).optional(),
    })
    .loose(),
  view: z
    .object({
      ...common,
      location: text().max(VIEW_LOCATION_LIMIT),
      contentIdKey: short.optional(),
      contentIdValue: short.optional(),
      contentType: short.optional(),
      title: text().max(1024).optional(),
    })
    .loose(),
};

export function isUsageEventType(type: string): type is UsageEventType {
  return (USAGE_EVENT_TYPES as readonly string[]).includes(type);
}

/** A visitor id from the query (`visitor` for JSON posts, `visitorId` for beacons): a UUID or nothing. */
export function visitorIdOf(given: string | null | undefined): string | undefined {
  return given && UUID.test(given) ? given : undefined;
}

/**
 * The event of a beacon's form body (`{type}Event={json}`, optionally with `access_token`), refused over 32 KB as
 * the client itself refuses it.
 */
export function parseBeaconForm(type: UsageEventType, body: string): { event: unknown; accessToken?: string } {
  if (Buffer.byteLength(body) > BEACON_LIMIT_BYTES) throw new SearchApiError(413, "PayloadTooLarge", BEACON_TOO_LARGE);
  const form = new URLSearchParams(body);
  const raw = form.get(`${type}Event`);
  if (raw === null) throw new SearchValidationError([{ field: `${type}Event`, message: "value is required." }]);
  const accessToken = form.get("access_token") ?? undefined;
  try {
    return { event: JSON.parse(raw), ...(accessToken ? { accessToken } : {}) };
  } catch {
    throw new SearchApiError(400, "InvalidRequest", `The form field ${type}Event is not valid JSON.`);
  }
}

export interface UsageEventOptions {
  storeCode: StoreCode;
  visitorId: string | undefined;
  /** The credential is a public API key: without a visitor the event counts as "anonymous" (section 6). */
  anonymous: boolean;
  now: Date;
}

/**
 * Validates one usage-analytics event and turns it into a `search_event` row. Empty values are dropped before
 * validation, as the client drops them (section 5), except the search event's `queryText`.
 */
export function parseUsageEvent(type: UsageEventType, input: unknown, options: UsageEventOptions): EventRow {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new SearchValidationError([{ field: "(body)", message: "value is not an object." }]);
  }
  if (jsonValueTooDeep(input)) {
    throw new SearchValidationError([
      { field: "(body)", message: `value contains more than ${MAX_JSON_DEPTH} levels of nesting` },
    ]);
  }
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const keep = (type === "search" && key === "queryText") || (value !== "" && value !== null && value !== undefined);
    if (keep) cleaned[key] = value;
  }
  const result = SCHEMAS[type].safeParse(cleaned, { error: specErrorMap });
  if (!result.success) {
    throw new SearchValidationError(
      result.error.issues.map((issue) => ({ field: issue.path.join(".") || "(body)", message: issue.message })),
    );
  }
  const event = result.data as Record<string, unknown>;
  const clientId = visitorIdOf(event.clientId as string | undefined) ?? options.visitorId;
  return {
    store_code: options.storeCode,
    type: usageRowType(type),
    client_id: clientId ?? (options.anonymous ? "anonymous" : null),
    query: type === "search" ? (event.queryText as string) : type === "custom" ? (event.eventType as string) : null,
    product_id: null,
    action: type === "custom" ? (event.eventValue as string) : ((event.actionCause as string | undefined) ?? null),
    quantity: type === "click" ? (event.documentPosition as number) : null,
    transaction_id: null,
    response_id:
      type === "custom"
        ? ((event.lastSearchQueryUid as string | undefined) ?? null)
        : ((event.searchQueryUid as string | undefined) ?? null),
    results: type === "search" ? ((event.numberOfResults as number | undefined) ?? null) : null,
    payload: JSON.stringify(event).slice(0, PAYLOAD_LIMIT),
    created_at: options.now.toISOString(),
  };
}

/** A fresh visitor id for a client that has none yet. */
export const newVisitorId = (): string => randomUUID();
