import { fixedClock, getSetting } from "@vitrine/commerce";
import { createTestDatabase, type TestDatabase } from "@vitrine/commerce/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchDb, searchMigrations } from "../src/db/index.ts";
import {
  loadPopularity,
  ROLLED_UP_THROUGH_KEY,
  rollUpSearchAnalytics,
  searchQueryStats,
} from "../src/events/rollup.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ modules: [searchMigrations] });
});
afterAll(async () => {
  await t?.destroy();
});

const NOW = new Date("2026-03-10T09:30:00Z");
let seq = 0;

function row(at: string, fields: Record<string, unknown>) {
  return {
    store_code: "de",
    type: "search",
    client_id: "c1",
    query: null,
    product_id: null,
    action: null,
    quantity: null,
    transaction_id: null,
    response_id: null,
    results: null,
    payload: "{}",
    created_at: at,
    ...fields,
  };
}

async function seed() {
  const search = (at: string, query: string, results: number, store = "de") =>
    row(at, { type: "search", query, results, store_code: store, response_id: `r${++seq}` });
  const rows = [
    // 8 March: "Kleid" twice (one typed with a capital and a space), one search without results, a click.
    search("2026-03-08T10:00:00.000Z", "Kleid ", 12),
    search("2026-03-08T11:00:00.000Z", "kleid", 12),
    search("2026-03-08T12:00:00.000Z", "xyzzy", 0),
    search("2026-03-08T12:00:00.000Z", "robe", 3, "fr-ch"),
    row("2026-03-08T10:01:00.000Z", { type: "ec.productClick", product_id: 1001, response_id: "r1" }),
    row("2026-03-08T10:02:00.000Z", { type: "ec.productView", product_id: 1001 }),
    row("2026-03-08T10:03:00.000Z", { type: "ec.cartAction", product_id: 1001, action: "add", quantity: 2 }),
    row("2026-03-08T10:04:00.000Z", { type: "order", product_id: 1001, quantity: 1, transaction_id: "o1" }),
    row("2026-03-08T10:04:00.000Z", { type: "order", product_id: 1002, quantity: 1, transaction_id: "o1" }),
    // 9 March: one more "kleid" without results.
    search("2026-03-09T23:59:59.000Z", "KLEID", 0),
    row("2026-03-09T08:00:00.000Z", { type: "ec.productView", product_id: 1002 }),
    // Today: not rolled up.
    search("2026-03-10T08:00:00.000Z", "kleid", 5),
    row("2026-03-10T08:00:00.000Z", { type: "ec.productView", product_id: 1001 }),
  ];
  await searchDb(t.db).insertInto("search_event").values(rows).execute();
}

describe("search analytics roll-up", () => {
  it("sums finished days per query and product, deletes their raw rows but orders, and changes no popularity", async () => {
    await seed();
    const since = new Date("2026-02-24T00:00:00Z");
    const before = await loadPopularity(t.db, since);
    expect(before.get("de")?.get(1001)).toBe(1 + 2 + 4 * 2 + 8 + 1);

    const report = await rollUpSearchAnalytics({ db: t.db, clock: fixedClock(NOW) });
    expect(report.days).toEqual(["2026-03-08", "2026-03-09"]);
    // 8 March: 4 searches, click, view, cart add; 9 March: search and view. Order rows stay.
    expect(report.pruned).toBe(9);
    expect(await getSetting({ db: t.db }, ROLLED_UP_THROUGH_KEY)).toBe("2026-03-09");

    const left = await searchDb(t.db).selectFrom("search_event").select(["type", "created_at"]).orderBy("id").execute();
    expect(left.filter((r) => r.created_at < "2026-03-10").map((r) => r.type)).toEqual(["order", "order"]);
    expect(left.filter((r) => r.created_at >= "2026-03-10")).toHaveLength(2);

    const daily = await searchDb(t.db)
      .selectFrom("search_query_daily")
      .selectAll()
      .orderBy("day")
      .orderBy("store_code")
      .orderBy("query")
      .execute();
    expect(daily.map((d) => [d.day, d.store_code, d.query, d.searches, d.zero_results, d.clicks])).toEqual([
      ["2026-03-08", "de", "kleid", 2, 0, 1],
      ["2026-03-08", "de", "xyzzy", 1, 1, 0],
      ["2026-03-08", "fr-ch", "robe", 1, 0, 0],
      ["2026-03-09", "de", "kleid", 1, 1, 0],
    ]);
    expect(await searchQueryStats(t.db, { from: "2026-03-01", to: "2026-03-09", storeCode: "de" })).toEqual([
      { storeCode: "de", query: "kleid", searches: 3, zeroResults: 1, clicks: 1 },
      { storeCode: "de", query: "xyzzy", searches: 1, zeroResults: 1, clicks: 0 },
    ]);

    // Roll-ups of finished days plus today's raw rows: the same scores as before.
    expect(await loadPopularity(t.db, since)).toEqual(before);

    // Nothing left to do until the day is over; the next day rolls up today.
    expect(await rollUpSearchAnalytics({ db: t.db, clock: fixedClock(NOW) })).toEqual({ days: [], pruned: 0 });
    const tomorrow = await rollUpSearchAnalytics({ db: t.db, clock: fixedClock("2026-03-11T00:10:00Z") });
    expect(tomorrow).toEqual({ days: ["2026-03-10"], pruned: 2 });
    expect(await loadPopularity(t.db, since)).toEqual(before);
  });
});
