import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { createDatabase, type Db, listProducts, migrateToLatest, type ProductListQuery } from "@vitrine/commerce";
import { createTestDatabase } from "@vitrine/commerce/testing";
import { sql } from "kysely";
import { percentile } from "./load.ts";

/**
 * The back office's product list at 100,000 products (SQLite, or PostgreSQL in a schema of its own when
 * DATABASE_URL names one; in-process: the service /admin/products and
 * `vitrine products list` call): pages, each filter, and searches by name, number and EAN. Products are generated
 * straight into the catalogue tables (names in three languages, three sizes, prices in two zones). Target: p95 <
 * 100 ms.
 */
const PRODUCTS = Number(process.env.BENCH_ADMIN_PRODUCTS ?? 100_000);
const RUNS = 100;
const BATCH = 400;

const BRANDS = ["Alpenrose", "Berliner Blau", "Copper Lane", "Fjord & Field", "Hafen 17", "Kieler Küste", "Lakeside"];
const KINDS = [
  ["Kleid", "Robe", "Dress"],
  ["Hose", "Pantalon", "Trousers"],
  ["Pullover", "Pull", "Jumper"],
  ["Jacke", "Veste", "Jacket"],
  ["Hemd", "Chemise", "Shirt"],
  ["Sneaker", "Basket", "Trainer"],
] as const;
const MATERIALS = [
  ["Baumwolle", "coton", "cotton"],
  ["Wolle", "laine", "wool"],
  ["Leinen", "lin", "linen"],
  ["Leder", "cuir", "leather"],
] as const;
const CATEGORIES = 24;

/** A deterministic pseudo-random sequence (the same catalogue every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function insert(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  // The rows of several tables go through this one helper: the table name is checked at run time only.
  const into = db.insertInto(table as "product") as unknown as {
    values(rows: Record<string, unknown>[]): { execute(): Promise<unknown> };
  };
  for (let i = 0; i < rows.length; i += BATCH) await into.values(rows.slice(i, i + BATCH)).execute();
}

export async function generate(db: Db): Promise<{ references: string[]; eans: string[] }> {
  const rnd = random(23);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const categories = Array.from({ length: CATEGORIES }, (_, i) => ({
    id: i + 1,
    parent_id: i < 4 ? null : (i % 4) + 1,
    key: `cat-${i + 1}`,
    position: i,
    kind: "regular",
    is_sale: 0,
    tracking_key: `cat-${i + 1}`,
    shop_base_category: `cat-${i + 1}`,
    product_type: "",
  }));
  await insert(db, "category", categories);
  await insert(
    db,
    "category_translation",
    categories.flatMap((c) =>
      ["de", "fr", "en"].map((language) => ({
        category_id: c.id,
        language,
        name: `Kategorie ${c.id}`,
        slug: `kategorie-${c.id}-${language}`,
        description: "",
      })),
    ),
  );
  const references: string[] = [];
  const eans: string[] = [];
  const stamp = "2026-11-01T00:00:00.000Z";
  for (let start = 0; start < PRODUCTS; start += 2000) {
    const products = [];
    const translations = [];
    const images = [];
    const links = [];
    const variants = [];
    const prices = [];
    for (let j = start; j < Math.min(PRODUCTS, start + 2000); j++) {
      const id = j + 1;
      const kind = pick(KINDS);
      const material = pick(MATERIALS);
      const reference = `BX-${String(id).padStart(6, "0")}`;
      references.push(reference);
      products.push({
        id,
        master_key: `M-${Math.floor(id / 3)}`,
        reference_key: reference,
        brand: pick(BRANDS),
        product_type: "dress",
        color_id: "navy",
        pattern: "plain",
        material: "[]",
        fit: null,
        care: "[]",
        season_month: 3,
        season_year: 2026,
        campaign: null,
        arrival_date: "2026-01-01",
        promotion_id: null,
        attributes: "{}",
        created_at: stamp,
        updated_at: stamp,
        status: j % 50 === 0 ? "hidden" : "active",
      });
      for (const [index, language] of ["de", "fr", "en"].entries()) {
        const name = `${kind[index]} aus ${material[index]} ${id}`;
        translations.push({
          product_id: id,
          language,
          name,
          slug: `p-${id}`,
          short_description: "",
          description: "",
          free_text_badge: null,
          text_language: null,
        });
      }
      if (j % 20 !== 0) images.push({ product_id: id, asset_name: "front", position: 0, path: `p/${id}/front.svg` });
      links.push({ product_id: id, category_id: 5 + (j % (CATEGORIES - 4)), position: 0 });
      for (let v = 0; v < 3; v++) {
        const variantId = id * 10 + v;
        const ean = String(4_000_000_000_000 + variantId);
        if (v === 0) eans.push(ean);
        const stock = j % 7 === 0 ? 0 : j % 11 === 0 ? 1 : Math.floor(rnd() * 40);
        variants.push({
          id: variantId,
          product_id: id,
          size: ["s", "m", "l"][v],
          position: v,
          ean,
          stock_quantity: stock,
          sellable_without_stock: 0,
          delivery_min_days: 2,
          delivery_max_days: 4,
        });
        const list = 1995 + (j % 40) * 500;
        const sale = j % 9 === 0 ? Math.round(list * 0.7) : null;
        for (const [zone, currency] of [
          ["DE", "EUR"],
          ["CH", "CHF"],
        ]) {
          prices.push({
            variant_id: variantId,
            price_zone: zone,
            currency,
            list_price: list,
            sale_price: sale,
            reduction_category: sale === null ? null : "sale",
          });
        }
      }
    }
    await insert(db, "product", products);
    await insert(db, "product_translation", translations);
    await insert(db, "product_image", images);
    await insert(db, "product_category", links);
    await insert(db, "variant", variants);
    await insert(db, "variant_price", prices);
  }
  return { references, eans };
}

async function measure(
  db: Db,
  makeQuery: (i: number) => Omit<ProductListQuery, "language">,
): Promise<{ p50: number; p95: number; rows: number; total: string }> {
  const times: number[] = [];
  let rows = 0;
  let total = "";
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const list = await listProducts({ db }, { language: "de", ...makeQuery(i) });
    times.push(performance.now() - t0);
    rows += list.rows.length;
    total = `${list.totalCapped ? ">" : ""}${list.total}`;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows: Math.round(rows / RUNS), total };
}

export async function benchAdminCatalog(): Promise<string[]> {
  const dir = join(import.meta.dirname, "../../bench-results/admin-catalog");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const postgres = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? "");
  // PostgreSQL: a fresh schema, dropped afterwards (the test databases' helper); SQLite: a file of its own.
  const test = postgres ? await createTestDatabase({ migrate: false }) : undefined;
  const db = test?.db ?? createDatabase({ url: join(dir, "catalog.sqlite") });
  try {
    await migrateToLatest(db, []);
    const t0 = performance.now();
    const { references, eans } = await generate(db);
    // PostgreSQL plans from statistics its autovacuum gathers after bulk writes: gathered now, as a shop has them.
    if (postgres) await sql`analyze`.execute(db);
    const lines = [
      `${PRODUCTS} products generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (${postgres ? "PostgreSQL" : "SQLite"})`,
    ];
    const cases: [string, (i: number) => Omit<ProductListQuery, "language">][] = [
      ["list, page 1", () => ({})],
      ["list, page 200", () => ({ page: 200 })],
      ["list, 100 per page", () => ({ perPage: 100 })],
      ["filter, brand", (i) => ({ brand: BRANDS[i % BRANDS.length] as string })],
      ["filter, category (with children)", (i) => ({ categoryId: 1 + (i % 4) })],
      ["filter, category (one leaf)", (i) => ({ categoryId: 5 + (i % 20) })],
      ["filter, category, page 20", (i) => ({ categoryId: 1 + (i % 4), page: 20 })],
      ["filter, sold out", () => ({ stock: "out" })],
      ["filter, low stock", () => ({ stock: "low" })],
      ["filter, in stock", () => ({ stock: "in_stock" })],
      ["filter, no image", () => ({ noImage: true })],
      ["filter, on sale", () => ({ onSale: true })],
      ["filter, low stock, page 20", () => ({ stock: "low", page: 20 })],
      ["filter, hidden", () => ({ status: "hidden" })],
      [
        "filter, brand + on sale + in stock",
        (i) => ({ brand: BRANDS[i % 7] as string, onSale: true, stock: "in_stock" }),
      ],
      ["search, product number", (i) => ({ q: references[(i * 977) % references.length] as string })],
      ["search, EAN", (i) => ({ q: eans[(i * 977) % eans.length] as string })],
      ["search, id", (i) => ({ q: String(1 + ((i * 977) % PRODUCTS)) })],
      ["search, name word", (i) => ({ q: (KINDS[i % KINDS.length] as readonly string[])[0] as string })],
      ["search, rare name", (i) => ({ q: `leinen ${1000 + i}` })],
      ["search, no match", (i) => ({ q: `samt ${i}` })],
      ["search, two letters", () => ({ q: "os" })],
      ["search, name + brand", (i) => ({ q: "wolle", brand: BRANDS[i % 7] as string })],
    ];
    // BENCH_ADMIN_BASELINE: the JSON an earlier run wrote (another commit, the same machine): its p95 is shown
    // beside this run's ("before → after"). Each run writes its own next to the results.
    const baselineFile = process.env.BENCH_ADMIN_BASELINE;
    const baseline: Record<string, { p50: number; p95: number }> =
      baselineFile && existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, "utf8")).cases : {};
    const results: Record<string, { p50: number; p95: number }> = {};
    for (const [name, query] of cases) {
      const r = await measure(db, query);
      results[name] = { p50: r.p50, p95: r.p95 };
      const before = baseline[name];
      lines.push(
        `${name.padEnd(36)} p50 ${r.p50.toFixed(2).padStart(6)} ms   p95 ${r.p95.toFixed(2).padStart(6)} ms   (${r.rows} rows of ${r.total})${before ? `   before: p50 ${before.p50.toFixed(2)} ms, p95 ${before.p95.toFixed(2)} ms` : ""}`,
      );
    }
    const kind = postgres ? "postgres" : "sqlite";
    writeFileSync(
      join(dir, `../admin-catalog-${kind}.json`),
      `${JSON.stringify({ at: new Date().toISOString(), load: loadavg(), generated: lines[0], cases: results }, null, 2)}\n`,
    );
    return lines;
  } finally {
    if (test) await test.destroy();
    else await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node scripts/bench/admin-catalog.ts`: this section alone, without starting the shop.
if (import.meta.main) {
  const database = /^postgres/i.test(process.env.DATABASE_URL ?? "") ? "PostgreSQL" : "SQLite";
  console.log(`== Back office: product list and search (${PRODUCTS} products, ${database}, p95 target < 100 ms)`);
  for (const line of await benchAdminCatalog()) console.log(`  ${line}`);
}
