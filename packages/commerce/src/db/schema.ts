import type { Generated } from "kysely";
import type { AccountsTables } from "./tables/accounts.ts";
import type { AuditTables } from "./tables/audit.ts";
import type { BasketTables } from "./tables/basket.ts";
import type { CatalogImportTables } from "./tables/catalog-import.ts";
import type { EventTables } from "./tables/events.ts";
import type { JobTables } from "./tables/jobs.ts";
import type { MediaTables } from "./tables/media.ts";
import type { OrdersTables } from "./tables/orders.ts";
import type { StaffTables } from "./tables/staff.ts";

/**
 * Table types of the whole database. Portable across SQLite and PostgreSQL:
 * flags are integers 0/1, timestamps are ISO-8601 text in UTC, JSON is text, money is integer cents.
 * Each domain module declares its tables here under its own heading; modules only query their own tables.
 */

// --- catalogue ---------------------------------------------------------------------------------

export interface CategoryTable {
  id: number;
  parent_id: number | null;
  key: string;
  position: number;
  /** `regular`, `sale` (the sale category), `new` (new arrivals) or `outfits`. */
  kind: string;
  is_sale: number;
  tracking_key: string;
  shop_base_category: string;
  /** Product type the leaf sells (silhouette of the demo images); empty for inner nodes. */
  product_type: string;
  /** 1: out of the shop's menu and pages (migration 0030), with everything below it. */
  hidden: Generated<number>;
}

export interface CategoryTranslationTable {
  category_id: number;
  language: string;
  name: string;
  slug: string;
  description: string;
}

export interface ProductTable {
  id: number;
  master_key: string;
  reference_key: string;
  brand: string;
  product_type: string;
  color_id: string;
  pattern: string;
  /** JSON array of material ids. */
  material: string;
  fit: string | null;
  /** JSON array of care symbol ids. */
  care: string;
  season_month: number;
  season_year: number;
  campaign: string | null;
  arrival_date: string;
  promotion_id: string | null;
  /** JSON object of further attributes: key → list of value ids. */
  attributes: string;
  created_at: string;
  updated_at: string;
  /** `active` (in the shop), `hidden` or `archived` (out of the shop, kept): ProductStatus. */
  status: Generated<string>;
  /**
   * The back office list's filters, kept by database triggers on every write of variants, prices and pictures
   * (migration 0032): `out` (nothing sellable), `low` (1 to LOW_STOCK_UNITS units) or `in`.
   */
  stock_state: Generated<string>;
  /** 1 when any variant has a reduced price (any zone). Kept by triggers. */
  on_sale: Generated<number>;
  /** 1 when the product has its front picture. Kept by triggers. */
  has_front_image: Generated<number>;
}

/** A deleted product (its page answers 410 Gone) and its variants (open baskets say what was removed). */
export interface ProductTombstoneTable {
  id: number;
  reference_key: string;
  name: string;
  deleted_at: string;
  /** JSON: the product's name per language when it was deleted (migration 0030). */
  names: Generated<string>;
}

/** A catalogue import started in the back office: its progress and result (import-jobs.ts). */
export interface CatalogImportJobTable {
  id: string;
  format: string;
  file_name: string;
  actor: string;
  status: string;
  phase: string;
  done: number;
  total: number | null;
  /** JSON: the ImportResult, or `{ error }` when the import failed. */
  result: string | null;
  started_at: string;
  updated_at: string;
}

export interface ProductTombstoneVariantTable {
  variant_id: number;
  product_id: number;
}

export interface ProductTranslationTable {
  product_id: number;
  language: string;
  name: string;
  slug: string;
  short_description: string;
  description: string;
  free_text_badge: string | null;
  /**
   * The language the texts are in when the product has none in `language` (a fallback along LANGUAGE_FALLBACK,
   * migration 0017), else null. Every product has a row per language, so joins by language always find a name.
   */
  text_language: string | null;
}

export interface ProductCategoryTable {
  product_id: number;
  category_id: number;
  position: number;
}

export interface ProductImageTable {
  product_id: number;
  asset_name: string;
  position: number;
  path: string;
}

/** A row while a catalogue write works out the product list's columns itself (migration 0035). */
export interface ProductListStateDeferralTable {
  id: number;
}

export interface VariantTable {
  id: number;
  product_id: number;
  size: string;
  position: number;
  ean: string | null;
  stock_quantity: number;
  /** Raised by every stock movement; an export carries it (catalog/stock.ts). */
  stock_version: Generated<number>;
  sellable_without_stock: number;
  delivery_min_days: number;
  delivery_max_days: number;
  /** A size taken out of the product (migration 0030): kept for orders and returns, no longer sold. */
  removed_at: string | null;
}

export interface VariantPriceTable {
  variant_id: number;
  price_zone: string;
  currency: string;
  /** Regular price with tax, in cents. */
  list_price: number;
  /** Reduced price with tax, in cents, when the variant is reduced. */
  sale_price: number | null;
  reduction_category: string | null;
}

// --- promotions, outfits, physical stores ---------------------------------------------------------

export interface PromotionTable {
  id: string;
  priority: number;
  /** `automatic_discount` or `buy_x_get_y`. */
  effect_type: string;
  /** JSON: the effect's typed arguments. */
  effect: string;
  /** JSON: which products qualify (categories, brands, products). */
  conditions: string;
  color_hex: string;
  /** JSON: localized names { de, fr, en }. */
  names: string;
  /** JSON: list of store codes the promotion runs in. */
  store_codes: string;
  valid_from: string;
  valid_to: string;
}

export interface OutfitTable {
  id: number;
  /** JSON: localized names { de, fr, en }. */
  names: string;
  /** JSON: localized descriptions. */
  descriptions: string;
  gender: string;
  /** JSON array of product ids in display order. */
  product_ids: string;
}

export interface PhysicalStoreTable {
  id: string;
  name: string;
  street: string;
  zip_code: string;
  city: string;
  country_code: string;
  latitude: number;
  longitude: number;
  phone: string;
  email: string;
  /** JSON: seven entries Monday..Sunday, each `null` (closed) or ["09:30", "19:00"]. */
  opening_hours: string;
}

export interface StoreStockTable {
  store_id: string;
  variant_id: number;
  quantity: number;
}

// --- site: redirects, settings, content ----------------------------------------------------------

export interface RedirectTable {
  id: Generated<number>;
  /** Path inside a store, with leading and trailing slash: `/old-sale/`. */
  source_path: string;
  /** Store code, or `*` for every store. */
  store_code: string;
  /** An internal path (localized on use) or an absolute `http(s)://` address. */
  target: string;
  status_code: number;
  created_at: string;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface ContentEntryTable {
  id: Generated<number>;
  language: string;
  slug: string;
  /** `home`, `content` or `service`. */
  page_type: string;
  title: string;
  seo_title: string;
  seo_description: string;
  /** JSON: ordered list of blocks, as last saved (draft). */
  draft_blocks: string;
  /** JSON: ordered list of blocks as published, or null when never published. */
  published_blocks: string | null;
  published_at: string | null;
  updated_at: string;
  /** The page this entry translates (entries of one page in each language share it), or null for a single page. */
  page_key: string | null;
}

/** A published version of a content entry (migration 0025_content_versions). */
export interface ContentVersionTable {
  id: Generated<number>;
  entry_id: number;
  title: string;
  seo_title: string;
  seo_description: string;
  /** JSON: the blocks as published. */
  blocks: string;
  published_at: string;
  /** Who published: the actor's label (a staff e-mail, `cli:<user>`). */
  published_by: string;
  /** Why, when it was a roll-back: `roll-back to version 3`. */
  note: string | null;
}

export interface Database
  extends AuditTables,
    BasketTables,
    CatalogImportTables,
    AccountsTables,
    OrdersTables,
    EventTables,
    JobTables,
    MediaTables,
    StaffTables {
  category: CategoryTable;
  category_translation: CategoryTranslationTable;
  product: ProductTable;
  product_tombstone: ProductTombstoneTable;
  product_tombstone_variant: ProductTombstoneVariantTable;
  catalog_import_job: CatalogImportJobTable;
  product_translation: ProductTranslationTable;
  product_category: ProductCategoryTable;
  product_image: ProductImageTable;
  product_list_state_deferral: ProductListStateDeferralTable;
  variant: VariantTable;
  variant_price: VariantPriceTable;
  promotion: PromotionTable;
  outfit: OutfitTable;
  physical_store: PhysicalStoreTable;
  store_stock: StoreStockTable;
  redirect: RedirectTable;
  setting: SettingTable;
  content_entry: ContentEntryTable;
  content_version: ContentVersionTable;
}
