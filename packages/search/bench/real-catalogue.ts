/**
 * The real H&M catalogue (../shared/data/hm_articles.csv.gz, see its SOURCE.md) as a benchmark input: read at
 * bench time only, never written anywhere, and no test depends on it.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { type DemoCatalog, generateDemoCatalog } from "@vitrine/demo-data";

/** The catalogue's path: the one given, or the default seen from the repository or its parent (if present). */
export function realCatalogPath(given: string): string | undefined {
  if (given) return existsSync(given) ? given : undefined;
  for (const candidate of ["../shared/data/hm_articles.csv.gz", "../../shared/data/hm_articles.csv.gz"]) {
    const path = resolve(process.cwd(), candidate);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else if (c !== "\r") field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The catalogue's rows, by column name. */
export function readRealCatalog(path: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = parseCsv(gunzipSync(readFileSync(path)).toString("utf8"));
  return { header: header ?? [], rows };
}

/**
 * A demo catalogue with one product per H&M article: the article's English name, type and description, and its
 * colour group (articles of one product code), on the generated records (categories, variants, prices, stock), so
 * the whole engine runs on the real texts' vocabulary and length.
 */
export function realDemoCatalog(path: string, today: Date): DemoCatalog {
  const { header, rows } = readRealCatalog(path);
  const col = (name: string) => header.indexOf(name);
  const c = {
    id: col("article_id"),
    code: col("product_code"),
    name: col("prod_name"),
    type: col("product_type_name"),
    description: col("detail_desc"),
  };
  const articles = rows.filter((r) => r.length > c.description);
  const demo = generateDemoCatalog({ products: articles.length, seed: 42, today });
  demo.products.forEach((product, i) => {
    const article = articles[i] as string[];
    product.masterKey = `hm-${article[c.code]}`;
    product.referenceKey = `hm-${article[c.id]}`;
    product.translations = {
      en: {
        name: article[c.name] || (article[c.type] as string),
        shortDescription: article[c.type] as string,
        description: article[c.description] as string,
        freeTextBadge: null,
      },
    };
  });
  return demo;
}
