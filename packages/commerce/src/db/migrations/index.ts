import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_catalog.ts";
import * as m0003 from "./0003_basket.ts";
import * as m0004 from "./0004_accounts.ts";
import * as m0005 from "./0005_orders.ts";
import * as m0006 from "./0006_variant_stock_version.ts";
import * as m0007 from "./0007_events.ts";
import * as m0008 from "./0008_jobs.ts";
import * as m0010 from "./0010_address_line2.ts";
import * as m0011 from "./0011_content_page_key.ts";
import * as m0012 from "./0012_audit.ts";
import * as m0013 from "./0013_staff.ts";
import * as m0014 from "./0014_back_office.ts";
import * as m0015 from "./0015_payments_providers.ts";
import * as m0016 from "./0016_vocabulary.ts";
import * as m0017 from "./0017_partial_translations.ts";
import * as m0020 from "./0020_catalog_import.ts";
import * as m0021 from "./0021_catalog_admin.ts";
import * as m0022 from "./0022_catalog_import_job.ts";
import * as m0023 from "./0023_media.ts";
import * as m0025 from "./0025_content_versions.ts";
import * as m0027 from "./0027_payment_provider_check.ts";
import * as m0030 from "./0030_catalog_editing.ts";
import * as m0032 from "./0032_product_list_state.ts";
import * as m0033 from "./0033_product_image_path.ts";
import * as m0035 from "./0035_list_state_deferral.ts";
import * as m0036 from "./0036_attribute_value_labels.ts";

/**
 * The commerce modules' migrations, in order (the search package brings its own: `searchMigrations`; the
 * numbers share one sequence). A static list (not a folder scan) so that the bundled storefront server and the
 * CLI run the same set. Add new files at the end; never edit one that has landed.
 */
export const migrations: Record<string, Migration> = {
  "0001_catalog": m0001,
  "0003_basket": m0003,
  "0004_accounts": m0004,
  "0005_orders": m0005,
  "0006_variant_stock_version": m0006,
  "0007_events": m0007,
  "0008_jobs": m0008,
  "0010_address_line2": m0010,
  "0011_content_page_key": m0011,
  "0012_audit": m0012,
  "0013_staff": m0013,
  "0014_back_office": m0014,
  "0015_payments_providers": m0015,
  "0016_vocabulary": m0016,
  "0017_partial_translations": m0017,
  "0020_catalog_import": m0020,
  "0021_catalog_admin": m0021,
  "0022_catalog_import_job": m0022,
  "0023_media": m0023,
  "0025_content_versions": m0025,
  "0027_payment_provider_check": m0027,
  "0030_catalog_editing": m0030,
  "0032_product_list_state": m0032,
  "0033_product_image_path": m0033,
  "0035_list_state_deferral": m0035,
  "0036_attribute_value_labels": m0036,
};
