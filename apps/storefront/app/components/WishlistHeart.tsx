import { type FormEvent, useEffect, useState } from "react";
import { useT } from "../i18n/i18n.tsx";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import { loadWishlistProducts, toggleWishlistProduct, useInWishlist } from "../lib/wishlist-hearts.ts";
import { WishlistIcon } from "./icons/ui.tsx";

/**
 * The heart on a product tile: adds the product to the wishlist or removes it (a toggle button with
 * `aria-pressed`), for guests as for customers. Without JavaScript it posts to the wishlist (`intent=toggle`),
 * which then shows the wishlist.
 */
export function WishlistHeart({ productId, name }: { productId: number; name: string }) {
  const t = useT();
  const { shop, shell } = useStoreData();
  const inWishlist = useInWishlist(productId);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => loadWishlistProducts(shop.shopId, shell.counts.wishlist), [shop.shopId, shell.counts.wishlist]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setFailed(false);
    try {
      await toggleWishlistProduct(shop.shopId, productId);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      method="post"
      action={localizedPath(shop.code, "/wishlist/")}
      className="product-tile__wishlist"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        name="intent"
        value="toggle"
        className={`tile-heart${inWishlist ? " tile-heart--active" : ""}`}
        aria-pressed={inWishlist}
        aria-busy={pending || undefined}
        title={failed ? t("product.wishlist_error") : undefined}
      >
        <WishlistIcon filled={inWishlist} size={20} />
        <span className="visually-hidden">{t("content.tile_wishlist", { name })}</span>
      </button>
    </form>
  );
}
