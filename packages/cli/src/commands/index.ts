import type { Command } from "../cli.ts";
import { contentCommands } from "./content.ts";
import { coreCommands } from "./core.ts";
import { orderCommands } from "./orders.ts";

/** Every command of the `vitrine` CLI. Each module adds its own list here. */
export const commands: Command[] = [...coreCommands, ...contentCommands, ...orderCommands];
