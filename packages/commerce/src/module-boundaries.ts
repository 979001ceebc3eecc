/**
 * Which module owns which table, and a checker that finds code querying another module's table. A module reaches
 * another module's data only through that module's exported functions; `module-boundaries.test.ts` runs the
 * checker over the commerce core and the search package.
 */

export const TABLE_OWNERS = {
  catalog: [
    "category",
    "category_translation",
    "product",
    "product_translation",
    "product_category",
    "product_image",
    "product_list_state_deferral",
    "variant",
    "variant_price",
    "product_tombstone",
    "product_tombstone_variant",
    "catalog_import_job",
    "catalog_import_run",
    "catalog_import_record",
    "catalog_import_variant",
    "catalog_import_reference",
    "catalog_import_vocabulary",
    "vocabulary_value",
    "vocabulary_attribute",
    "vocabulary_attribute_value",
  ],
  basket: ["basket", "basket_item"],
  wishlist: ["wishlist", "wishlist_item"],
  checkout: ["checkout_session"],
  orders: [
    "shop_order",
    "order_line",
    "order_event",
    "order_package",
    "order_return",
    "order_return_line",
    "order_refund",
    "order_note",
    "mail_outbox",
  ],
  payments: ["payment", "payment_event", "gift_card", "gift_card_transaction"],
  customers: [
    "auth_user",
    "auth_session",
    "auth_account",
    "auth_verification",
    "customer",
    "customer_address",
    "loyalty_card",
    "newsletter_subscription",
    "subscription_cancellation",
  ],
  "rate-limit": ["rate_limit"],
  promotions: ["promotion"],
  outfits: ["outfit"],
  stores: ["physical_store", "store_stock"],
  redirects: ["redirect"],
  settings: ["setting"],
  events: ["event"],
  jobs: ["job", "job_run", "worker"],
  content: ["content_entry", "content_version"],
  audit: ["audit_log"],
  media: ["media_asset", "media_alt"],
  staff: ["staff_user", "staff_session", "staff_setup_token"],
  search: [
    "search_event",
    "search_query",
    "search_rule",
    "search_synonym",
    "search_query_daily",
    "product_popularity_daily",
  ],
} as const satisfies Record<string, readonly string[]>;

export type OwningModule = keyof typeof TABLE_OWNERS;

const OWNER_OF_TABLE: ReadonlyMap<string, OwningModule> = new Map(
  Object.entries(TABLE_OWNERS).flatMap(([module, tables]) =>
    tables.map((table): [string, OwningModule] => [table, module as OwningModule]),
  ),
);

function ownerOfTable(table: string): OwningModule | undefined {
  return OWNER_OF_TABLE.get(table);
}

export interface TableReference {
  table: string;
  line: number;
  /** How the table was named: a query builder method (`selectFrom`, `innerJoin`, …) or `sql` for raw SQL. */
  via: string;
}

export interface BoundaryViolation extends TableReference {
  file: string;
  module: string;
  owner: OwningModule;
}

/** Kysely methods whose first argument names a table (or several, as an array). */
const TABLE_METHODS = [
  "selectFrom",
  "insertInto",
  "replaceInto",
  "updateTable",
  "deleteFrom",
  "mergeInto",
  "innerJoin",
  "leftJoin",
  "rightJoin",
  "fullJoin",
  "innerJoinLateral",
  "leftJoinLateral",
  "table",
];

const STRING = String.raw`(?:"([^"\\]*)"|'([^'\\]*)'|\x60([^\x60$\\]*)\x60)`;
const METHOD_CALL = new RegExp(String.raw`\.(${TABLE_METHODS.join("|")})\(\s*(\[[^\]]*\]|${STRING})`, "g");
const STRING_IN_ARRAY = new RegExp(STRING, "g");
/** A raw SQL template: `sql` or `sql<T>` followed by a template literal (no nesting inside `${…}` needed here). */
const RAW_SQL = /\bsql(?:\s*<[^`;]*?>)?\s*`((?:[^`\\]|\\.)*)`/g;
const RAW_TABLE = /\b(?:from|join|into|update|table)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Blanks out comments, keeping line breaks, so that commented-out code or prose does not count. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g, (comment) => comment.replace(/[^\n]/g, " "));
}

function lineAt(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** Strips an alias (`"product as p"`) from a table name. */
function tableName(literal: string): string {
  return (
    literal
      .trim()
      .split(/\s+as\s+/i)[0]
      ?.trim() ?? ""
  );
}

/** Every known table a source file names in a query, with its line. Unknown names (CTEs, subquery aliases) are skipped. */
export function tableReferences(source: string): TableReference[] {
  const code = withoutComments(source);
  const found: TableReference[] = [];
  for (const match of code.matchAll(METHOD_CALL)) {
    const [, via, argument = ""] = match;
    const literals = argument.startsWith("[")
      ? [...argument.matchAll(STRING_IN_ARRAY)].map((m) => m[1] ?? m[2] ?? m[3] ?? "")
      : [match[3] ?? match[4] ?? match[5] ?? ""];
    for (const literal of literals) {
      const table = tableName(literal);
      if (ownerOfTable(table)) found.push({ table, line: lineAt(code, match.index), via: via ?? "" });
    }
  }
  for (const match of code.matchAll(RAW_SQL)) {
    const text = match[1] ?? "";
    const start = match.index + match[0].indexOf("`");
    for (const raw of text.matchAll(RAW_TABLE)) {
      const table = raw[1] ?? "";
      if (ownerOfTable(table)) found.push({ table, line: lineAt(code, start + raw.index), via: "sql" });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The references of one file (belonging to `module`) to tables another module owns. */
export function boundaryViolations(file: string, module: string, source: string): BoundaryViolation[] {
  return tableReferences(source).flatMap((reference) => {
    const owner = ownerOfTable(reference.table);
    return owner && owner !== module ? [{ ...reference, file, module, owner }] : [];
  });
}
