import {
  addPhysicalStore,
  getPhysicalStore,
  listPhysicalStores,
  loadProductStoreStock,
  type PhysicalStoreInput,
  type PhysicalStoreRecord,
  removePhysicalStore,
  type StoreChangeResult,
  type StoreStockChange,
  setProductStoreStock,
  updatePhysicalStore,
} from "@vitrine/commerce";
import { type Command, type CommandContext, type OptionSpec, UsageError } from "../cli.ts";

/**
 * Physical stores from the command line (`vitrine stores …`): the same audited services as the back office's stores
 * screen and its stock per size and store. Running shops follow every change within two seconds.
 */

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const STORE_OPTIONS: Record<string, OptionSpec> = {
  name: { type: "string", description: "Name shown in the store finder" },
  street: { type: "string", description: "Street and number" },
  zip: { type: "string", description: "Postcode" },
  city: { type: "string", description: "City" },
  country: { type: "string", description: "DE, AT or CH" },
  lat: { type: "string", description: "Latitude (53.5526)" },
  lng: { type: "string", description: "Longitude (9.9928)" },
  phone: { type: "string", description: "Phone number" },
  email: { type: "string", description: "E-mail address" },
  hours: {
    type: "string",
    description:
      'Monday to Sunday, comma separated: "10:00-20:00" or "closed" each (one entry alone applies to every day)',
  },
};

/** `10:00-20:00,…,closed` → the seven days; an entry that is not a time range is kept for the check to name. */
export function parseHours(text: string): PhysicalStoreInput["openingHours"] {
  const entries = text.split(",").map((e) => e.trim());
  if (entries.length !== 1 && entries.length !== 7)
    throw new UsageError(`--hours needs 7 entries (Monday to Sunday) or one for every day, got ${entries.length}`);
  const days = entries.length === 1 ? Array.from({ length: 7 }, () => entries[0] as string) : entries;
  return days.map((entry) => {
    if (/^(closed|-|)$/i.test(entry)) return null;
    const [opens = "", closes = ""] = entry.split(/\s*[-–]\s*/);
    return [opens, closes] as [string, string];
  });
}

function formatHours(hours: PhysicalStoreRecord["openingHours"]): string {
  return hours.map((h, i) => `${DAYS[i]} ${h ? `${h[0]}-${h[1]}` : "closed"}`).join(", ");
}

function option(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.options[name];
  return typeof value === "string" ? value : undefined;
}

function inputOf(ctx: CommandContext, base?: PhysicalStoreRecord): PhysicalStoreInput {
  const hours = option(ctx, "hours");
  return {
    name: option(ctx, "name") ?? base?.name ?? "",
    street: option(ctx, "street") ?? base?.street ?? "",
    zipCode: option(ctx, "zip") ?? base?.zipCode ?? "",
    city: option(ctx, "city") ?? base?.city ?? "",
    countryCode: option(ctx, "country") ?? base?.countryCode ?? "",
    latitude: option(ctx, "lat") ?? (base ? String(base.latitude) : ""),
    longitude: option(ctx, "lng") ?? (base ? String(base.longitude) : ""),
    phone: option(ctx, "phone") ?? base?.phone ?? "",
    email: option(ctx, "email") ?? base?.email ?? "",
    openingHours: hours !== undefined ? parseHours(hours) : (base?.openingHours ?? parseHours("closed")),
  };
}

/** The refused fields, one line each, in the option names of this command. */
const OPTION_OF: Record<string, string> = {
  zipCode: "--zip",
  countryCode: "--country",
  latitude: "--lat",
  longitude: "--lng",
  id: "--id",
};
const FIELD_MESSAGE: Record<string, string> = {
  required: "is required",
  too_long: "is too long",
  id_format: "may hold only a-z, 0-9 and -, at most 60 characters",
  id_taken: "is in use by another store",
  country: "must be DE, AT or CH",
  number: "must be a number like 53.5526",
  latitude: "must be between -90 and 90",
  longitude: "must be between -180 and 180",
  outside_region: "lies outside Germany, Austria and Switzerland (latitude and longitude swapped?)",
  phone: "may hold only digits, spaces and + ( ) / - .",
  email: "is not an e-mail address",
  time: "needs times like 09:30-18:00, or closed",
  closes_before_opens: "closes before it opens",
  quantity: "must be a whole number from 0 to 99999",
};

function reportFailure(ctx: CommandContext, result: Exclude<StoreChangeResult, { ok: true }>): number {
  if (result.error !== "InvalidInput") {
    ctx.err(result.detail);
    return 1;
  }
  for (const [field, code] of Object.entries(result.fields)) {
    const day = /^hours\.(\d)$/.exec(field);
    const name = day ? `--hours (${DAYS[Number(day[1])]})` : (OPTION_OF[field] ?? `--${field}`);
    ctx.err(`${name} ${FIELD_MESSAGE[code] ?? code}`);
  }
  return 1;
}

export const storeCommands: Command[] = [
  {
    path: ["stores", "list"],
    summary: "List the physical stores (the store finder's)",
    usage: "vitrine stores list",
    async run(ctx) {
      const stores = await listPhysicalStores(await ctx.ctx());
      if (stores.length === 0) ctx.out("No stores (the shop shows no store finder and offers no returns in stores)");
      for (const s of stores) {
        ctx.out(`${s.id.padEnd(28)} ${s.countryCode}  ${s.name} · ${s.street}, ${s.zipCode} ${s.city}`);
        ctx.out(`${"".padEnd(32)}${formatHours(s.openingHours)}`);
      }
      return 0;
    },
  },
  {
    path: ["stores", "add"],
    summary: "Add a physical store",
    usage:
      'vitrine stores add --name NAME --street STREET --zip ZIP --city CITY --country DE|AT|CH --lat LAT --lng LNG --email EMAIL [--phone PHONE] [--hours "10:00-20:00,…,closed"] [--id ID]',
    details:
      "Every wrong option is named at once. The id is made from the name unless --id gives one. The store finder, the 'available in store' filter and the shop's texts about stores follow within two seconds. Audited.",
    options: { ...STORE_OPTIONS, id: { type: "string", description: "The store's id (a-z, 0-9, -)" } },
    async run(ctx) {
      const input = inputOf(ctx);
      const id = option(ctx, "id");
      const result = await addPhysicalStore(await ctx.ctx(), ctx.actor(), id ? { ...input, id } : input);
      if (!result.ok) return reportFailure(ctx, result);
      ctx.out(`Added store ${result.store.id}: ${result.store.name}, ${result.store.city}`);
      return 0;
    },
  },
  {
    path: ["stores", "edit"],
    summary: "Change a physical store (only the options given)",
    usage: 'vitrine stores edit ID [--name NAME] [--hours "10:00-20:00,…,closed"] [--phone PHONE] …',
    details: "Options left out keep their value. Audited with the fields that changed.",
    args: [1, 1],
    options: STORE_OPTIONS,
    async run(ctx) {
      const id = ctx.args[0] as string;
      const shopCtx = await ctx.ctx();
      const current = await getPhysicalStore(shopCtx, id);
      if (!current) {
        ctx.err(`No store ${id}`);
        return 1;
      }
      const result = await updatePhysicalStore(shopCtx, ctx.actor(), id, inputOf(ctx, current));
      if (!result.ok) return reportFailure(ctx, result);
      ctx.out(result.changed ? `Saved store ${id}` : `Store ${id} is unchanged`);
      return 0;
    },
  },
  {
    path: ["stores", "remove"],
    summary: "Remove a physical store",
    usage: "vitrine stores remove ID [--with-stock]",
    details:
      "A store that still holds stock is refused, unless --with-stock removes its stock with it (recorded in the audit log).",
    args: [1, 1],
    options: { "with-stock": { type: "boolean", description: "Remove the store's stock too" } },
    async run(ctx) {
      const id = ctx.args[0] as string;
      const result = await removePhysicalStore(await ctx.ctx(), ctx.actor(), id, {
        withStock: ctx.options["with-stock"] === true,
      });
      if (!result.ok) {
        ctx.err(result.error === "Conflict" ? `${result.detail} (--with-stock)` : result.detail);
        return 1;
      }
      const { variants, pieces } = result.removedStock;
      ctx.out(
        variants > 0
          ? `Removed store ${id} and its stock (${pieces} piece(s) in ${variants} size(s))`
          : `Removed store ${id}`,
      );
      return 0;
    },
  },
  {
    path: ["stores", "stock"],
    summary: "Show or set a product's stock in the physical stores",
    usage: "vitrine stores stock PRODUCT [STORE:SIZE=QUANTITY …]",
    details:
      "Without changes it prints each size's quantity in each store. STORE:SIZE=QUANTITY sets one (0 removes it); all are saved in one transaction, or none when one is wrong. The 'available in store' filter follows within two seconds. Audited.",
    args: [1, 200],
    async run(ctx) {
      const productId = Number(ctx.args[0]);
      if (!Number.isSafeInteger(productId) || productId <= 0)
        throw new UsageError(`PRODUCT must be a product id, got "${ctx.args[0]}"`);
      const shopCtx = await ctx.ctx();
      const current = await loadProductStoreStock(shopCtx, productId);
      if (!current) {
        ctx.err(`No product ${productId}`);
        return 1;
      }
      const sets = ctx.args.slice(1);
      if (sets.length > 0) {
        const changes: StoreStockChange[] = [];
        for (const set of sets) {
          const match = /^([a-z0-9-]+):(.+)=(.*)$/.exec(set);
          if (!match) throw new UsageError(`Expected STORE:SIZE=QUANTITY, got "${set}"`);
          const [, storeId = "", size = "", quantity = ""] = match;
          const variant = current.variants.find((v) => v.size.toLowerCase() === size.toLowerCase());
          if (!variant) {
            ctx.err(
              `Product ${productId} has no size ${size} (sizes: ${current.variants.map((v) => v.size).join(", ")})`,
            );
            return 1;
          }
          changes.push({ variantId: variant.id, storeId, quantity });
        }
        const result = await setProductStoreStock(shopCtx, ctx.actor(), productId, changes);
        if (!result.ok) {
          if (result.error === "InvalidInput") {
            for (const field of Object.keys(result.fields)) {
              const [, variantId, storeId] = field.split(".");
              const size = current.variants.find((v) => String(v.id) === variantId)?.size;
              ctx.err(`${storeId}:${size} ${FIELD_MESSAGE.quantity}`);
            }
          } else ctx.err(result.detail);
          return 1;
        }
        ctx.out(`Saved ${result.changed} quantit${result.changed === 1 ? "y" : "ies"} of product ${productId}`);
        return 0;
      }
      if (current.stores.length === 0) {
        ctx.out("No stores");
        return 0;
      }
      ctx.out(["size".padEnd(8), ...current.stores.map((s) => s.id)].join("  "));
      for (const v of current.variants)
        ctx.out(
          [v.size.padEnd(8), ...current.stores.map((s) => String(v.quantities[s.id] ?? 0).padStart(s.id.length))].join(
            "  ",
          ),
        );
      return 0;
    },
  },
];
