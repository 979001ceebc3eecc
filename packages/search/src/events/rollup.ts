import { addDays, type Ctx, type Db, getSetting, isoDay, setSetting, withTransaction } from "@vitrine/commerce";
import { sql } from "kysely";
import { type SearchDb, searchDb } from "../db/index.ts";
import { normaliseQuery } from "../engine/normalize.ts";
import { ORDER_EVENT } from "./events.ts";
import { usageRowType } from "./usage-analytics.ts";

/**
 * Search analytics roll-ups. Raw search events (`search_event`) arrive all day; once a day is over, the
 * search-analytics job sums it up per store and query (searches, searches without results, clicks on their results)
 * and per store and product (the popularity score listings rank by), then deletes that day's raw rows. Placed orders'
 * rows stay: "bought together" reads them. Readers combine the roll-ups of finished days with today's raw rows, so no
 * process aggregates two weeks of raw events any more.
 */

/** The last day (`yyyy-mm-dd`, UTC) that is rolled up and whose raw events are gone. */
export const ROLLED_UP_THROUGH_KEY = "search_rollup_through";

/** Searches: the commerce API's logged searches and the help centre's usage-analytics search events. */
const SEARCH_ROW_TYPES = ["search", usageRowType("search")];
/** Clicks on a result: product clicks, and usage-analytics clicks naming their search by its `searchQueryUid`. */
const CLICK_ROW_TYPES = ["ec.productClick", usageRowType("click")];

/** How much each event says about a product's popularity (purchases count from placed orders). */
export const POPULARITY_WEIGHTS: Record<string, number> = {
  "ec.productView": 1,
  "ec.productClick": 2,
  "ec.cartAction": 4,
  [ORDER_EVENT]: 8,
};

export interface RollupReport {
  /** The days rolled up by this run, oldest first. */
  days: string[];
  /** Raw event rows deleted after rolling up. */
  pruned: number;
}

/**
 * Rolls up every finished day not rolled up yet (at most `maxDays` per run, oldest first). Each day is one
 * transaction: its roll-up rows are written, its raw rows deleted and the watermark moved together, so a run that
 * stops half-way leaves nothing counted twice or lost. Running it again for the same day changes nothing.
 */
export async function rollUpSearchAnalytics(
  ctx: Pick<Ctx, "db" | "clock">,
  options: { maxDays?: number } = {},
): Promise<RollupReport> {
  const today = isoDay(ctx.clock.now());
  const through = await getSetting(ctx, ROLLED_UP_THROUGH_KEY);
  let day = through ? isoDay(addDays(new Date(`${through}T00:00:00Z`), 1)) : await firstRawDay(searchDb(ctx.db));
  const report: RollupReport = { days: [], pruned: 0 };
  while (day && day < today && report.days.length < (options.maxDays ?? 60)) {
    const current = day;
    report.pruned += await withTransaction(ctx, async (tx) => {
      await rollUpDay(searchDb(tx.db), current);
      const pruned = await searchDb(tx.db)
        .deleteFrom("search_event")
        .where("created_at", ">=", dayStart(current))
        .where("created_at", "<", dayStart(nextDay(current)))
        .where("type", "<>", ORDER_EVENT)
        .executeTakeFirst();
      await setSetting(tx, ROLLED_UP_THROUGH_KEY, current, tx.clock.now());
      return Number(pruned.numDeletedRows);
    });
    report.days.push(current);
    day = nextDay(current);
  }
  return report;
}

async function firstRawDay(db: SearchDb): Promise<string | undefined> {
  const row = await db
    .selectFrom("search_event")
    .select((eb) => eb.fn.min("created_at").as("first"))
    .executeTakeFirst();
  return row?.first ? String(row.first).slice(0, 10) : undefined;
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const nextDay = (day: string) => isoDay(addDays(new Date(dayStart(day)), 1));

async function rollUpDay(db: SearchDb, day: string): Promise<void> {
  const from = dayStart(day);
  const to = dayStart(nextDay(day));
  await db.deleteFrom("search_query_daily").where("day", "=", day).execute();
  await db.deleteFrom("product_popularity_daily").where("day", "=", day).execute();

  // Searches: the raw query as typed, normalised here as the engine normalises it, so "Kleid " and "kleid" add up.
  const searches = await db
    .selectFrom("search_event")
    .select((eb) => [
      "store_code",
      "query",
      eb.fn.countAll<number>().as("searches"),
      eb.fn.sum<number>(sql<number>`case when results = 0 then 1 else 0 end`).as("zero"),
    ])
    .where("type", "in", SEARCH_ROW_TYPES)
    .where("query", "is not", null)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy(["store_code", "query"])
    .execute();
  // Clicks on results, counted for the search whose answer they came from.
  const clicks = await db
    .selectFrom("search_event as click")
    .innerJoin("search_event as answer", "answer.response_id", "click.response_id")
    .select((eb) => ["answer.store_code", "answer.query", eb.fn.countAll<number>().as("clicks")])
    .where("click.type", "in", CLICK_ROW_TYPES)
    .where("answer.type", "in", SEARCH_ROW_TYPES)
    .where("answer.query", "is not", null)
    .where("click.created_at", ">=", from)
    .where("click.created_at", "<", to)
    .groupBy(["answer.store_code", "answer.query"])
    .execute();
  const queries = new Map<
    string,
    { store_code: string; query: string; searches: number; zero: number; clicks: number }
  >();
  const entry = (store: string, raw: string) => {
    const query = normaliseQuery(raw).slice(0, 200);
    const key = `${store}\u0000${query}`;
    let found = queries.get(key);
    if (!found) {
      found = { store_code: store, query, searches: 0, zero: 0, clicks: 0 };
      queries.set(key, found);
    }
    return found;
  };
  for (const row of searches) {
    const e = entry(row.store_code, row.query as string);
    e.searches += Number(row.searches);
    e.zero += Number(row.zero ?? 0);
  }
  for (const row of clicks) entry(row.store_code, row.query as string).clicks += Number(row.clicks);
  const queryRows = [...queries.values()]
    .filter((q) => q.query !== "")
    .map((q) => ({
      day,
      store_code: q.store_code,
      query: q.query,
      searches: q.searches,
      zero_results: q.zero,
      clicks: q.clicks,
    }));
  for (let i = 0; i < queryRows.length; i += 500) {
    await db
      .insertInto("search_query_daily")
      .values(queryRows.slice(i, i + 500))
      .execute();
  }

  const popularity = await rawPopularity(db, from, to);
  const popularityRows = [...popularity].flatMap(([store_code, scores]) =>
    [...scores].map(([product_id, score]) => ({ day, store_code, product_id, score })),
  );
  for (let i = 0; i < popularityRows.length; i += 500) {
    await db
      .insertInto("product_popularity_daily")
      .values(popularityRows.slice(i, i + 500))
      .execute();
  }
}

type Scores = Map<string, Map<number, number>>;

function add(scores: Scores, store: string, productId: number, score: number): void {
  const perStore = scores.get(store) ?? new Map<number, number>();
  perStore.set(productId, (perStore.get(productId) ?? 0) + score);
  scores.set(store, perStore);
}

/** Popularity per store and product from the raw events in `[from, to)`: views, clicks, basket adds and orders. */
async function rawPopularity(db: SearchDb, from: string, to?: string): Promise<Scores> {
  let query = db
    .selectFrom("search_event")
    .select((eb) => [
      "store_code",
      "product_id",
      "type",
      eb.fn.countAll<number>().as("events"),
      eb.fn.sum<number>(eb.fn.coalesce("quantity", sql<number>`1`)).as("units"),
    ])
    .where("created_at", ">=", from)
    .where("product_id", "is not", null)
    .where("type", "in", Object.keys(POPULARITY_WEIGHTS))
    .where((eb) => eb.or([eb("action", "is", null), eb("action", "=", "add")]));
  if (to) query = query.where("created_at", "<", to);
  const rows = await query.groupBy(["store_code", "product_id", "type"]).execute();
  const out: Scores = new Map();
  for (const row of rows) {
    const weight = POPULARITY_WEIGHTS[row.type] ?? 0;
    const amount = row.type === "ec.productView" || row.type === "ec.productClick" ? row.events : row.units;
    add(out, row.store_code, Number(row.product_id), weight * Number(amount));
  }
  return out;
}

/**
 * Popularity per store and product since `since`: the roll-ups of finished days, plus the raw events after the last
 * rolled-up day (today's, and any day the job has not reached yet).
 */
export async function loadPopularity(shopDb: Db, since: Date): Promise<Scores> {
  const db = searchDb(shopDb);
  const through = await getSetting({ db: shopDb }, ROLLED_UP_THROUGH_KEY);
  const sinceIso = since.toISOString();
  if (!through || through < isoDay(since)) return rawPopularity(db, sinceIso);
  const rolled = await db
    .selectFrom("product_popularity_daily")
    .select((eb) => ["store_code", "product_id", eb.fn.sum<number>("score").as("score")])
    .where("day", ">=", isoDay(since))
    .where("day", "<=", through)
    .groupBy(["store_code", "product_id"])
    .execute();
  const out = await rawPopularity(db, dayStart(nextDay(through)));
  for (const row of rolled) add(out, row.store_code, Number(row.product_id), Number(row.score));
  return out;
}

/** Searches per store and query over the rolled-up days `[from, to]`, most searched first (for the operator). */
export async function searchQueryStats(
  shopDb: Db,
  options: { from: string; to: string; storeCode?: string; limit?: number },
): Promise<{ storeCode: string; query: string; searches: number; zeroResults: number; clicks: number }[]> {
  const db = searchDb(shopDb);
  let query = db
    .selectFrom("search_query_daily")
    .select((eb) => [
      "store_code",
      "query",
      eb.fn.sum<number>("searches").as("searches"),
      eb.fn.sum<number>("zero_results").as("zero"),
      eb.fn.sum<number>("clicks").as("clicks"),
    ])
    .where("day", ">=", options.from)
    .where("day", "<=", options.to);
  if (options.storeCode) query = query.where("store_code", "=", options.storeCode);
  const rows = await query
    .groupBy(["store_code", "query"])
    .orderBy("searches", "desc")
    .orderBy("query")
    .limit(options.limit ?? 50)
    .execute();
  return rows.map((r) => ({
    storeCode: r.store_code,
    query: r.query,
    searches: Number(r.searches),
    zeroResults: Number(r.zero),
    clicks: Number(r.clicks),
  }));
}
