import { createHash } from "node:crypto";
import { type Actor, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import type { Db } from "../db/database.ts";
import { publishEvents } from "../events/publish.ts";
import { parseJson } from "../json.ts";
import { getSetting, setSetting } from "./settings.ts";
import { SHOP_SETTINGS_KEY, SHOP_SETTINGS_TTL_MS } from "./shop-settings.ts";

/**
 * The shop's logo (shop settings): an uploaded JPEG, PNG or WebP, checked from its header, then drawn once as a PNG
 * of at most `LOGO_BOX` (header, checkout and mails show it; mail clients read PNG). Kept in the `setting` table
 * like the other settings, so every process serves it without shared storage, at `/images/shop-logo/<hash>.png`
 * (immutable: a new logo has a new address). Changes are audited and published as the settings' own
 * (`setting.changed` of `SHOP_SETTINGS_KEY`), so every process drops its reading and its cached pages.
 */

const LOGO_KEY = "shop_logo";
/** Largest upload, in bytes. */
export const LOGO_MAX_BYTES = 1_000_000;
/** The box the stored logo fits in, in pixels (twice the header's size, for sharp screens). */
export const LOGO_BOX = { width: 600, height: 160 };
const MAX_SOURCE_DIMENSION = 6000;

export interface ShopLogo {
  hash: string;
  width: number;
  height: number;
  /** Address of the PNG on the shop's own host. */
  path: string;
}

interface StoredLogo {
  hash: string;
  width: number;
  height: number;
  png: string;
}

export type LogoRefusal = "empty" | "too_large" | "not_an_image" | "unsupported_type" | "too_wide";

export type LogoResult = { ok: true; logo: ShopLogo | null } | { ok: false; error: LogoRefusal; detail: string };

const DETAILS: Record<LogoRefusal, string> = {
  empty: "The file is empty.",
  too_large: `The file is larger than ${LOGO_MAX_BYTES / 1_000_000} MB.`,
  not_an_image: "The file is not a picture.",
  unsupported_type: "Only JPEG, PNG and WebP pictures are taken.",
  too_wide: `The picture is wider or taller than ${MAX_SOURCE_DIMENSION} pixels.`,
};

const pathOf = (hash: string) => `/images/shop-logo/${hash}.png`;

function refOf(stored: StoredLogo): ShopLogo {
  return { hash: stored.hash, width: stored.width, height: stored.height, path: pathOf(stored.hash) };
}

async function readStored(ctx: Pick<Ctx, "db">): Promise<StoredLogo | null> {
  const stored = parseJson<StoredLogo | null>(await getSetting(ctx, LOGO_KEY), null);
  return stored && typeof stored.hash === "string" && typeof stored.png === "string" ? stored : null;
}

/** The logo as stored, read fresh (back office). */
export async function readShopLogo(ctx: Pick<Ctx, "db">): Promise<ShopLogo | null> {
  const stored = await readStored(ctx);
  return stored ? refOf(stored) : null;
}

const cache = new WeakMap<Db, { at: number; value: Promise<ShopLogo | null> }>();

/** The logo as the shop shows it (this process's reading, at most `SHOP_SETTINGS_TTL_MS` old); null: the name. */
export function shopLogo(ctx: Pick<Ctx, "db">, now = Date.now()): Promise<ShopLogo | null> {
  const cached = cache.get(ctx.db);
  if (cached && now - cached.at < SHOP_SETTINGS_TTL_MS) return cached.value;
  const value = readShopLogo(ctx);
  cache.set(ctx.db, { at: now, value });
  value.catch(() => cache.delete(ctx.db));
  return value;
}

/** Drops this process's reading of the logo (with `forgetShopSettings`). */
export function forgetShopLogo(db: Db): void {
  cache.delete(db);
}

/** The PNG of the logo with this hash (the current one only: an old address answers nothing). */
export async function shopLogoImage(ctx: Pick<Ctx, "db">, hash: string): Promise<Buffer<ArrayBuffer> | null> {
  const stored = await readStored(ctx);
  return stored && stored.hash === hash ? (Buffer.from(stored.png, "base64") as Buffer<ArrayBuffer>) : null;
}

/** Checks an upload and draws it as the stored PNG. */
export async function prepareLogo(
  input: Uint8Array,
): Promise<{ ok: true; logo: StoredLogo } | { ok: false; error: LogoRefusal; detail: string }> {
  const refuse = (error: LogoRefusal) => ({ ok: false as const, error, detail: DETAILS[error] });
  if (input.byteLength === 0) return refuse("empty");
  if (input.byteLength > LOGO_MAX_BYTES) return refuse("too_large");
  const { default: sharp } = await import("sharp");
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ format, width, height } = await sharp(input).metadata());
  } catch {
    return refuse("not_an_image");
  }
  if (format !== "jpeg" && format !== "png" && format !== "webp") return refuse("unsupported_type");
  if (!width || !height) return refuse("not_an_image");
  if (width > MAX_SOURCE_DIMENSION || height > MAX_SOURCE_DIMENSION) return refuse("too_wide");
  try {
    const { data, info } = await sharp(input, { failOn: "error", limitInputPixels: MAX_SOURCE_DIMENSION ** 2 })
      .autoOrient()
      .resize({ ...LOGO_BOX, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    const hash = createHash("sha256").update(data).digest("hex").slice(0, 16);
    return { ok: true, logo: { hash, width: info.width, height: info.height, png: data.toString("base64") } };
  } catch {
    return refuse("not_an_image");
  }
}

/** Sets (an upload) or removes (null) the logo: audited and published in one transaction. */
export async function changeShopLogo(ctx: Ctx, actor: Actor, input: Uint8Array | null): Promise<LogoResult> {
  const prepared = input ? await prepareLogo(input) : null;
  if (prepared && !prepared.ok) return prepared;
  const next = prepared?.logo ?? null;
  return withTransaction(ctx, async (tx): Promise<LogoResult> => {
    const before = await readStored(tx);
    if ((before?.hash ?? null) === (next?.hash ?? null)) return { ok: true, logo: next ? refOf(next) : null };
    const now = tx.clock.now();
    await setSetting(tx, LOGO_KEY, next ? JSON.stringify(next) : "null", now);
    await publishEvents(
      tx,
      [{ type: "setting.changed", entity: "setting", entityId: SHOP_SETTINGS_KEY, payload: { fields: ["logo"] } }],
      now,
    );
    await recordAudit(tx, actor, {
      action: next ? "settings.logo" : "settings.logo_removed",
      subjectType: "setting",
      subjectId: SHOP_SETTINGS_KEY,
      before: { logo: before?.hash ?? null },
      after: { logo: next?.hash ?? null },
    });
    cache.delete(ctx.db);
    return { ok: true, logo: next ? refOf(next) : null };
  });
}
