import { sql } from "kysely";
import { dialect } from "../database.ts";
import type { MigrationDb } from "../migration-helpers.ts";

/**
 * The back office's product list at 100,000 products: what its filters ask of a product's variants, prices and
 * pictures, kept on the product row and indexed, so that a filter reads an index in the list's order instead of
 * aggregating every variant.
 *
 * - `stock_state`: `out` (no variant can be sold), `low` (1 to 5 units over all sizes: LOW_STOCK_UNITS) or `in`,
 *   over the sizes the product still has (a removed size, `variant.removed_at`, keeps its row for orders);
 * - `on_sale`: 1 when any variant has a reduced price in any zone;
 * - `has_front_image`: 1 when the product has its front picture.
 *
 * Database triggers keep them, in the transaction of every write to `variant`, `variant_price` and
 * `product_image` (the editor, bulk changes, the import, orders taking and putting back stock, a deletion, and
 * any write added later): no write path can forget them. A trigger writes the product row only when the value
 * changes, so an order that leaves a product in stock does not touch (or lock, on PostgreSQL) its row.
 */
/** LOW_STOCK_UNITS when this migration was written (a later change of it needs a migration of its own). */
const LOW_STOCK_UNITS_AT_MIGRATION = 5;

const sqliteStockState = (product: string) => `(
  select case
    when coalesce(sum(v.stock_quantity), 0) between 1 and ${LOW_STOCK_UNITS_AT_MIGRATION} then 'low'
    when coalesce(max(v.stock_quantity > 0 or v.sellable_without_stock = 1), 0) = 1 then 'in'
    else 'out' end
  from variant v where v.product_id = ${product} and v.removed_at is null)`;
const sqliteOnSale = (product: string) => `exists (
  select 1 from variant v join variant_price vp on vp.variant_id = v.id
  where v.product_id = ${product} and vp.sale_price is not null)`;
const sqliteFrontImage = (product: string) =>
  `exists (select 1 from product_image i where i.product_id = ${product} and i.asset_name = 'front')`;

const setStockState = (product: string) =>
  `update product set stock_state = ${sqliteStockState("product.id")} where id = ${product};`;
const setOnSale = (product: string) =>
  `update product set on_sale = ${sqliteOnSale("product.id")} where id = ${product};`;
const setFrontImage = (product: string) =>
  `update product set has_front_image = ${sqliteFrontImage("product.id")} where id = ${product};`;

export const SQLITE_TRIGGERS = [
  `create trigger variant_list_state_insert after insert on variant begin
    ${setStockState("new.product_id")}
  end`,
  `create trigger variant_list_state_update
    after update of stock_quantity, sellable_without_stock, product_id, removed_at
    on variant when new.product_id = old.product_id begin
    ${setStockState("new.product_id")}
  end`,
  `create trigger variant_list_state_move after update of product_id on variant
    when new.product_id <> old.product_id begin
    ${setStockState("new.product_id")}
    ${setStockState("old.product_id")}
    ${setOnSale("new.product_id")}
    ${setOnSale("old.product_id")}
  end`,
  `create trigger variant_list_state_delete after delete on variant begin
    ${setStockState("old.product_id")}
    ${setOnSale("old.product_id")}
  end`,
  `create trigger variant_price_list_state_insert after insert on variant_price
    when new.sale_price is not null begin
    update product set on_sale = 1 where id = (select product_id from variant where id = new.variant_id);
  end`,
  `create trigger variant_price_list_state_update after update of sale_price, variant_id on variant_price
    when new.sale_price is not old.sale_price or new.variant_id is not old.variant_id begin
    ${setOnSale("(select product_id from variant where id = new.variant_id)")}
    ${setOnSale("(select product_id from variant where id = old.variant_id)")}
  end`,
  `create trigger variant_price_list_state_delete after delete on variant_price
    when old.sale_price is not null begin
    ${setOnSale("(select product_id from variant where id = old.variant_id)")}
  end`,
  `create trigger product_image_list_state_insert after insert on product_image
    when new.asset_name = 'front' begin
    update product set has_front_image = 1 where id = new.product_id;
  end`,
  `create trigger product_image_list_state_update after update of asset_name, product_id on product_image begin
    ${setFrontImage("new.product_id")}
    ${setFrontImage("old.product_id")}
  end`,
  `create trigger product_image_list_state_delete after delete on product_image
    when old.asset_name = 'front' begin
    ${setFrontImage("old.product_id")}
  end`,
];

/**
 * PostgreSQL: the same rules, once per statement over the rows it changed (transition tables `changed`, and
 * `changed_before` for an update's old rows), so that an import writing 500 variants in one statement updates
 * each product once, not once per variant. Each writes a product row only when its value changes.
 */
const postgresRefresh = (ids: string) => `
    update product p set stock_state = s.state from (
      select a.id, coalesce((select case
        when coalesce(sum(v.stock_quantity), 0) between 1 and ${LOW_STOCK_UNITS_AT_MIGRATION} then 'low'
        when coalesce(bool_or(v.stock_quantity > 0 or v.sellable_without_stock = 1), false) then 'in'
        else 'out' end from variant v where v.product_id = a.id and v.removed_at is null), 'out') as state
      from (${ids}) a) s
    where p.id = s.id and p.stock_state is distinct from s.state;`;
const postgresOnSale = (ids: string) => `
    update product p set on_sale = s.flag from (
      select a.id, case when exists (select 1 from variant v join variant_price vp on vp.variant_id = v.id
        where v.product_id = a.id and vp.sale_price is not null) then 1 else 0 end as flag
      from (${ids}) a) s
    where p.id = s.id and p.on_sale <> s.flag;`;
const postgresFrontImage = (ids: string) => `
    update product p set has_front_image = s.flag from (
      select a.id, case when exists (select 1 from product_image i
        where i.product_id = a.id and i.asset_name = 'front') then 1 else 0 end as flag
      from (${ids}) a) s
    where p.id = s.id and p.has_front_image <> s.flag;`;

export const POSTGRES_FUNCTIONS = [
  `create function variant_list_state() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' then
      ${postgresRefresh("select product_id as id from changed union select product_id from changed_before")}
      ${postgresOnSale(
        `select n.product_id as id from changed n join changed_before o on o.id = n.id
          where o.product_id <> n.product_id
        union select o.product_id from changed n join changed_before o on o.id = n.id
          where o.product_id <> n.product_id`,
      )}
    elsif tg_op = 'INSERT' then
      ${postgresRefresh("select distinct product_id as id from changed")}
    else
      ${postgresRefresh("select distinct product_id as id from changed")}
      ${postgresOnSale("select distinct product_id as id from changed")}
    end if;
    return null;
  end $$`,
  `create function variant_price_list_state() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' then
      ${postgresOnSale(
        `select distinct v.product_id as id from variant v where v.id in (
          select variant_id from changed union select variant_id from changed_before)`,
      )}
    elsif tg_op = 'INSERT' then
      update product set on_sale = 1 where on_sale <> 1 and id in (
        select v.product_id from variant v join changed c on c.variant_id = v.id where c.sale_price is not null);
    else
      ${postgresOnSale(
        "select distinct v.product_id as id from variant v join changed c on c.variant_id = v.id where c.sale_price is not null",
      )}
    end if;
    return null;
  end $$`,
  `create function product_image_list_state() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' then
      ${postgresFrontImage("select product_id as id from changed union select product_id from changed_before")}
    elsif tg_op = 'INSERT' then
      update product set has_front_image = 1 where has_front_image <> 1
        and id in (select product_id from changed where asset_name = 'front');
    else
      ${postgresFrontImage("select distinct product_id as id from changed where asset_name = 'front'")}
    end if;
    return null;
  end $$`,
];

const POSTGRES_TRIGGERS = [
  `create trigger variant_list_state_insert after insert on variant
    referencing new table as changed for each statement execute function variant_list_state()`,
  `create trigger variant_list_state_update after update on variant
    referencing new table as changed old table as changed_before for each statement execute function variant_list_state()`,
  `create trigger variant_list_state_delete after delete on variant
    referencing old table as changed for each statement execute function variant_list_state()`,
  `create trigger variant_price_list_state_insert after insert on variant_price
    referencing new table as changed for each statement execute function variant_price_list_state()`,
  `create trigger variant_price_list_state_update after update on variant_price
    referencing new table as changed old table as changed_before
    for each statement execute function variant_price_list_state()`,
  `create trigger variant_price_list_state_delete after delete on variant_price
    referencing old table as changed for each statement execute function variant_price_list_state()`,
  `create trigger product_image_list_state_insert after insert on product_image
    referencing new table as changed for each statement execute function product_image_list_state()`,
  `create trigger product_image_list_state_update after update on product_image
    referencing new table as changed old table as changed_before
    for each statement execute function product_image_list_state()`,
  `create trigger product_image_list_state_delete after delete on product_image
    referencing old table as changed for each statement execute function product_image_list_state()`,
];

/** Languages of the name index's row ids (`product_id * 4 + n`): LANGUAGES' order. */
const NAME_INDEX_LANGUAGE = `case %.language when 'de' then 0 when 'fr' then 1 when 'en' then 2 else 3 end`;
const nameRowId = (row: string) => `${row}.product_id * 4 + ${NAME_INDEX_LANGUAGE.replace("%", row)}`;

export async function up(db: MigrationDb): Promise<void> {
  const postgres = dialect(db) === "postgres";
  await db.schema
    .alterTable("product")
    .addColumn("stock_state", "text", (c) => c.notNull().defaultTo("out"))
    .execute();
  await db.schema
    .alterTable("product")
    .addColumn("on_sale", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("product")
    .addColumn("has_front_image", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  if (postgres) {
    for (const statement of [...POSTGRES_FUNCTIONS, ...POSTGRES_TRIGGERS]) await sql.raw(statement).execute(db);
    await sql
      .raw(`update product set
        stock_state = coalesce((select case
          when coalesce(sum(stock_quantity), 0) between 1 and ${LOW_STOCK_UNITS_AT_MIGRATION} then 'low'
          when coalesce(bool_or(stock_quantity > 0 or sellable_without_stock = 1), false) then 'in'
          else 'out' end from variant where product_id = product.id and removed_at is null), 'out'),
        on_sale = case when exists (select 1 from variant v join variant_price vp on vp.variant_id = v.id
          where v.product_id = product.id and vp.sale_price is not null) then 1 else 0 end,
        has_front_image = case when exists (select 1 from product_image
          where product_id = product.id and asset_name = 'front') then 1 else 0 end`)
      .execute(db);
  } else {
    for (const statement of SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
    await sql
      .raw(`update product set stock_state = ${sqliteStockState("product.id")},
        on_sale = ${sqliteOnSale("product.id")}, has_front_image = ${sqliteFrontImage("product.id")}`)
      .execute(db);
  }
  // The filters read these in the list's order (newest id first).
  await db.schema.createIndex("product_stock_state_idx").on("product").columns(["stock_state", "id"]).execute();
  await db.schema.createIndex("product_on_sale_idx").on("product").columns(["on_sale", "id"]).execute();
  await db.schema.createIndex("product_front_image_idx").on("product").columns(["has_front_image", "id"]).execute();
  // The category filter reads the products of its categories from the index alone.
  await db.schema
    .createIndex("product_category_cat_product_idx")
    .on("product_category")
    .columns(["category_id", "product_id"])
    .execute();

  // One or two letters, which no trigram finds, scan the names in this index, not the rows with their
  // descriptions. The name leads: an index led by the language would be chosen by SQLite for every lookup of a
  // product's texts in one language (and read a whole language's names each time).
  await db.schema
    .createIndex("product_translation_name_idx")
    .on("product_translation")
    .columns(["name", "language", "product_id"])
    .execute();

  // Names, searched anywhere in them (`%text%`): a trigram index.
  if (postgres) {
    // pg_trgm ships with PostgreSQL (contrib) and is a trusted extension (PostgreSQL 13+). It goes into `public`
    // once per database, never into a shop's schema (dropping that schema would take it from every other shop).
    // Without it (a server without contrib, no right to create it) the search works on, unindexed.
    await sql`savepoint product_name_trgm`.execute(db);
    try {
      const { rows } = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db);
      const schema = rows[0]?.schema ?? "public";
      if (!rows[0]) await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql
        .raw(
          `create index product_translation_name_trgm_idx on product_translation
            using gin (name "${schema.replace(/"/g, '""')}".gin_trgm_ops)`,
        )
        .execute(db);
      await sql`release savepoint product_name_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint product_name_trgm`.execute(db);
    }
  } else {
    // A contentless FTS5 table with the trigram tokenizer (case and accents folded), one row per product and
    // language: row id `product_id * 4 + language`. Triggers keep it with product_translation.
    await sql
      .raw(
        `create virtual table product_name_index using fts5(name, content='', contentless_delete=1,
          tokenize='trigram remove_diacritics 1')`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into product_name_index(rowid, name) select ${nameRowId("product_translation")}, name
          from product_translation`,
      )
      .execute(db);
    for (const statement of [
      `create trigger product_name_index_insert after insert on product_translation begin
        insert into product_name_index(rowid, name) values (${nameRowId("new")}, new.name);
      end`,
      `create trigger product_name_index_update after update of name, product_id, language on product_translation begin
        delete from product_name_index where rowid = ${nameRowId("old")};
        insert into product_name_index(rowid, name) values (${nameRowId("new")}, new.name);
      end`,
      `create trigger product_name_index_delete after delete on product_translation begin
        delete from product_name_index where rowid = ${nameRowId("old")};
      end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  }
}

export async function down(db: MigrationDb): Promise<void> {
  const postgres = dialect(db) === "postgres";
  if (postgres) {
    await sql`drop index if exists product_translation_name_trgm_idx`.execute(db);
    for (const [trigger, table] of [
      ["variant_list_state_insert", "variant"],
      ["variant_list_state_update", "variant"],
      ["variant_list_state_delete", "variant"],
      ["variant_price_list_state_insert", "variant_price"],
      ["variant_price_list_state_update", "variant_price"],
      ["variant_price_list_state_delete", "variant_price"],
      ["product_image_list_state_insert", "product_image"],
      ["product_image_list_state_update", "product_image"],
      ["product_image_list_state_delete", "product_image"],
    ]) {
      await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
    }
    for (const fn of ["variant_list_state()", "variant_price_list_state()", "product_image_list_state()"]) {
      await sql.raw(`drop function if exists ${fn}`).execute(db);
    }
  } else {
    for (const trigger of [
      "product_name_index_insert",
      "product_name_index_update",
      "product_name_index_delete",
      "variant_list_state_insert",
      "variant_list_state_update",
      "variant_list_state_move",
      "variant_list_state_delete",
      "variant_price_list_state_insert",
      "variant_price_list_state_update",
      "variant_price_list_state_delete",
      "product_image_list_state_insert",
      "product_image_list_state_update",
      "product_image_list_state_delete",
    ]) {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    }
    await sql`drop table if exists product_name_index`.execute(db);
  }
  await db.schema.dropIndex("product_translation_name_idx").execute();
  await db.schema.dropIndex("product_category_cat_product_idx").execute();
  await db.schema.dropIndex("product_front_image_idx").execute();
  await db.schema.dropIndex("product_on_sale_idx").execute();
  await db.schema.dropIndex("product_stock_state_idx").execute();
  await db.schema.alterTable("product").dropColumn("has_front_image").execute();
  await db.schema.alterTable("product").dropColumn("on_sale").execute();
  await db.schema.alterTable("product").dropColumn("stock_state").execute();
}
