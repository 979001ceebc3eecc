import {
  MEDIA_CONTENT_TYPES,
  mediaPublicUrl,
  mediaStoreFor,
  mediaWidths,
  parseMediaKey,
  parseRenditionName,
  renditionName,
  shopLogoImage,
} from "@vitrine/commerce";
import { isIconSet, renderIconSprite } from "../components/icons/sprite.server.tsx";
import { requestedBannerSize } from "../content/images.ts";
import { BUILD_ID } from "../lib/build.ts";
import { servicesContext } from "../lib/context.ts";
import { isErrorPictureSize, renderErrorPicture } from "../lib/error-art.server.ts";
import type { Route } from "./+types/images";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** The error picture's path does not change with its drawing: cache it for a day only. */
const DAY = "public, max-age=86400";

/**
 * Product and banner images generated as SVG: `/images/demo/{type}/{colour}/{pattern}/{view}.svg` and
 * `/images/banner/{type}/{colour}.svg`, the error screen's picture `/images/error/{small|medium|large}.svg` and
 * the icon sprites `/images/icons/{set}.svg?v={build}`. The product and banner paths name everything the picture
 * shows, so they never change; a sprite is kept for good under its build's id. Uploaded pictures' renditions
 * `/images/media/{key}/{width}.{avif|webp}` come from the media store; their key names their content, as the shop
 * logo's `/images/shop-logo/{hash}.png` does.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  if (path.startsWith("media/")) {
    return mediaRendition(path.slice("media/".length), request, context.get(servicesContext));
  }
  // The shop's logo (shop settings): its address names its content.
  const logo = /^shop-logo\/([0-9a-f]{16})\.png$/.exec(path)?.[1];
  if (logo) {
    const png = await shopLogoImage(context.get(servicesContext), logo);
    if (png) {
      return new Response(png, {
        headers: { "content-type": "image/png", "cache-control": IMMUTABLE, "x-content-type-options": "nosniff" },
      });
    }
  }
  let svg: string | undefined;
  let cacheControl = IMMUTABLE;
  const banner = /^banner\/([a-z]+)\/([a-z]+)\.svg$/.exec(path);
  if (path.startsWith("demo/") || banner) {
    // The demo catalogue's pictures: the drawing code loads on the first one, never for a shop without demo data.
    const { parseDemoImagePath, renderBannerSvg, renderProductSvg } = await import("@vitrine/demo-data/images");
    const product = parseDemoImagePath(path);
    if (product) svg = renderProductSvg(product.type, product.colorId, product.pattern, product.view);
    if (banner) {
      // Content blocks ask for the size they show the banner at (`?w=…&h=…`).
      svg = renderBannerSvg(banner[1] as string, banner[2] as string, ...requestedBannerSize(new URL(request.url)));
    }
  }
  const error = /^error\/([a-z]+)\.svg$/.exec(path);
  if (error && isErrorPictureSize(error[1] as string)) {
    svg = renderErrorPicture(error[1] as "small");
    cacheControl = DAY;
  }
  const iconSet = /^icons\/([a-z]+)\.svg$/.exec(path)?.[1];
  if (iconSet && isIconSet(iconSet)) {
    svg = renderIconSprite(iconSet);
    if (new URL(request.url).searchParams.get("v") !== BUILD_ID) cacheControl = DAY;
  }
  if (!svg) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": cacheControl,
      "x-content-type-options": "nosniff",
    },
  });
}

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });

/**
 * A rendition `{key}/{width}.{format}`, or for the bare `{key}` (where a page or mail names the picture by its
 * catalogue URL: basket lines, zoom, social previews) the largest, in AVIF when the browser takes it.
 */
async function mediaRendition(
  name: string,
  request: Request,
  services: { config: Parameters<typeof mediaStoreFor>[0] },
) {
  let rendition = parseRenditionName(name);
  const negotiated = !rendition;
  const key = parseMediaKey(name);
  if (!rendition && key) {
    const format = (request.headers.get("accept") ?? "").includes("image/avif") ? "avif" : "webp";
    const width = mediaWidths(key.width).at(-1) as number;
    rendition = parseRenditionName(renditionName(key.key, width, format));
  }
  if (!rendition) return notFound();
  const stored = renditionName(rendition.key, rendition.width, rendition.format);
  // Pictures in a public bucket (MEDIA_S3_PUBLIC_URL) are fetched from there: a lasting redirect, kept for good.
  const publicUrl = mediaPublicUrl(services.config, stored);
  if (publicUrl) {
    return new Response(null, {
      status: 308,
      headers: { location: publicUrl, "cache-control": IMMUTABLE, ...(negotiated ? { vary: "Accept" } : {}) },
    });
  }
  const body = await mediaStoreFor(services.config).get(stored);
  if (!body) return notFound();
  return new Response(body, {
    headers: {
      "content-type": MEDIA_CONTENT_TYPES[rendition.format],
      "content-length": String(body.byteLength),
      "cache-control": IMMUTABLE,
      ...(negotiated ? { vary: "Accept" } : {}),
      "x-content-type-options": "nosniff",
    },
  });
}
