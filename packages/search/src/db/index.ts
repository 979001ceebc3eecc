import type { Database, Db, ModuleMigrations } from "@vitrine/commerce";
import type { Kysely } from "kysely";
import * as m0002 from "./migrations/0002_search.ts";
import * as m0009 from "./migrations/0009_search_rollups.ts";
import type { SearchTables } from "./tables.ts";

export type { SearchTables } from "./tables.ts";

/** The search module's migrations: the shop's migration list takes them with the commerce ones. */
export const searchMigrations: ModuleMigrations = {
  "0002_search": m0002,
  "0009_search_rollups": m0009,
};

/** The shop's database as search sees it: the commerce tables it reads plus its own. */
export type SearchDb = Kysely<Database & SearchTables>;

/**
 * The shop's database with search's own tables: only the search package knows them, so no other module's code
 * compiles a query on them.
 */
export function searchDb(db: Db): SearchDb {
  return db.withTables<SearchTables>();
}
