import type { Command } from "../cli.ts";
import { backupCommands } from "./backup.ts";
import { categoryCommands } from "./categories.ts";
import { contentCommands } from "./content.ts";
import { coreCommands } from "./core.ts";
import { customerCommands } from "./customers.ts";
import { giftCardCommands } from "./gift-cards.ts";
import { jobCommands } from "./jobs.ts";
import { mediaCommands } from "./media.ts";
import { orderCommands } from "./orders.ts";
import { productEditingCommands } from "./product-editing.ts";
import { productCommands } from "./products.ts";
import { promotionCommands } from "./promotions.ts";
import { returnCommands } from "./returns.ts";
import { searchCommands } from "./search.ts";
import { settingsCommands } from "./settings.ts";
import { staffCommands } from "./staff.ts";
import { storeCommands } from "./stores.ts";
import { vocabularyCommands } from "./vocabulary.ts";

/** Every command of the `vitrine` CLI. Each module adds its own list here. */
export const commands: Command[] = [
  ...coreCommands,
  ...contentCommands,
  ...orderCommands,
  ...returnCommands,
  ...customerCommands,
  ...giftCardCommands,
  ...searchCommands,
  ...jobCommands,
  ...backupCommands,
  ...staffCommands,
  ...vocabularyCommands,
  ...promotionCommands,
  ...mediaCommands,
  ...productCommands,
  ...storeCommands,
  ...productEditingCommands,
  ...categoryCommands,
  ...settingsCommands,
];
