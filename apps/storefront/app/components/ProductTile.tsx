import { formatMoney } from "@vitrine/commerce/money";
import { type PointerEvent, useState } from "react";
import { IMAGE_WIDTHS, type ImageCandidate, imageCandidate } from "../content/images.ts";
import { useT } from "../i18n/i18n.tsx";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import { Link } from "./Link.tsx";
import { Picture } from "./Picture.tsx";
import { WishlistHeart } from "./WishlistHeart.tsx";
import "../styles/product-tile.css";

/**
 * One product in a list: picture (a second view on hover), badges, brand, name and price. The whole tile is
 * clickable, but only the name is a link (one tab stop, a short accessible name). Data comes from
 * `productTileData()` in `app/lib/product-tile.server.ts`.
 */

/**
 * A tile's picture: its address, and whether the shop's image route can size it. The sizes it is offered in
 * (`srcset`, or AVIF and WebP of an upload) are derived where the tile renders (`tilePicture`): a listing sends 48
 * pictures, and their four sizes each were a third of its page data.
 */
export interface ProductTileImage {
  url: string;
  resizable: boolean;
  alt: string;
}

/** Product pictures are 3:4 portraits. */
const TILE_ASPECT = [3, 4] as const;

/** The picture's sources at the tile's widths. */
function tilePicture(image: ProductTileImage): ImageCandidate {
  return imageCandidate(image.url, TILE_ASPECT, IMAGE_WIDTHS.tile, image.resizable);
}

export type ProductBadge =
  | { kind: "sale"; percent: number }
  | { kind: "new" }
  | { kind: "sold_out" }
  | { kind: "text"; label: string };

export interface ProductTileData {
  id: number;
  /** Path inside the store: `/p/{slug}-{id}/`. */
  href: string;
  brand: string;
  name: string;
  /** The name's language when it is a fallback (not the store's): marked with `lang`. */
  nameLang?: string;
  /** What the shopper pays, in cents (the cheapest sellable size). */
  price: number;
  /** The regular price in cents when the price is reduced. */
  oldPrice?: number;
  /** Sizes cost different amounts: the price shows as "from …". */
  fromPrice: boolean;
  badges: ProductBadge[];
  image?: ProductTileImage;
  /**
   * Second view shown while the pointer rests on the tile. Drawn once a mouse first enters the tile: never on a
   * touch screen, and not by the server (a listing's 48 second pictures were a tenth of its render, and a phone
   * downloaded them for nothing).
   */
  hoverImage?: ProductTileImage;
  colourCount: number;
  /** The colours of the product (its siblings), the shown one marked active. */
  swatches?: ProductSwatch[];
}

export interface ProductSwatch {
  href: string;
  label: string;
  /** CSS colour. */
  color: string;
  active: boolean;
}

/** Swatches shown on a tile; more colours show as "+n". */
const MAX_SWATCHES = 5;

export interface ProductTileProps {
  product: ProductTileData;
  /** `sizes` of the picture: how wide the tile is at each screen width. */
  sizes: string;
  headingLevel?: 2 | 3 | 4;
  /** Tiles in the first screen load their picture at once. */
  eager?: boolean;
  /** Called when the shopper follows the tile's link (click events of listings). */
  onFollow?: () => void;
  /**
   * The name as a plain link, for a list whose element turns link clicks into client navigations and prefetches
   * on intent itself (the listing's grid): a router link per tile costs more to render than the tile's picture.
   */
  plainLink?: boolean;
}

export function ProductTile({
  product,
  sizes,
  headingLevel = 3,
  eager = false,
  onFollow,
  plainLink = false,
}: ProductTileProps) {
  const t = useT();
  const { shop } = useStoreData();
  const Heading = `h${headingLevel}` as const;
  const price = formatMoney(product.price, shop);
  const soldOut = product.badges.some((b) => b.kind === "sold_out");
  const [hovered, setHovered] = useState(false);
  const hover = (event: PointerEvent) => {
    if (event.pointerType === "mouse") setHovered(true);
  };
  const name = (
    <>
      <span className="product-tile__brand">{product.brand}</span>
      <span className="product-tile__name" lang={product.nameLang}>
        {product.name}
      </span>
    </>
  );
  return (
    <article
      className={`product-tile${soldOut ? " product-tile--sold-out" : ""}`}
      onPointerEnter={product.hoverImage && !hovered ? hover : undefined}
    >
      <div className="product-tile__media">
        {product.image ? (
          <TilePicture
            image={product.image}
            className="product-tile__image"
            sizes={sizes}
            alt={product.image.alt}
            loading={eager ? "eager" : "lazy"}
          />
        ) : null}
        {product.hoverImage && hovered ? (
          <TilePicture
            image={product.hoverImage}
            className="product-tile__image product-tile__image--hover"
            sizes={sizes}
            alt=""
            loading="eager"
          />
        ) : null}
        {product.badges.length > 0 ? (
          <ul className="product-tile__badges">
            {product.badges.map((badge) => (
              <li
                key={badge.kind}
                className={`product-tile__badge product-tile__badge--${badge.kind.replaceAll("_", "-")}`}
              >
                {badgeLabel(badge, t)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {/* Over the picture but outside it: above the tile-wide link area, which covers the picture. */}
      <div className="product-tile__over-media">
        <WishlistHeart productId={product.id} name={product.name} />
      </div>
      <Heading className="product-tile__title">
        {plainLink ? (
          <a href={localizedPath(shop.code, product.href)} className="product-tile__link" onClick={onFollow}>
            {name}
          </a>
        ) : (
          <Link to={product.href} className="product-tile__link" onClick={onFollow}>
            {name}
          </Link>
        )}
      </Heading>
      <p className="product-tile__price">
        {product.oldPrice !== undefined ? (
          <>
            <span className="product-tile__current product-tile__current--sale">
              {product.fromPrice ? t("content.tile_from", { price }) : price}
            </span>{" "}
            <s className="product-tile__old">
              <span className="visually-hidden">{t("content.tile_old_price")} </span>
              {formatMoney(product.oldPrice, shop)}
            </s>
          </>
        ) : (
          <span className="product-tile__current">{product.fromPrice ? t("content.tile_from", { price }) : price}</span>
        )}
      </p>
      {product.colourCount > 1 ? (
        <p className={`product-tile__colours${product.swatches ? " visually-hidden" : ""}`}>
          {t("content.tile_colours", { count: product.colourCount })}
        </p>
      ) : null}
      {product.swatches && product.swatches.length > 1 ? <Swatches swatches={product.swatches} /> : null}
    </article>
  );
}

function TilePicture({
  image,
  className,
  sizes,
  alt,
  loading,
}: {
  image: ProductTileImage;
  className: string;
  sizes: string;
  alt: string;
  loading: "eager" | "lazy";
}) {
  const picture = tilePicture(image);
  return (
    <Picture
      className={className}
      sources={picture.sources}
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={picture.srcSet ? sizes : undefined}
      alt={alt}
      width={picture.width}
      height={picture.height}
      loading={loading}
      decoding="async"
    />
  );
}

/**
 * Colour dots linking to the other colours: for the pointer, named by their tooltip (the colour count above is what
 * is read out: the list is hidden from screen readers).
 */
function Swatches({ swatches }: { swatches: ProductSwatch[] }) {
  const { shop } = useStoreData();
  const more = swatches.length - MAX_SWATCHES;
  // Links side by side, not a list: hidden from screen readers, they need no list semantics (and a listing
  // renders them by the hundred).
  return (
    <p className="product-tile__swatches" aria-hidden="true">
      {swatches.slice(0, MAX_SWATCHES).map((swatch) => (
        // biome-ignore lint/a11y/useAnchorContent: hidden from screen readers (the list), named by its tooltip.
        <a
          key={swatch.href}
          href={localizedPath(shop.code, swatch.href)}
          tabIndex={-1}
          title={swatch.label}
          className={`product-tile__swatch${swatch.active ? " is-active" : ""}`}
          style={{ background: swatch.color }}
        />
      ))}
      {more > 0 ? <span className="product-tile__more">+{more}</span> : null}
    </p>
  );
}

function badgeLabel(badge: ProductBadge, t: ReturnType<typeof useT>): string {
  switch (badge.kind) {
    case "sale":
      return t("content.tile_sale", { percent: badge.percent });
    case "new":
      return t("content.tile_new");
    case "sold_out":
      return t("content.tile_sold_out");
    case "text":
      return badge.label;
  }
}
