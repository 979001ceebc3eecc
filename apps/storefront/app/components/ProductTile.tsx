import { formatMoney } from "@vitrine/commerce/money";
import type { ImageSource } from "../content/images.ts";
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

export interface ProductTileImage {
  src: string;
  srcSet?: string;
  /** AVIF of an uploaded picture (the `src`/`srcSet` are its WebP). */
  sources?: ImageSource[];
  alt: string;
  width: number;
  height: number;
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
  /** Second view shown while the pointer rests on the tile. */
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
}

export function ProductTile({ product, sizes, headingLevel = 3, eager = false, onFollow }: ProductTileProps) {
  const t = useT();
  const { shop } = useStoreData();
  const Heading = `h${headingLevel}` as const;
  const price = formatMoney(product.price, shop);
  const soldOut = product.badges.some((b) => b.kind === "sold_out");
  return (
    <article className={`product-tile${soldOut ? " product-tile--sold-out" : ""}`}>
      <div className="product-tile__media">
        {product.image ? (
          <Picture
            className="product-tile__image"
            sources={product.image.sources}
            src={product.image.src}
            srcSet={product.image.srcSet}
            sizes={product.image.srcSet ? sizes : undefined}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        ) : null}
        {product.hoverImage ? (
          <Picture
            className="product-tile__image product-tile__image--hover"
            sources={product.hoverImage.sources}
            src={product.hoverImage.src}
            srcSet={product.hoverImage.srcSet}
            sizes={product.hoverImage.srcSet ? sizes : undefined}
            alt=""
            width={product.hoverImage.width}
            height={product.hoverImage.height}
            loading="lazy"
            decoding="async"
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
        <Link to={product.href} className="product-tile__link" onClick={onFollow}>
          <span className="product-tile__brand">{product.brand}</span>
          <span className="product-tile__name" lang={product.nameLang}>
            {product.name}
          </span>
        </Link>
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

/**
 * Colour dots linking to the other colours: for the pointer, named by their tooltip (the colour count above is what
 * is read out: the list is hidden from screen readers).
 */
function Swatches({ swatches }: { swatches: ProductSwatch[] }) {
  const { shop } = useStoreData();
  const more = swatches.length - MAX_SWATCHES;
  return (
    <ul className="product-tile__swatches" aria-hidden="true">
      {swatches.slice(0, MAX_SWATCHES).map((swatch) => (
        <li key={swatch.href}>
          {/* Plain links (a listing turns their clicks into client navigations): cheap to render by the dozen. */}
          {/* biome-ignore lint/a11y/useAnchorContent: hidden from screen readers (the list), named by its tooltip. */}
          <a
            href={localizedPath(shop.code, swatch.href)}
            tabIndex={-1}
            title={swatch.label}
            className={`product-tile__swatch${swatch.active ? " is-active" : ""}`}
            style={{ background: swatch.color }}
          />
        </li>
      ))}
      {more > 0 ? <li className="product-tile__more">+{more}</li> : null}
    </ul>
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
