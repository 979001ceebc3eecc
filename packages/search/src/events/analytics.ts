import { addDays, type Database, type Db, getSetting, isoDay } from "@vitrine/commerce";
import type { ExpressionBuilder } from "kysely";
import { type SearchTables, searchDb } from "../db/index.ts";
import { ROLLED_UP_THROUGH_KEY } from "./rollup.ts";

/**
 * Search analytics for the back office, read from the daily roll-ups the search-analytics job writes (finished
 * days only: today's searches count once the job has rolled their day up). The period ends on the last rolled-up
 * day unless asked otherwise.
 */

export interface QueryFigures {
  query: string;
  searches: number;
  zeroResults: number;
  clicks: number;
}

export interface SearchAnalytics {
  /** The period read, `yyyy-mm-dd` (UTC), both days included; undefined `to` when nothing is rolled up yet. */
  from: string | undefined;
  to: string | undefined;
  /** The last day the job has rolled up. */
  rolledUpThrough: string | undefined;
  totals: { searches: number; zeroResults: number; clicks: number; clickThroughRate: number };
  /** Most searched queries first. */
  topQueries: QueryFigures[];
  /** Queries with searches that found nothing, most such searches first. */
  zeroResultQueries: QueryFigures[];
  /** Searches per day of the period (every day listed, 0 when none). */
  perDay: { day: string; searches: number; zeroResults: number; clicks: number }[];
  /** Searches per store in the period, most first. */
  perStore: { storeCode: string; searches: number; zeroResults: number; clicks: number }[];
}

/** Clicks on results per search, as a share (0–1): more than one click per search counts as 1. */
export function clickThroughRate(searches: number, clicks: number): number {
  return searches === 0 ? 0 : Math.min(1, clicks / searches);
}

const MAX_DAYS = 366;

export async function searchAnalytics(
  shopDb: Db,
  options: { days: number; to?: string; storeCode?: string; limit?: number },
): Promise<SearchAnalytics> {
  const db = searchDb(shopDb);
  const rolledUpThrough = await getSetting({ db: shopDb }, ROLLED_UP_THROUGH_KEY);
  const to = options.to ?? rolledUpThrough;
  const empty = { searches: 0, zeroResults: 0, clicks: 0, clickThroughRate: 0 };
  if (!to) {
    return {
      from: undefined,
      to: undefined,
      rolledUpThrough,
      totals: empty,
      topQueries: [],
      zeroResultQueries: [],
      perDay: [],
      perStore: [],
    };
  }
  const days = Math.min(MAX_DAYS, Math.max(1, Math.trunc(options.days)));
  const from = isoDay(addDays(new Date(`${to}T00:00:00Z`), -(days - 1)));
  const limit = options.limit ?? 20;
  let period = db.selectFrom("search_query_daily").where("day", ">=", from).where("day", "<=", to);
  if (options.storeCode) period = period.where("store_code", "=", options.storeCode);
  const sums = (eb: ExpressionBuilder<Database & SearchTables, "search_query_daily">) => [
    eb.fn.sum<number>("searches").as("searches"),
    eb.fn.sum<number>("zero_results").as("zero"),
    eb.fn.sum<number>("clicks").as("clicks"),
  ];
  const [top, zero, perDay, perStore] = await Promise.all([
    period
      .select((eb) => ["query", ...sums(eb)])
      .groupBy("query")
      .orderBy("searches", "desc")
      .orderBy("query")
      .limit(limit)
      .execute(),
    period
      .select((eb) => ["query", ...sums(eb)])
      .where("zero_results", ">", 0)
      .groupBy("query")
      .orderBy("zero", "desc")
      .orderBy("query")
      .limit(limit)
      .execute(),
    period
      .select((eb) => ["day", ...sums(eb)])
      .groupBy("day")
      .orderBy("day")
      .execute(),
    period
      .select((eb) => ["store_code", ...sums(eb)])
      .groupBy("store_code")
      .orderBy("searches", "desc")
      .orderBy("store_code")
      .execute(),
  ]);
  const figures = (r: { searches: unknown; zero: unknown; clicks: unknown }) => ({
    searches: Number(r.searches ?? 0),
    zeroResults: Number(r.zero ?? 0),
    clicks: Number(r.clicks ?? 0),
  });
  const byDay = new Map(perDay.map((r) => [r.day, figures(r)]));
  const everyDay: SearchAnalytics["perDay"] = [];
  for (let day = from; day <= to; day = isoDay(addDays(new Date(`${day}T00:00:00Z`), 1))) {
    everyDay.push({ day, ...(byDay.get(day) ?? { searches: 0, zeroResults: 0, clicks: 0 }) });
  }
  const stores = perStore.map((r) => ({ storeCode: r.store_code, ...figures(r) }));
  const total = stores.reduce(
    (sum, s) => ({
      searches: sum.searches + s.searches,
      zeroResults: sum.zeroResults + s.zeroResults,
      clicks: sum.clicks + s.clicks,
    }),
    { searches: 0, zeroResults: 0, clicks: 0 },
  );
  return {
    from,
    to,
    rolledUpThrough,
    totals: { ...total, clickThroughRate: clickThroughRate(total.searches, total.clicks) },
    topQueries: top.map((r) => ({ query: r.query, ...figures(r) })),
    zeroResultQueries: zero.map((r) => ({ query: r.query, ...figures(r) })),
    perDay: everyDay,
    perStore: stores,
  };
}
