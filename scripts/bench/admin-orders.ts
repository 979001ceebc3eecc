import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createDatabase, type Db, migrateToLatest, type OrderQuery, searchOrders } from "@vitrine/commerce";
import { percentile } from "./load.ts";

/**
 * The back office's order list at 100,000 orders (SQLite, in-process: the service the /admin/orders page and
 * `vitrine orders list` call): first page, filters, a deep page by cursor, and each kind of search. Orders are
 * generated straight into `shop_order` (the list reads no other table). Target: p95 < 100 ms.
 */
const ORDERS = Number(process.env.BENCH_ADMIN_ORDERS ?? 100_000);
const RUNS = 200;

const FIRST = ["lena", "anna", "marie", "sophie", "lea", "emma", "mia", "hannah", "paul", "jonas", "lukas", "felix"];
const LAST = ["berg", "huber", "müller", "schmidt", "schneider", "fischer", "weber", "meyer", "wagner", "becker"];
const STORES = ["de", "at", "ch", "fr-ch", "en"] as const;
const STATUSES = ["placed", "paid", "shipped", "delivered", "cancelled"] as const;
const METHODS = ["invoice", "prepayment", "cash_on_delivery", "credit_card", "paypal"] as const;

/** A deterministic pseudo-random sequence (the same shop every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function generate(db: Db): Promise<{ numbers: string[]; emails: string[] }> {
  const rnd = random(19);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const start = Date.parse("2025-01-01T00:00:00Z");
  const span = Date.parse("2026-11-01T00:00:00Z") - start;
  const numbers: string[] = [];
  const emails: string[] = [];
  const batch = 400;
  for (let i = 0; i < ORDERS; i += batch) {
    const rows = [];
    for (let j = i; j < Math.min(ORDERS, i + batch); j++) {
      const first = pick(FIRST);
      const last = `${pick(LAST)}${j % 97 === 0 ? "-lang" : ""}${Math.floor(j / 1000)}`;
      const email = `${first}.${last}.${j}@example.com`;
      const zip = String(10000 + Math.floor(rnd() * 89999));
      const address = JSON.stringify({
        firstName: first,
        lastName: last,
        street: "Weg 1",
        zipCode: zip,
        city: "Stadt",
        countryCode: "DE",
      });
      const at = new Date(start + Math.floor((span * j) / ORDERS) + Math.floor(rnd() * 60_000)).toISOString();
      const total = 1000 + Math.floor(rnd() * 40_000);
      const number = String(10_000_000 + j * 7);
      numbers.push(number);
      emails.push(email);
      rows.push({
        number,
        store_code: pick(STORES),
        currency: "EUR",
        customer_id: `c${j % 30_000}`,
        owner_kind: "browser",
        owner_id: `b${j}`,
        email,
        phone: null,
        status: pick(STATUSES),
        payment_status: "paid",
        idempotency_key: `bench-${j}`,
        shipping_address: address,
        billing_address: address,
        shipping_country: "DE",
        delivery_method: "standard",
        delivery_min: at.slice(0, 10),
        delivery_max: at.slice(0, 10),
        payment_method: pick(METHODS),
        payment_id: null,
        items_list_total: total,
        items_total: total,
        reductions: "[]",
        delivery_price: 0,
        payment_fee: 0,
        total,
        gift_card_code: null,
        gift_card_amount: 0,
        amount_due: total,
        vat_rate_bp: 1900,
        tax_total: Math.round(total * 0.16),
        net_total: total - Math.round(total * 0.16),
        placed_at: at,
        updated_at: at,
        search_email: email,
        search_first_name: first,
        search_last_name: last,
        search_postcode: zip,
      });
    }
    await db.insertInto("shop_order").values(rows).execute();
  }
  return { numbers, emails };
}

async function measure(
  db: Db,
  makeQuery: (i: number) => OrderQuery,
): Promise<{ p50: number; p95: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const page = await searchOrders({ db }, makeQuery(i));
    times.push(performance.now() - t0);
    rows += page.rows.length;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows: Math.round(rows / RUNS) };
}

export async function benchAdminOrders(): Promise<string[]> {
  const dir = join(import.meta.dirname, "../../bench-results/admin-orders");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = createDatabase({ url: join(dir, "orders.sqlite") });
  try {
    await migrateToLatest(db, []);
    const t0 = performance.now();
    const { numbers, emails } = await generate(db);
    const lines = [`${ORDERS} orders generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (SQLite)`];
    // A cursor 50 pages deep.
    let deep: string | undefined;
    for (let p = 0; p < 50; p++)
      deep = (await searchOrders({ db }, { limit: 50, ...(deep ? { cursor: deep } : {}) })).next;
    const cases: [string, (i: number) => OrderQuery][] = [
      ["list, newest first, page 1", () => ({ limit: 50 })],
      ["list, by total, page 1", () => ({ limit: 50, sort: "total_desc" })],
      ["list, store + status filter", (i) => ({ limit: 50, storeCodes: [STORES[i % 5] as "de"], statuses: ["paid"] })],
      [
        "list, payment + date range",
        () => ({ limit: 50, paymentMethods: ["paypal"], from: "2026-03-01", to: "2026-03-31" }),
      ],
      ["list, page 51 (cursor)", () => ({ limit: 50, ...(deep ? { cursor: deep } : {}) })],
      ["search, order number", (i) => ({ search: numbers[(i * 4999) % numbers.length] as string })],
      ["search, e-mail start", (i) => ({ search: (emails[(i * 4999) % emails.length] as string).slice(0, 12) })],
      ["search, last name", (i) => ({ search: `${LAST[i % LAST.length]}${i % 100}` })],
      [
        "search, first + last name",
        (i) => ({ search: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}${i % 100}` }),
      ],
      ["search, postcode", (i) => ({ search: String(10000 + ((i * 7919) % 89999)) })],
      ["search, name + store filter", (i) => ({ search: LAST[i % LAST.length] as string, storeCodes: ["at"] })],
    ];
    for (const [name, query] of cases) {
      const r = await measure(db, query);
      lines.push(
        `${name.padEnd(32)} p50 ${r.p50.toFixed(2).padStart(6)} ms   p95 ${r.p95.toFixed(2).padStart(6)} ms   (${r.rows} rows)`,
      );
    }
    return lines;
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npm run bench:admin`: this section alone, without starting the shop.
if (import.meta.main) {
  console.log(`== Back office: order list and search (${ORDERS} orders, SQLite, p95 target < 100 ms)`);
  for (const line of await benchAdminOrders()) console.log(`  ${line}`);
}
