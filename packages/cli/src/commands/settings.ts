import { readFile } from "node:fs/promises";
import {
  changeShopLogo,
  flatten,
  readShopLogo,
  readShopSettings,
  settingsPatch,
  updateShopSettings,
} from "@vitrine/commerce";
import { type Command, UsageError } from "../cli.ts";

/** A value as given on the command line: JSON where it is JSON (14, null, ["paypal"]), else the text itself. */
function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Shop settings from the command line: the same validated, audited service as the back office's settings screen
 * (`/admin/settings/`). Keys are the dotted fields `settings show` lists.
 */
export const settingsCommands: Command[] = [
  {
    path: ["settings", "show"],
    summary: "Print the shop settings, one key = value a line",
    usage: "vitrine settings show [PREFIX]",
    details:
      "Keys are dotted (name, returnDays, mail.fromAddress, stores.de.shipping.DE.freeFrom, stores.ch.payments); prices are in cents of the store's currency. PREFIX prints only the keys that start with it. Untouched settings show their defaults.",
    args: [0, 1],
    async run(ctx) {
      const shopCtx = await ctx.ctx();
      const prefix = ctx.args[0] ?? "";
      const [settings, logo] = await Promise.all([readShopSettings(shopCtx), readShopLogo(shopCtx)]);
      const all = {
        ...flatten(settings),
        // Set with `vitrine settings logo`, shown here with the rest.
        logo: logo ? `${logo.path} (${logo.width}×${logo.height})` : null,
      };
      const lines = Object.entries(all).filter(([key]) => key.startsWith(prefix));
      if (lines.length === 0) {
        ctx.err(`No setting starts with "${prefix}"`);
        return 1;
      }
      for (const [key, value] of lines) ctx.out(`${key} = ${JSON.stringify(value)}`);
      return 0;
    },
  },
  {
    path: ["settings", "set"],
    summary: "Change one shop setting",
    usage: "vitrine settings set KEY VALUE",
    details:
      'VALUE is read as JSON where it is JSON (30, null, ["paypal","credit_card"]), else as text ("Atelier Nord"). Prices are in cents: vitrine settings set stores.de.shipping.DE.freeFrom 7500. Checked like the back office\'s form; running shops follow within two seconds. Audited.',
    args: [2, 2],
    async run(ctx) {
      const [key, text] = ctx.args as [string, string];
      const current = flatten(await readShopSettings(await ctx.ctx()));
      if (!(key in current)) throw new UsageError(`Unknown setting "${key}" (see vitrine settings show)`);
      // A text field takes the text as given, even when it looks like JSON (a shop called "2024").
      const value = typeof current[key] === "string" ? text : parseValue(text);
      const result = await updateShopSettings(await ctx.ctx(), ctx.actor(), settingsPatch(key, value));
      if (!result.ok) {
        ctx.err(`Not saved: ${result.detail}`);
        return 1;
      }
      ctx.out(result.changed ? `${key} = ${JSON.stringify(flatten(result.settings)[key])}` : `${key} is unchanged`);
      return 0;
    },
  },
  {
    path: ["settings", "logo"],
    summary: "Set the shop's logo from a picture file, or remove it",
    usage: "vitrine settings logo FILE|--remove",
    details:
      "FILE is a PNG, JPEG or WebP of at most 1 MB; it is stored as a PNG of at most 600×160 pixels and shown in the header and mails. Audited.",
    args: [0, 1],
    options: { remove: { type: "boolean", description: "Remove the logo (header and mails show the name)" } },
    async run(ctx) {
      const file = ctx.args[0];
      if (!file && !ctx.options.remove) throw new UsageError("Give a picture file or --remove");
      let bytes: Uint8Array | null = null;
      if (file) {
        try {
          bytes = new Uint8Array(await readFile(file));
        } catch (error) {
          ctx.err(`Cannot read ${file}: ${(error as Error).message}`);
          return 1;
        }
      }
      const result = await changeShopLogo(await ctx.ctx(), ctx.actor(), bytes);
      if (!result.ok) {
        ctx.err(result.detail);
        return 1;
      }
      ctx.out(
        result.logo ? `Logo set: ${result.logo.path} (${result.logo.width}×${result.logo.height})` : "Logo removed",
      );
      return 0;
    },
  },
];
