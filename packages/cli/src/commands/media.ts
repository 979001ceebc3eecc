import { readFile, stat } from "node:fs/promises";
import {
  type AltTexts,
  addProductPicture,
  failureAnswer,
  failureExitCode,
  LANGUAGES,
  listProductPictures,
  type MediaFailure,
  moveProductPicture,
  removeProductPicture,
  setProductPictureAlt,
} from "@vitrine/commerce";
import { type Command, type CommandContext, UsageError } from "../cli.ts";

/**
 * `vitrine media …`: a product's pictures, as the back office's picture screen does them (upload through the image
 * pipeline, order, alt texts, removal). Every change is audited and reaches every running shop process through the
 * event feed.
 */

const ALT_OPTIONS = {
  "alt-de": { type: "string", description: "German alt text" },
  "alt-fr": { type: "string", description: "French alt text" },
  "alt-en": { type: "string", description: "English alt text" },
} as const;

function productArg(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError("PRODUCT must be a product number");
  return id;
}

function altOptions(ctx: CommandContext): AltTexts {
  const alts: AltTexts = {};
  for (const language of LANGUAGES) {
    const value = ctx.options[`alt-${language}`];
    if (typeof value === "string") alts[language] = value;
  }
  return alts;
}

function refused(ctx: CommandContext, failure: MediaFailure): number {
  ctx.err(`Refused: ${failure.detail}`);
  return failureExitCode(failureAnswer(failure));
}

/** A picture named by its position in the list (1 = front) or by its path. */
async function pictureArg(ctx: CommandContext, product: number, which: string | undefined): Promise<string> {
  const listed = await listProductPictures(await ctx.ctx(), product);
  if (!listed.ok) throw new UsageError(listed.detail);
  const { pictures } = listed.value;
  const position = Number(which);
  const picture = Number.isInteger(position)
    ? pictures[position - 1]
    : pictures.find((p) => p.path === which || p.path === `media/${which}`);
  if (!picture)
    throw new UsageError(`PICTURE must be a position (1–${pictures.length}) or a path of product ${product}`);
  return picture.path;
}

export const mediaCommands: Command[] = [
  {
    path: ["media", "list"],
    summary: "List a product's pictures in order, with their alt texts",
    usage: "vitrine media list PRODUCT",
    args: [1, 1],
    async run(ctx) {
      const product = productArg(ctx.args[0]);
      const listed = await listProductPictures(await ctx.ctx(), product);
      if (!listed.ok) return refused(ctx, listed);
      const { product: p, pictures } = listed.value;
      ctx.out(`${p.brand} ${p.name} (${p.id}): ${pictures.length} picture(s)`);
      for (const [index, picture] of pictures.entries()) {
        const size = picture.uploaded ? `  ${picture.uploaded.width}x${picture.uploaded.height}` : "";
        ctx.out(`  ${index + 1}. ${picture.path}${size}`);
        for (const language of LANGUAGES) {
          const alt = picture.alt[language];
          if (alt) ctx.out(`     alt ${language}: ${alt}`);
        }
      }
      return 0;
    },
  },
  {
    path: ["media", "add"],
    summary: "Upload a photo (JPEG, PNG, WebP, AVIF) as the last picture of a product",
    usage: "vitrine media add PRODUCT FILE [--alt-de TEXT] [--alt-fr TEXT] [--alt-en TEXT]",
    details:
      "The photo is checked (type, MEDIA_MAX_BYTES, MEDIA_MAX_DIMENSION, MEDIA_MAX_PIXELS) and rendered as AVIF and WebP at the storefront's widths; a refused file is not stored.",
    options: ALT_OPTIONS,
    args: [2, 2],
    async run(ctx) {
      const product = productArg(ctx.args[0]);
      const file = ctx.args[1] as string;
      let body: Buffer;
      try {
        // Refused before reading a file far over the limit into memory.
        if ((await stat(file)).size > ctx.config.MEDIA_MAX_BYTES) {
          ctx.err(`Refused: ${file} is larger than ${Math.floor(ctx.config.MEDIA_MAX_BYTES / 1_000_000)} MB.`);
          return 1;
        }
        body = await readFile(file);
      } catch (error) {
        ctx.err(`Cannot read ${file}: ${(error as Error).message}`);
        return 1;
      }
      const started = performance.now();
      const result = await addProductPicture(await ctx.ctx(), ctx.actor(), product, body, altOptions(ctx));
      if (!result.ok) return refused(ctx, result);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const size = result.value.uploaded ? ` ${result.value.uploaded.width}x${result.value.uploaded.height}` : "";
      ctx.out(`Added ${result.value.path}${size} to product ${product} (${seconds} s)`);
      return 0;
    },
  },
  {
    path: ["media", "alt"],
    summary: "Set the alt texts of a product's picture",
    usage: "vitrine media alt PRODUCT PICTURE [--alt-de TEXT] [--alt-fr TEXT] [--alt-en TEXT]",
    details: 'PICTURE: its position (1 = front) or path. An empty text (--alt-fr "") removes that language\'s.',
    options: ALT_OPTIONS,
    args: [2, 2],
    async run(ctx) {
      const product = productArg(ctx.args[0]);
      const path = await pictureArg(ctx, product, ctx.args[1]);
      const result = await setProductPictureAlt(await ctx.ctx(), ctx.actor(), product, path, altOptions(ctx));
      if (!result.ok) return refused(ctx, result);
      ctx.out(result.value.changed ? `Changed the alt texts of ${path}` : `Nothing changed for ${path}`);
      return 0;
    },
  },
  {
    path: ["media", "move"],
    summary: "Move a product's picture one place up or down (the first is the front picture)",
    usage: "vitrine media move PRODUCT PICTURE up|down",
    args: [3, 3],
    async run(ctx) {
      const product = productArg(ctx.args[0]);
      const direction = ctx.args[2];
      if (direction !== "up" && direction !== "down") throw new UsageError("the direction must be up or down");
      const path = await pictureArg(ctx, product, ctx.args[1]);
      const result = await moveProductPicture(await ctx.ctx(), ctx.actor(), product, path, direction);
      if (!result.ok) return refused(ctx, result);
      ctx.out(
        result.value.changed
          ? `Moved ${path} ${direction}`
          : `${path} is already at the ${direction === "up" ? "top" : "bottom"}`,
      );
      return 0;
    },
  },
  {
    path: ["media", "remove"],
    summary: "Take a picture off a product",
    usage: "vitrine media remove PRODUCT PICTURE",
    details: "PICTURE: its position (1 = front) or path.",
    args: [2, 2],
    async run(ctx) {
      const product = productArg(ctx.args[0]);
      const path = await pictureArg(ctx, product, ctx.args[1]);
      const result = await removeProductPicture(await ctx.ctx(), ctx.actor(), product, path);
      if (!result.ok) return refused(ctx, result);
      ctx.out(`Removed ${path} from product ${product}`);
      return 0;
    },
  },
];
